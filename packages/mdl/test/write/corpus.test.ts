// Every corpus file: parse → write → parse keeps every scene fact without a warning; the written
// bytes are the original's but for what the reader itself normalises; writing again is stable.
import { validateScene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, readMdl, writeMdl } from '../../src/index.js';
import { i32 } from './helpers.js';

const files = corpusFiles('mdl', '.mdl');

/**
 * Byte ranges the reader normalises, so no writer can give them back: quaternions of BOX_/CYLI
 * parts (normalised to unit length) — found from the original's own part offsets.
 */
function normalisedRanges(original: Uint8Array): [number, number][] {
  return readMdl(original).root.collision.parts.filter((p) => p.primitive).map((p) => [p.offset + 8 + 12, p.offset + 8 + 28]);
}

/** A −0 float written as +0: the reader turns −0 into +0 (docs/formats/mdl.md §7.9). */
const negativeZero = (original: Uint8Array, written: Uint8Array, i: number) =>
  original[i] === 0x80 && written[i] === 0 && i >= 3 && [1, 2, 3].every((k) => original[i - k] === 0 && written[i - k] === 0);

describe.runIf(files.length > 0)('corpus/mdl: parse → write → parse', () => {
  it('has the 24 files', () => expect(files).toHaveLength(24));

  for (const entry of files) {
    it(`${entry.file}: same facts, no warning, the original bytes, stable`, () => {
      const original = readCorpusFile(entry);
      const scene = parseSync(original, { fileName: entry.file });
      const result = writeMdl(scene, { version: scene.version as 300 | 301 | 302 });
      expect(result.warnings).toEqual([]);
      // No .mat was read with the model, so each material keeps its path and no file is made up.
      const names = Object.keys(result.files);
      expect(names).toEqual([`${scene.name}.mdl`]);
      const written = result.files[names[0]];
      const back = parseSync(written);
      expect(validateScene(back)).toEqual([]);
      expect(back.warnings).toEqual([]);
      expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-6 })).toEqual([]);
      expect(back.materials.map((m) => m.extras!.materialPath)).toEqual(scene.materials.map((m) => m.extras!.materialPath));

      expect(written.length).toBe(original.length);
      expect(i32(written, 12)).toBe(scene.version);
      const ranges = normalisedRanges(original);
      const unexplained: number[] = [];
      for (let i = 0; i < original.length; i++) {
        if (written[i] === original[i] || negativeZero(original, written, i) || ranges.some(([a, b]) => i >= a && i < b)) continue;
        unexplained.push(i);
      }
      expect(unexplained).toEqual([]);

      const again = writeMdl(parseSync(written), { version: scene.version as 300 | 301 | 302 }).files[names[0]];
      expect(Buffer.compare(again, written)).toBe(0);
    });
  }

  it('writes version 302 by default: the v301 node floats come along, the facts stay', () => {
    const entry = files.find((f) => f.file.includes('_v300'))!;
    const scene = parseSync(readCorpusFile(entry));
    const written = Object.values(writeMdl(scene).files)[0];
    expect(new TextDecoder().decode(written.subarray(0, 11))).toBe('Ultra Model');
    expect(i32(written, 12)).toBe(302);
    const back = parseSync(written);
    expect(back.version).toBe(302);
    expect(back.nodes[0].extras!.unknownNodeFloats).toEqual([16, 32, 64]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back))).toEqual([]);
  });
});
