import { validateScene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { corpusFiles, expectHardened, largeInputRuns, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';
import { syntheticSeeds } from '@relic3d/fixtures/ase-seeds';
import { aseFile, camera, cube, enc, geom, helper, light, material, shape, tmAnimation, utf16, type MeshSpec } from '@relic3d/fixtures/ase';

/** Parses and also requires a valid scene: an invalid one counts as an escape. */
const parseValid = (bytes: Uint8Array, options: { kernels?: 'wasm' | 'js' } = {}) => {
  const scene = parseSync(bytes, options);
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`invalid scene: ${issues.slice(0, 3).map((i) => `${i.code} ${i.path} ${i.message}`).join('; ')}`);
  return scene;
};

const files = [...corpusFiles('ase'), ...corpusFiles('bad', '.ase')];

describe.skipIf(!files.length)('hardening: corpus', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', async (name, entry) => {
    const bytes = readCorpusFile(entry);
    // 64 sampled prefixes and mutations; large files fewer, as every format's (largeInputRuns).
    const report = await expectHardened(parseValid, bytes, { name, samples: 64, iterations: 64, ...largeInputRuns(bytes.length), fullSweepUpTo: 2048 });
    expect(report.runs).toBe(bytes.length ? report.accepted + report.rejected : 0);
  });
});

describe('hardening: synthetic', () => {
  const weighted: MeshSpec = { ...cube(), weights: { bones: ['B'], vertices: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => ({ index, pairs: [[0, 1]] as [number, number][] })) } };
  const text = aseFile(
    [
      helper('B', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]]),
      geom('Skin', weighted, { materialRef: 0, frames: [cube([0, 0, 1])], tail: [tmAnimation('Skin', { CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 800 1 0 0 0 0 0 0 0'], CONTROL_ROT_LINEAR: ['*CONTROL_ROT_KEY 0 0 0 1 0.5'] })] }),
      camera('Cam', [[1, 0, 0], [0, 0, 1], [0, -1, 0], [0, -10, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], {}, [tmAnimation('Cam.Target', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 800 1 0 0'] })]),
      light('Spot', 'Target', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 5]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { hotspot: 30 }),
      helper('Keyed', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], {
        tail: [
          tmAnimation('Keyed', {
            CONTROL_POS_BEZIER: ['*CONTROL_BEZIER_POS_KEY 0 0 0 0 0 0 0 0.001 0 0 0', '*CONTROL_BEZIER_POS_KEY 4800 1 2 3 0.001 0 0 0 0 0 0'],
            CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0 0.5 0 0 0', '*CONTROL_TCB_ROT_KEY 1600 1 0 0 1 0 0 -0.5 0 0'],
            CONTROL_SCALE_TCB: ['*CONTROL_TCB_SCALE_KEY 0 1 1 1 0 0 0 0 0 0 0 0', '*CONTROL_TCB_SCALE_KEY 800 2 2 2 0 0 0 0 0 0 0 0'],
          }),
        ],
      }),
      shape('Line', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], [{ closed: true, points: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] }]),
    ],
    { materials: [material(0, 'multi', { subs: [material(0, 'a', {}, 'SUBMATERIAL'), material(1, 'b', {}, 'SUBMATERIAL')] })] },
  );
  it('every object kind (ASCII)', async () => {
    await expectHardened(parseValid, enc(text), { name: 'synthetic', samples: 64, iterations: 96, fullSweepUpTo: 0 });
  });
  it('every object kind on the WASM kernels', async () => {
    await ready();
    await expectHardened((bytes) => parseValid(bytes, { kernels: 'wasm' }), enc(text), { name: 'synthetic-wasm', samples: 32, iterations: 48, fullSweepUpTo: 0 });
  });
  it('UTF-16', async () => {
    await expectHardened(parseValid, utf16(text, false), { name: 'synthetic-utf16', samples: 32, iterations: 48, fullSweepUpTo: 0 });
  });
  it('a small file, every prefix', async () => {
    const tiny = syntheticSeeds().find((s) => s.fileName === 'tiny.ase')!;
    await expectHardened(parseValid, tiny.bytes, { name: 'tiny' });
  });
});
