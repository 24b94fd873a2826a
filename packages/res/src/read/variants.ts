// Private-server packs that are not the retail layout (docs/formats/res.md §6), named where their
// preamble tells them apart, so a user learns which scheme it is instead of reading garbage.

/** A short description of the non-retail scheme `bytes` looks like, or undefined. */
export function identifyVariant(head: Uint8Array, packSize: number): string | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const aesHeader = (flagAt: number) => {
    if (head.length < flagAt + 5 || head[flagAt] > 1) return false;
    const size = view.getInt32(flagAt + 1, true);
    return size > 0 && size % 16 === 0 && flagAt + 5 + size <= packSize;
  };
  // Kiasti/FlyFFCryptTool resource.h: HdrAesGOW is flag u8, header size i32, then an AES-enciphered header.
  if (aesHeader(0)) return 'a pack in the AES "GoW" scheme (flag, size, AES-enciphered header)';
  // HdrAesAzure: CRC u16, version i16, flag u8, header size i32; names replaced by CRCs.
  if (aesHeader(4)) return 'a pack in the AES "Azure" scheme (CRC names)';
  return undefined;
}
