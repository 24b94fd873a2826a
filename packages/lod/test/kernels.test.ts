import { validateScene } from '@relic3d/core';
import { activePath, ready, supported } from '@relic3d/kernels';
import { corpusFiles, readCorpusFile, sceneDifferences } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parse, parseSync, readLod } from '../src/index.js';
import { everythingFile } from '@relic3d/fixtures/lod-files';
import { lodFile, msl1, skl1, type MeshSpec } from '@relic3d/fixtures/lod';

const bones = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, parent: i - 1, name: `b${i}` }));

/** Files that reach every kernel call: index widening of 1/2/4-byte lists, unwelding, both weight record sizes. */
function syntheticInputs(): [string, Uint8Array][] {
  const weighted = (boneCount: number, perVertex: [number, number][][]): MeshSpec => ({
    name: 'w',
    mode: 3,
    positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0],
    uvSets: [[0, 0, 1, 0, 0, 1, 1, 1], [0, 0, 1, 1]],
    weights: { bonesPerVertex: 6, perVertex },
    groups: [{ faceType: 2, name: 'g', materials: ['a', 'b'], vertex: [0, 1, 2, 2, 1, 3], smooth: [1, 2], uv: [[0, 1, 2, 2, 1, 3], [0, 1, 1, 0, 1, 1]] }],
    boneCount,
  });
  const many: [number, number][] = [[0, 0.1], [1, 0.3], [2, 0.05], [1, 0.2], [3, 0.25], [4, 0.1]];
  const wide = (n: number): MeshSpec => {
    const positions = Array.from({ length: n * 3 }, (_, i) => (i * 7919) % 13);
    const vertex = Array.from({ length: 3 * 40 }, (_, i) => (i * 104729) % n);
    return { name: `wide ${n}`, mode: 2, positions, uvSets: [[]], groups: [{ faceType: 1, name: 'g', materials: [''], vertex }], boneCount: 0 };
  };
  return [
    ['every chunk', everythingFile()],
    ['5-byte weight records, two UV sets', lodFile([skl1(bones(5)), msl1([weighted(5, [[[0, 1]], many, [[2, 0.5], [3, 0.5]], [[4, 1]]])])])],
    ['6-byte weight records', lodFile([skl1(bones(200)), msl1([weighted(200, [[[199, 1]], many.map(([b, w]) => [b + 150, w]), [[2, 0.5], [130, 0.5]], [[4, 1]]])])])],
    ['2-byte indices', lodFile([msl1([wide(300)])])],
    ['4-byte indices', lodFile([msl1([wide(70000)])])],
  ];
}

describe('kernels: the WASM and TypeScript paths give identical scenes', () => {
  it('async parse awaits ready() before parsing, so it runs on WASM where supported', async () => {
    const bytes = everythingFile();
    const scene = await parse(bytes);
    expect(validateScene(scene)).toEqual([]);
    if (supported) expect(activePath()).not.toBe('js');
    expect(sceneDifferences(scene, await parse(bytes, { kernels: 'js' }))).toEqual([]);
  });

  it.each(syntheticInputs())('synthetic: %s', async (_name, bytes) => {
    await ready();
    const wasm = parseSync(bytes, { kernels: 'wasm' });
    const js = parseSync(bytes, { kernels: 'js' });
    expect(validateScene(wasm)).toEqual([]);
    expect(sceneDifferences(readLod(bytes, { kernels: 'wasm' }), readLod(bytes, { kernels: 'js' }))).toEqual([]);
    expect(sceneDifferences(wasm, js)).toEqual([]);
    expect(wasm.meshes.length).toBeGreaterThan(0);
  });

  const files = corpusFiles('lod', '.lod');
  it.skipIf(files.length === 0).each(files.map((f) => [f.file, f] as const))('corpus: %s', async (_name, entry) => {
    await ready();
    const bytes = readCorpusFile(entry);
    for (const upAxis of ['y', 'z'] as const) {
      const wasm = parseSync(bytes, { kernels: 'wasm', upAxis });
      const js = parseSync(bytes, { kernels: 'js', upAxis });
      expect(validateScene(wasm)).toEqual([]);
      expect(sceneDifferences(wasm, js)).toEqual([]);
      expect(wasm.meshes[0].primitives.length).toBe(4);
    }
  });
});
