// Every ASE corpus file: parse → write → parse keeps the scene facts, with no warning either way;
// and rewriting is stable: a static file's bytes stop changing by the second rewrite.
import { validateScene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { ready } from '@relic3d/kernels';
import { corpusFiles } from '@relic3d/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSync, writeAse } from '../../src/index.js';
import { corpusBack, corpusScene, corpusWritten } from '../corpus-scenes.js';

const files = corpusFiles('ase');
// The first write and read back are shared with the other corpus files (corpus-scenes.ts), made on one path.
beforeAll(async () => {
  await ready();
});
const rewrite = (bytes: Uint8Array) => writeAse(parseSync(bytes), { name: 'out' }).files['out.ase'];
/** The first index where two byte arrays differ (−1: none within the shorter). */
const firstDifference = (a: Uint8Array, b: Uint8Array) => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
};
const lines = (bytes: Uint8Array) => new TextDecoder().decode(bytes).split('\n');

describe.skipIf(!files.length)('corpus/ase: parse → write → parse', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, entry) => {
    const scene = corpusScene(entry);
    const written = corpusWritten(entry);
    expect(written.warnings).toEqual([]);
    expect(Object.keys(written.files)).toEqual(['out.ase']);
    const back = corpusBack(entry);
    expect(validateScene(back)).toEqual([]);
    expect(back.warnings).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back))).toEqual([]);
    // What the file says beyond the facts comes back too.
    expect(back.nodes.map((n) => n.name)).toEqual(scene.nodes.map((n) => n.name));
    expect(back.nodes.map((n) => n.parent)).toEqual(scene.nodes.map((n) => n.parent));
    expect(back.materials.map((m) => m.name)).toEqual(scene.materials.map((m) => m.name));
    expect(back.textures.map((t) => t.uri)).toEqual(scene.textures.map((t) => t.uri));
    expect(back.cameras.length + back.lights.length).toBe(scene.cameras.length + scene.lights.length);
    expect(back.extras.frameSpeed).toBe(scene.extras.frameSpeed ?? 30);
  });
});

describe.skipIf(!files.length)('corpus/ase: rewriting', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, entry) => {
    // The first rewrite and its scene are those of the test above.
    const second = writeAse(corpusBack(entry), { name: 'out' }).files['out.ase'];
    const third = rewrite(second);
    const animated = corpusBack(entry).animations.length > 0;
    if (!animated) {
      // The second rewrite only differs where a rounded normal renormalised to the next digit. Compared
      // byte by byte here: toEqual's typed-array check lists the array's keys, one string per byte.
      expect([third.length, firstDifference(third, second)]).toEqual([second.length, -1]);
    } else {
      // Animated files: the reader orthogonalises an animated node's rest rotation (rows hold 4
      // digits) but localises its vertices with the rows as written, and rotation deltas are
      // re-derived from float keys: numbers may move by a few units of the last digit (the
      // 26-bone MotionCaptureROM chain by up to 1e-3 at 70 units from the origin).
      // One expect for the lines that differ by more (vitest spends microseconds on each call).
      const a = lines(second), b = lines(third);
      expect(b.length).toBe(a.length);
      const wrong: string[] = [];
      for (let i = 0; i < a.length; i++) {
        if (a[i] === b[i]) continue;
        const x = a[i].split(/\s+/), y = b[i].split(/\s+/);
        if (y.length !== x.length || x.some((t, k) => t !== y[k] && !(Math.abs(Number(t) - Number(y[k])) < 5e-3))) wrong.push(`line ${i}: ${a[i]} | ${b[i]}`);
      }
      expect(wrong).toEqual([]);
    }
  });
});
