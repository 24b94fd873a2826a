// Seeds of the .res target: packs the client could ship, built with the res writer from the O3D
// seeds (a model with its .chr and .ani companions), in both time_t widths, plain and enciphered.
import { writeRes, type WriteResOptions } from '@relic3d/res';
import { corpusSeeds, readerSeeds } from './seeds.js';
import type { Seed } from './types.js';

const LAYOUTS: { label: string; options: WriteResOptions }[] = [
  { label: 'plain, 4-byte times', options: { key: 0 } },
  { label: 'enciphered, 4-byte times', options: { key: 0x5a, encrypted: true } },
  { label: 'enciphered, 8-byte times', options: { key: 0xc7, encrypted: true, timeBytes: 8 } },
];

/** One pack per O3D seed and layout (synthetic seeds first, then at most 6 small corpus models). */
export function resSeeds(): Seed[] {
  const o3d = [...readerSeeds('o3d'), ...corpusSeeds('o3d').sort((a, b) => a.bytes.length - b.bytes.length).slice(0, 6)];
  const seeds: Seed[] = [];
  o3d.forEach((seed, i) => {
    const files = [{ name: seed.fileName.toLowerCase(), bytes: seed.bytes }, ...Object.entries(seed.companions).map(([name, bytes]) => ({ name: name.toLowerCase(), bytes }))];
    const unique = files.filter((f, j) => files.findIndex((g) => g.name === f.name) === j);
    const layout = LAYOUTS[i % LAYOUTS.length];
    seeds.push({ name: `${seed.source}:${seed.fileName} (${layout.label})`, fileName: `pack${i}.res`, bytes: writeRes(unique, layout.options), companions: {}, source: seed.source });
  });
  return seeds;
}
