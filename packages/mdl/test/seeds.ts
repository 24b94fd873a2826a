// Synthetic Ultra Engine / G3D files for the hardening test and the fuzzer (tooling/fuzz/src/seeds.ts).
import type { SyntheticSeed } from '@relic3d/test-harness';
import { sampleModel, writeMdl, writeSampleMdl } from './writer.js';

export function syntheticSeeds(): SyntheticSeed[] {
  return [
    { name: 'sample G3D', fileName: 'sample.mdl', bytes: writeSampleMdl() },
    { name: 'sample as Ultra v302', fileName: 'ultra.mdl', bytes: writeMdl({ ...sampleModel(), variant: 'ultra', version: 302 }) },
    {
      name: 'G3D morphs, PRIM, PICK, COLL, child',
      fileName: 'g3d.mdl',
      bytes: writeMdl({
        variant: 'g3d',
        root: {
          name: 'n',
          engine: '{"a":1}',
          lods: [
            {
              meshes: [
                {
                  name: 'm',
                  material: './m.mat',
                  vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
                  indices: [0, 1, 2],
                  indexSize: 4,
                  primitiveFlags: [7],
                  pick: [1, 2, 3],
                  morphs: [[{ position: [0, 0, 1] }, { position: [1, 0, 1] }, { position: [0, 1, 1] }]],
                },
              ],
            },
          ],
          parts: [{ shape: 0, size: [1, 2, 3] }, { shape: 6, mesh: { flag: 0, polygons: [[[0, 0, 0], [1, 0, 0], [0, 1, 0]]] } }],
          children: [{ name: 'kid', attachBone: 0 }],
        },
      }),
    },
    {
      name: 'Ultra quads and PHYS',
      fileName: 'quads.mdl',
      bytes: writeMdl({
        variant: 'ultra',
        version: 301,
        root: {
          lods: [{ meshes: [{ polyVerts: 4, vertices: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]].map((p) => ({ position: p as [number, number, number] })), indices: [0, 1, 2, 3] }] }],
          parts: [{ shape: 'BOX_' }, { shape: 'MESH', mesh: { flag: 1, polygons: [[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]] } }],
          children: [{ name: 'c' }],
        },
      }),
    },
    {
      name: 'Ultra PRIM, MSET, PICK, skin with unweighted vertices',
      fileName: 'skin.mdl',
      bytes: writeMdl({
        variant: 'ultra',
        version: 302,
        root: {
          name: 'u',
          lods: [
            {
              meshes: [
                {
                  name: 'm',
                  vertices: [
                    { position: [0, 0, 0], bones: [0, 1, 0, 0], weights: [200, 55, 0, 0] },
                    { position: [1, 0, 0] },
                    { position: [0, 1, 0], bones: [1, 0, 0, 0], weights: [255, 0, 0, 0] },
                  ],
                  indices: [0, 1, 2],
                  primitiveFlags: [7],
                  pick: [1, 2],
                  morphs: [[{ position: [0, 0, 1] }, { position: [1, 0, 1] }, { position: [0, 1, 1] }]],
                },
              ],
            },
          ],
          bones: [{ name: 'a', children: [{ name: 'b', position: [0, 1, 0] }] }],
          animations: [{ name: 'k', speed: 1, keyframes: 2, tracks: [{ boneId: 1, flags: 7, keys: [0, 1].map(() => ({ position: [0, 1, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] })) }] }],
        },
      }),
    },
  ];
}
