import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { ready } from '@relic3d/kernels';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLod, readLod } from '../src/index.js';
import { everythingFile, staticMesh } from './fixtures.js';
import { lodFile, man1, mmd1, msl1, pxi1, pxl1, skl1, type MeshSpec } from './writer.js';

const weighted: MeshSpec = {
  name: 'w',
  mode: 3,
  positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
  uvSets: [[0, 0, 1, 0, 0, 1], [0, 0, 1, 1]],
  weights: { bonesPerVertex: 2, perVertex: [[[0, 1]], [[1, 0.5], [0, 0.5]], [[1, 1]]] },
  groups: [{ faceType: 2, name: 'g', materials: ['a', 'b'], vertex: [0, 1, 2], smooth: [3], uv: [[0, 1, 2], [0, 1, 1]] }],
  boneCount: 2,
};

const interleavedUv: MeshSpec = {
  name: 'lm',
  mode: 3,
  positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
  uvSets: [[0, 0, 1, 0, 0, 1], [0.5, 0.5, 1, 1]],
  uvLayout: 'interleaved',
  groups: [{ faceType: 2, name: 'g', materials: ['', ''], vertex: [0, 1, 2], smooth: [1], uv: [[0, 1, 2], [0, 1, 1]] }],
  boneCount: 0,
};

const wideWeights: MeshSpec = {
  name: 'w6',
  mode: 2,
  positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
  uvSets: [[0, 0]],
  weights: { bonesPerVertex: 3, perVertex: [[[129, 1]], [[128, 0.5], [3, 0.5]], [[0, 0.2], [1, 0.3], [140, 0.5]]] },
  groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2], uv: [[0, 0, 0]] }],
  boneCount: 150,
};

const synthetic: [string, Uint8Array][] = [
  ['every chunk', everythingFile()],
  ['static mode 3', lodFile([msl1([staticMesh])])],
  [
    'weights, two UV sets, morph, proxy',
    lodFile([
      skl1([{ id: 0, parent: -1, name: 'a' }, { id: 1, parent: 0, name: 'b' }]),
      msl1([weighted]),
      man1([{ name: 'c', colliderName: 'k', parentId: -1, parentBone: 0, proxyId: -1, bones: [{ name: 't', parentId: -1 }], animations: [{ name: 'x', mode: 2, interval: 100, frames: 2 }] }], 32),
      mmd1([{ meshIndex: 0, meshName: 'w', collectionName: 'c', frames: [[0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 0, 1, 1, 0, 1, 0, 1, 1]] }]),
      pxl1([pxi1(0, [{ name: 'p', parent: -1, source: 0, position: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }], 54)]),
    ]),
  ],
  ['two UV sets interleaved, 6-byte weights', lodFile([skl1(Array.from({ length: 150 }, (_, i) => ({ id: i, parent: i - 1, name: `b${i}` }))), msl1([interleavedUv, wideWeights])])],
];

describe('hardening: only FormatError escapes', () => {
  // The WASM kernels are fuzzed too: the default runs use them, the z-up runs force the TypeScript path.
  beforeAll(() => ready());

  it.each(synthetic)('synthetic: %s', async (name, bytes) => {
    expect(() => parseLod(bytes)).not.toThrow();
    await expectHardened((b) => parseLod(b), bytes, { name: `lod ${name}` });
    await expectHardened((b) => parseLod(b, { upAxis: 'z', kernels: 'js' }), bytes, { name: `lod ${name} z-up`, iterations: 24 });
  });

  const files = corpusFiles('lod', '.lod');
  it.skipIf(files.length === 0).each(files.map((f) => [f.file, f] as const))('corpus: %s', async (name, entry) => {
    const bytes = readCorpusFile(entry);
    await expectHardened((b) => parseLod(b), bytes, { name: `lod ${name}` });
    await expectHardened((b) => readLod(b), bytes, { name: `lod raw ${name}`, iterations: 24, samples: 32 });
  });
});
