// Synthetic LODka3D files for the hardening test and the fuzzer (tooling/fuzz/src/seeds.ts).
import type { SyntheticSeed } from '@relic3d/test-harness';
import { everythingFile, staticMesh } from './fixtures.js';
import { lodFile, man1, mmd1, msl1, pxi1, pxl1, skl1, type FaceGroupSpec, type MeshSpec } from './writer.js';

/** The triangle (0,0,0) (1,0,0) (0,1,0) as one face group 'g'; `mesh` and `group` give the rest. */
function triangle(mesh: Omit<MeshSpec, 'positions' | 'groups'>, group: Omit<FaceGroupSpec, 'name' | 'vertex'>): MeshSpec {
  return { ...mesh, positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], groups: [{ ...group, name: 'g', vertex: [0, 1, 2] }] };
}

export function syntheticSeeds(): SyntheticSeed[] {
  const weighted = triangle(
    { name: 'w', mode: 3, uvSets: [[0, 0, 1, 0, 0, 1], [0, 0, 1, 1]], weights: { bonesPerVertex: 2, perVertex: [[[0, 1]], [[1, 0.5], [0, 0.5]], [[1, 1]]] }, boneCount: 2 },
    { faceType: 2, materials: ['a', 'b'], smooth: [3], uv: [[0, 1, 2], [0, 1, 1]] },
  );
  const interleavedUv = triangle(
    { name: 'lm', mode: 3, uvSets: [[0, 0, 1, 0, 0, 1], [0.5, 0.5, 1, 1]], uvLayout: 'interleaved', boneCount: 0 },
    { faceType: 2, materials: ['', ''], smooth: [1], uv: [[0, 1, 2], [0, 1, 1]] },
  );
  const wideWeights = triangle(
    { name: 'w6', mode: 2, uvSets: [[0, 0]], weights: { bonesPerVertex: 3, perVertex: [[[129, 1]], [[128, 0.5], [3, 0.5]], [[0, 0.2], [1, 0.3], [140, 0.5]]] }, boneCount: 150 },
    { faceType: 1, materials: [''], uv: [[0, 0, 0]] },
  );
  const morph = lodFile([
    skl1([{ id: 0, parent: -1, name: 'a' }, { id: 1, parent: 0, name: 'b' }]),
    msl1([weighted]),
    man1([{ name: 'c', colliderName: 'k', parentId: -1, parentBone: 0, proxyId: -1, bones: [{ name: 't', parentId: -1 }], animations: [{ name: 'x', mode: 2, interval: 100, frames: 2 }] }], 32),
    mmd1([{ meshIndex: 0, meshName: 'w', collectionName: 'c', frames: [[0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 0, 1, 1, 0, 1, 0, 1, 1]] }]),
    pxl1([pxi1(0, [{ name: 'p', parent: -1, source: 0, position: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }], 54)]),
  ]);
  const wide = lodFile([skl1(Array.from({ length: 150 }, (_, i) => ({ id: i, parent: i - 1, name: `b${i}` }))), msl1([interleavedUv, wideWeights])]);
  return [
    { name: 'every chunk', fileName: 'every.lod', bytes: everythingFile() },
    { name: 'static mode 3', fileName: 'static.lod', bytes: lodFile([msl1([staticMesh])]) },
    { name: 'weights, two UV sets, morph, proxy', fileName: 'morph.lod', bytes: morph },
    { name: 'two UV sets interleaved, 6-byte weights', fileName: 'wide.lod', bytes: wide },
  ];
}
