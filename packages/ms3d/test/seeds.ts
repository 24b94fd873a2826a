// Synthetic MilkShape files for the hardening test and the fuzzer (tooling/fuzz/src/seeds.ts).
import type { SyntheticSeed } from '@relic3d/test-harness';
import { quad, writeMs3d, type WFile } from './writer.js';

export function syntheticSeeds(): SyntheticSeed[] {
  const rig = quad({
    vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: i % 2 })),
    materials: [{ name: 'm', texture: 'a\\b.bmp', alphamap: 'c.bmp', transparency: 0.5 }],
    groups: [{ name: 'q', triangles: [0, 1], material: 0 }, { name: 'empty', triangles: [] }],
    joints: [
      { name: 'a', rotation: [0.1, 0.2, 0.3], position: [1, 2, 3], rotKeys: [[0, 0, 0, 0], [1, 1, 1, 1]], posKeys: [[0, 0, 0, 0], [1, 1, 2, 3]] },
      { name: 'b', parent: 'a', rotKeys: [[0.5, 0, 1, 0]] },
    ],
    comments: { groups: [[0, 'group']], materials: [[0, 'mat']], joints: [[1, 'joint']], model: 'model' },
    vertexExtra: { subVersion: 3, records: [0, 1, 2, 3].map(() => ({ ids: [1, -1, -1] as [number, number, number], weights: [50, 50, 0] as [number, number, number], extra: [1, 2] })) },
    jointExtra: { colors: [[1, 0, 0], [0, 1, 0]] },
    modelExtra: { jointSize: 1, transparencyMode: 1, alphaRef: 0.5 },
  });
  const v3 = quad({
    version: 3,
    vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: i - 1 })),
    joints: [{ name: 'a', rotKeys: [[0, 0, 0, 0]] }, { name: 'b', parent: 'a', posKeys: [[0, 1, 0, 0], [1, 0, 1, 0]] }],
    comments: {},
    vertexExtra: { subVersion: 1, records: [0, 1, 2, 3].map(() => ({ ids: [1, 0, -1] as [number, number, number], weights: [40, 30, 0] as [number, number, number] })) },
  });
  const skeleton: WFile = { joints: [{ name: 'root', posKeys: [[0, 0, 0, 0], [1, 1, 1, 1]] }, { name: 'leaf', parent: 'root', rotKeys: [[0.5, 1, 0, 0]] }], comments: { model: 'm' } };
  return [
    { name: 'quad', fileName: 'quad.ms3d', bytes: writeMs3d(quad()) },
    { name: 'skinned rig with full trailer', fileName: 'rig.ms3d', bytes: writeMs3d(rig) },
    { name: 'v3 with sv1 weights, trailer ending after the vertex extra', fileName: 'v3.ms3d', bytes: writeMs3d(v3) },
    { name: 'skeleton only', fileName: 'skeleton.ms3d', bytes: writeMs3d(skeleton) },
  ];
}
