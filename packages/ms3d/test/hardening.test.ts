import { validateScene } from '@relic3d/core';
import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseMs3d, readMs3d, type Ms3dParseOptions } from '../src/index.js';
import { quad, writeMs3d } from './writer.js';

/** Parses and insists the scene is valid: an invalid scene counts as a failure, like a stray error. */
function parseValid(bytes: Uint8Array, options: Ms3dParseOptions = {}): unknown {
  readMs3d(bytes);
  const scene = parseMs3d(bytes, options);
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`invalid scene: ${issues[0].code} ${issues[0].path} ${issues[0].message}`);
  return scene;
}

const synthetic: [string, Uint8Array][] = [
  ['quad', writeMs3d(quad())],
  [
    'skinned rig with full trailer',
    writeMs3d(
      quad({
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
      }),
    ),
  ],
  [
    'v3 with sv1 weights, trailer ending after the vertex extra',
    writeMs3d(
      quad({
        version: 3,
        vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: i - 1 })),
        joints: [{ name: 'a', rotKeys: [[0, 0, 0, 0]] }, { name: 'b', parent: 'a', posKeys: [[0, 1, 0, 0], [1, 0, 1, 0]] }],
        comments: {},
        vertexExtra: { subVersion: 1, records: [0, 1, 2, 3].map(() => ({ ids: [1, 0, -1] as [number, number, number], weights: [40, 30, 0] as [number, number, number] })) },
      }),
    ),
  ],
  ['skeleton only', writeMs3d({ joints: [{ name: 'root', posKeys: [[0, 0, 0, 0], [1, 1, 1, 1]] }, { name: 'leaf', parent: 'root', rotKeys: [[0.5, 1, 0, 0]] }], comments: { model: 'm' } })],
];

describe('hardening', () => {
  it.each(synthetic)('synthetic %s: only FormatError escapes, accepted scenes are valid', async (name, bytes) => {
    const report = await expectHardened(parseValid, bytes, { name: `ms3d synthetic ${name}` });
    expect(report.runs).toBeGreaterThan(0);
  });

  it.each(synthetic)('synthetic %s with Hermite positions', async (name, bytes) => {
    await expectHardened((b) => parseValid(b, { positionInterpolation: 'hermite' }), bytes, { name: `ms3d synthetic hermite ${name}` });
  });

  const files = corpusFiles('ms3d', '.ms3d');
  it.skipIf(files.length === 0).each(files.map((f) => [f.file, f] as const))('corpus %s', async (name, entry) => {
    const report = await expectHardened(parseValid, readCorpusFile(entry), { name: `ms3d ${name}` });
    expect(report.accepted + report.rejected).toBe(report.runs);
  });
});
