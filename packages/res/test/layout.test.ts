// The layout as the client's CResFile::AddResource reads it (docs/formats/res.md §1–3), spelled
// out byte by byte here, and the cipher written again from its formula, independently of src/.
import { describe, expect, it } from 'vitest';
import { openRes, writeRes } from '../src/index.js';

/** On reading the client maps b → nibble-swap(~b ^ key); the packer stores the inverse. */
const decipher = (key: number, b: number) => {
  const x = (~b ^ key) & 0xff;
  return ((x << 4) | (x >> 4)) & 0xff;
};
const encipher = (key: number, plain: number) => {
  for (let b = 0; b < 256; b++) if (decipher(key, b) === plain) return b;
  throw new Error('no byte');
};

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

// Two entries, 4-byte time_t: "a.o3d" (3 bytes) and "B.chr" (2 bytes).
const plainHeader = [
  ...ascii('v0.1\0\0\0'), // version char[7]
  0x02, 0x00, // file count
  0x05, 0x00, ...ascii('a.o3d'), ...le32(3), ...le32(1_000_000_000), ...le32(6 + 47), // name, size, time, offset
  0x05, 0x00, ...ascii('B.chr'), ...le32(2), ...le32(1_100_000_000), ...le32(6 + 47 + 3),
];
const bodies = [0x10, 0x20, 0x30, 0xfe, 0xff];

describe('a hand-written two-entry pack', () => {
  it('has a header of 7 + 2 + 2 × 19 = 47 bytes', () => expect(plainHeader.length).toBe(47));

  for (const [key, encrypted] of [[0x00, false], [0x5a, true], [0xff, true]] as const) {
    const expected = Uint8Array.from([
      key, encrypted ? 1 : 0, ...le32(47),
      ...plainHeader.map((b) => encipher(key, b)),
      ...bodies.map((b) => (encrypted ? encipher(key, b) : b)),
    ]);

    it(`key 0x${key.toString(16)}, bodies ${encrypted ? 'enciphered' : 'plain'}: the packer writes exactly these bytes`, () => {
      const written = writeRes(
        [
          { name: 'a.o3d', bytes: Uint8Array.from(bodies.slice(0, 3)), time: 1_000_000_000 },
          { name: 'B.chr', bytes: Uint8Array.from(bodies.slice(3)), time: 1_100_000_000 },
        ],
        { key, encrypted, version: 'v0.1' },
      );
      expect([...written]).toEqual([...expected]);
    });

    it(`key 0x${key.toString(16)}: the reader lists both entries and deciphers their bodies`, () => {
      const pack = openRes(expected);
      expect(pack).toMatchObject({ key, encrypted, headerSize: 47, version: 'v0.1', timeBytes: 4 });
      expect(pack.entries).toEqual([
        { name: 'a.o3d', size: 3, time: 1_000_000_000, offset: 53 },
        { name: 'B.chr', size: 2, time: 1_100_000_000, offset: 56 },
      ]);
      expect([...pack.read('A.O3D')]).toEqual([0x10, 0x20, 0x30]);
      expect([...pack.read(pack.entries[1])]).toEqual([0xfe, 0xff]);
    });
  }

  it('with key 0 the header bytes are the bitwise complement, nibbles swapped: "v" 0x76 is stored as 0x98', () => {
    const written = writeRes([], { version: 'v' });
    expect([...written.subarray(0, 8)]).toEqual([0, 0, 9, 0, 0, 0, 0x98, 0xff]);
  });

  it('with an 8-byte time_t each entry is 4 bytes longer, and the reader tells which width it is', () => {
    const files = [
      { name: 'a.o3d', bytes: Uint8Array.of(1), time: 2 ** 33 + 5 },
      { name: 'b.ani', bytes: Uint8Array.of(2, 3), time: 7 },
    ];
    const wide = writeRes(files, { key: 0x33, timeBytes: 8 });
    const narrow = writeRes(files.map((f) => ({ ...f, time: 7 })), { key: 0x33 });
    expect(new DataView(wide.buffer).getInt32(2, true)).toBe(9 + 2 * (2 + 5 + 4 + 8 + 4));
    expect(wide.length - narrow.length).toBe(8);
    const pack = openRes(wide);
    expect(pack.timeBytes).toBe(8);
    expect(pack.entries.map((e) => [e.name, e.time, e.size])).toEqual([['a.o3d', 2 ** 33 + 5, 1], ['b.ani', 7, 2]]);
    expect([...pack.read('b.ani')]).toEqual([2, 3]);
    expect(openRes(narrow).timeBytes).toBe(4);
  });
});
