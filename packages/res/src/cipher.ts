// The byte cipher of retail packs (docs/formats/res.md §2): on reading, b → nibble-swap(~b ^ key).

/**
 * The 256 deciphered values for one key, built once per pack. Not for speed (bench:res: the
 * formula per byte runs as fast), but so deciphering and enciphering are one inverse table pair.
 */
export function decipherTable(key: number): Uint8Array {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    const x = ~b ^ key;
    table[b] = ((x << 4) | ((x >> 4) & 0x0f)) & 0xff;
  }
  return table;
}

/** The inverse table: what the packer stores for each plain byte. */
export function encipherTable(key: number): Uint8Array {
  const plain = decipherTable(key);
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) table[plain[b]] = b;
  return table;
}

/** Maps every byte of `bytes` through `table`, in place; returns `bytes`. */
export function mapBytes(bytes: Uint8Array, table: Uint8Array): Uint8Array {
  for (let i = 0; i < bytes.length; i++) bytes[i] = table[bytes[i]];
  return bytes;
}
