// The .res mutators (src/mutate/res.ts) hit the fields they name, and thousands of mutated packs
// built from synthetic and corpus Flyff files give the reader only FormatErrors.
import { describe, expect, it } from 'vitest';
import { isFormatError } from '@relic3d/core';
import { openRes, writeRes } from '@relic3d/res';
import { corpusFiles, readCorpusFile, rng } from '@relic3d/test-harness';
import { applyOne, byteMutators } from '../src/mutate/bytes.js';
import { resFields, resMutators } from '../src/mutate/res.js';

const seeds: Uint8Array[] = [
  writeRes([{ name: 'a.o3d', bytes: new Uint8Array(64).map((_, i) => i) }, { name: 'B.o3d', bytes: new Uint8Array(9) }], { key: 0x33, encrypted: true }),
  writeRes([{ name: 'mvr_x.chr', bytes: new Uint8Array(40).fill(1), time: 2 ** 33 }, { name: 'mvr_x_stand.ani', bytes: new Uint8Array(3) }], { key: 200, timeBytes: 8 }),
  writeRes(
    corpusFiles('o3d')
      .filter((e) => e.bytes < 20_000)
      .slice(0, 12)
      .map((e) => ({ name: e.file, bytes: readCorpusFile(e) })),
    { key: 0x5a, encrypted: true },
  ),
];

const readAll = (bytes: Uint8Array) => {
  const pack = openRes(bytes);
  for (const entry of pack.entries) pack.read(entry);
  return pack.entries.length;
};

describe('.res mutators', () => {
  it('find every entry of an enciphered header', () => {
    const fields = resFields(seeds[0])!;
    expect(fields.entries.length).toBe(2);
    expect(String.fromCharCode(...fields.header.subarray(fields.entries[1].name, fields.entries[1].size))).toBe('B.o3d');
  });

  it('each mutation is refused with a FormatError or still reads; nothing else escapes', () => {
    const random = rng(27);
    let refused = 0;
    let read = 0;
    const labels = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const seed = seeds[i % seeds.length];
      const m = applyOne(i % 4 ? resMutators : byteMutators, seed, random, { donors: seeds });
      labels.add(m.label.split(' ')[0]);
      try {
        readAll(m.bytes);
        read++;
      } catch (e) {
        if (!isFormatError(e)) throw new Error(`${m.label}: ${String(e)}`);
        refused++;
      }
    }
    // Both outcomes happen: the mutations are neither all harmless nor all rejected at byte 0.
    expect(refused).toBeGreaterThan(500);
    expect(read).toBeGreaterThan(50);
    for (const name of ['res.headerSize', 'res.count', 'res.nameLength', 'res.name', 'res.size', 'res.offset', 'res.cut']) expect(labels).toContain(name);
  });
});
