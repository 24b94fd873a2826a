// The word-at-a-time decipher equals the client's per-byte rule (b → nibble-swap(~b ^ key)) for every
// key, alignment and tail length, and inverts the packer's enciphering.
import { describe, expect, it } from 'vitest';
import { decipher } from '../src/cipher.js';
import { decipherTable, encipherTable } from '../src/index.js';

const perByte = (b: number, key: number) => {
  const x = ~b ^ key;
  return ((x << 4) | ((x >> 4) & 0x0f)) & 0xff;
};

describe('decipher', () => {
  it('equals the per-byte rule for every key, at every alignment and tail length', () => {
    const data = Uint8Array.from({ length: 1031 }, (_, i) => (i * 167 + 13) & 0xff);
    for (const key of [0, 1, 0x5a, 0xc7, 0xff]) {
      for (let start = 0; start < 4; start++) {
        for (const length of [0, 1, 3, 4, 5, 1024, 1027]) {
          const backing = new Uint8Array(start + length);
          backing.set(data.subarray(0, length), start);
          const view = backing.subarray(start);
          decipher(view, key);
          expect([...view], `key ${key}, start ${start}, length ${length}`).toEqual([...data.subarray(0, length)].map((b) => perByte(b, key)));
        }
      }
      expect([...decipherTable(key)]).toEqual(Array.from({ length: 256 }, (_, b) => perByte(b, key)));
    }
  });

  it('inverts enciphering', () => {
    const plain = Uint8Array.from({ length: 4099 }, (_, i) => (i * 31) & 0xff);
    const table = encipherTable(0x3c);
    const stored = plain.map((b) => table[b]);
    expect([...decipher(stored, 0x3c)]).toEqual([...plain]);
  });
});
