// Scrub once (issue 25): every scene the reader returns carries FINITE_SCENE, so the glTF exporter
// does not scan it again; an independent scan checks the promise on damaged and corpus files.
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { nonFinitePlaces, vouchedFinite } from '@relic3d/fixtures/finite-scan';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';

describe('FINITE_SCENE', () => {
  const bytes = writeMs3d(
    quad({
      vertices: [{ position: [0, 0, 0] }, { position: [NaN, 0, 0] }, { position: [1, 1, 0] }, { position: [0, 1, Infinity] }],
      joints: [{ name: 'a', position: [3e38, 1, 0], posKeys: [[0, 3e38, 0, 0], [1, 0, 2, 0]] }],
    }),
  );
  for (const positionInterpolation of ['linear', 'step', 'hermite'] as const) {
    it(`a damaged file (${positionInterpolation} keys): NaN, infinity and overflowing keys scrubbed, the scene marked and finite throughout`, () => {
      const scene = parseSync(bytes, { positionInterpolation });
      expect(scene.warnings.map((w) => w.code)).toContain('MS3D_NOT_FINITE');
      expect(vouchedFinite(scene)).toBe(true);
      expect(nonFinitePlaces(scene)).toEqual([]);
    });
  }

  for (const entry of corpusFiles('ms3d', '.ms3d')) {
    it(`corpus ${entry.file}: marked, and no NaN or infinity anywhere (hermite keys too)`, () => {
      for (const positionInterpolation of ['linear', 'hermite'] as const) {
        const scene = parseSync(readCorpusFile(entry), { fileName: entry.file, positionInterpolation });
        expect(vouchedFinite(scene)).toBe(true);
        expect(nonFinitePlaces(scene)).toEqual([]);
      }
    });
  }
});
