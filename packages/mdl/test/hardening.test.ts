import { validateScene } from '@relic3d/core';
import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { describe, it } from 'vitest';
import { parseMdl, readMdl } from '../src/index.js';
import { sampleModel, writeMdl, writeSampleMdl } from './writer.js';

/** Parses and also requires a valid scene: an accepted input must never give a broken scene. */
function parseAndValidate(bytes: Uint8Array): unknown {
  const scene = parseMdl(bytes);
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`invalid scene: ${issues[0].code} ${issues[0].path}: ${issues[0].message}`);
  readMdl(bytes);
  return scene;
}

const synthetic: [string, Uint8Array][] = [
  ['sample G3D', writeSampleMdl()],
  ['sample as Ultra v302', writeMdl({ ...sampleModel(), variant: 'ultra', version: 302 })],
  [
    'G3D morphs, PRIM, PICK, COLL, child',
    writeMdl({
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
  ],
  [
    'Ultra quads and PHYS',
    writeMdl({
      variant: 'ultra',
      version: 301,
      root: {
        lods: [{ meshes: [{ polyVerts: 4, vertices: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]].map((p) => ({ position: p as [number, number, number] })), indices: [0, 1, 2, 3] }] }],
        parts: [{ shape: 'BOX_' }, { shape: 'MESH', mesh: { flag: 1, polygons: [[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]] } }],
        children: [{ name: 'c' }],
      },
    }),
  ],
  [
    'Ultra PRIM, MSET, PICK, skin with unweighted vertices',
    writeMdl({
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
  ],
];

describe('hardening: only FormatError escapes, and accepted inputs give valid scenes', () => {
  for (const [name, bytes] of synthetic) {
    it(`synthetic: ${name}`, async () => {
      await expectHardened(parseAndValidate, bytes, { name: `mdl ${name}` });
    });
  }
  const files = corpusFiles('mdl', '.mdl');
  for (const entry of files) {
    it(`corpus: ${entry.file}`, async () => {
      await expectHardened(parseAndValidate, readCorpusFile(entry), { name: `mdl ${entry.file}` });
    });
  }
});
