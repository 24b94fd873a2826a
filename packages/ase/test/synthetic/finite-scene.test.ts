// Scrub once (issue 25): every scene the reader returns carries FINITE_SCENE, so the glTF exporter
// does not scan it again; an independent scan checks the promise on damaged and corpus files.
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { nonFinitePlaces, vouchedFinite } from '@relic3d/fixtures/finite-scan';
import { aseFile, cube, geom, tmAnimation } from '@relic3d/fixtures/ase';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { load } from './helpers.js';

describe('FINITE_SCENE', () => {
  it('a damaged file: 1.#QNAN and overflowing vertices and keys scrubbed, the scene marked and finite throughout', () => {
    const anim = tmAnimation('Box', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 160 1e39 1.#QNAN 2'] });
    const text = aseFile([geom('Box', cube(), { tail: [anim] })])
      .replace(/\*MESH_VERTEX 0\t[^\n]*/, '*MESH_VERTEX 0\t1.#QNAN\t-1.#IND00\t1e39')
      .replace(/\*MESH_TVERT 1\t[^\n]*/, '*MESH_TVERT 1\t1.#QNAN\t5e40\t0');
    expect(text).toContain('1.#IND00');
    const scene = load(text);
    expect(scene.warnings.map((w) => w.code)).toContain('ASE_BAD_NUMBER');
    expect(vouchedFinite(scene)).toBe(true);
    expect(nonFinitePlaces(scene)).toEqual([]);
  });

  for (const entry of corpusFiles('ase', '.ase')) {
    it(`corpus ${entry.file}: marked, and no NaN or infinity anywhere`, () => {
      const scene = parseSync(readCorpusFile(entry), { fileName: entry.file });
      expect(vouchedFinite(scene)).toBe(true);
      expect(nonFinitePlaces(scene)).toEqual([]);
    });
  }
});
