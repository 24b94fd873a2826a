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

/**
 * Deciphers `bytes` in place (b → nibble-swap(~b ^ key)), four bytes at a time where the array is
 * word-aligned: the cipher works within each byte, so one 32-bit step does four. bench:res measures
 * it against the table; returns `bytes`.
 */
export function decipher(bytes: Uint8Array, key: number): Uint8Array {
  let i = 0;
  if (bytes.byteOffset % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
    const key32 = (key & 0xff) * 0x01010101;
    for (let w = 0; w < words.length; w++) {
      const x = ~words[w] ^ key32;
      words[w] = ((x & 0x0f0f0f0f) << 4) | ((x >>> 4) & 0x0f0f0f0f);
    }
    i = words.length << 2;
  }
  // The unaligned rest (at most the whole array when it starts off a word): the table, built only then.
  if (i < bytes.length) mapBytes(bytes.subarray(i), decipherTable(key));
  return bytes;
}
