// Synthetic Flyff files for the hardening test and the fuzzer (tooling/fuzz/src/seeds.ts).
import type { SyntheticSeed } from '@relic3d/test-harness';
import { translationMatrix, writeO3d, writeSampleO3d } from './writer.js';

/** The sample (with its .chr and .ani), a file with everything embedded, and one with LOD groups. */
export function syntheticSeeds(): SyntheticSeed[] {
  const sample = writeSampleO3d();
  const geometry = {
    vertices: [{ p: [0, 0, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [3, 0] as [number, number] }, { p: [1, 0, 0] as [number, number, number] }, { p: [0, 1, 0] as [number, number, number] }],
    indices: [0, 1, 2],
    materials: [{ texture: 'a.dds' }],
  };
  const embedded = writeO3d({
    name: 'x.o3d',
    version: 21,
    frameCount: 2,
    collision: { vertices: geometry.vertices, indices: [0, 1, 2] },
    skeleton: { base: [translationMatrix(0, 0, 0), translationMatrix(0, 1, 0)], inverse: [translationMatrix(0, 0, 0), translationMatrix(0, -1, 0)] },
    groups: [[{ type: 1, geometry }, { type: 0, parent: 1, parentType: 2, tm: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 1, 0, 0]], geometry }]],
    attributes: [{ flags: 1, soundId: 2, frame: 0 }, { flags: 0, soundId: 0, frame: 1 }],
  });
  const lods = writeO3d({
    name: 'lods.o3d',
    version: 22,
    lod: true,
    frameCount: 3,
    groups: [0, 1, 2].map((g) => [{ type: 0, geometry, tm: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, g, 0, 0], [0, 0, 0, 1, 0, g, 0]] }, { type: 0, parent: 0, parentType: 1, geometry }]),
  });
  return [
    { name: 'sample with .chr and .ani', fileName: 'mvr_sample.o3d', bytes: sample.o3d, companions: { 'mvr_sample.chr': sample.chr, 'mvr_sample_sway.ani': sample.ani }, motions: ['sway'] },
    { name: 'embedded skeleton, TM keys, collision, attributes', fileName: 'x.o3d', bytes: embedded },
    { name: 'three LOD groups with TM keys', fileName: 'lods.o3d', bytes: lods },
  ];
}
