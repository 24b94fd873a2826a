// Scrub once (issue 25): every scene the reader returns carries FINITE_SCENE, so the glTF exporter
// does not scan it again; an independent scan checks the promise on damaged and corpus files.
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { nonFinitePlaces, vouchedFinite } from '@relic3d/fixtures/finite-scan';
import { quatZ, translationMatrix, writeAni, writeChr, writeO3d, type WGeometry } from '@relic3d/fixtures/o3d';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';

describe('FINITE_SCENE', () => {
  it('a damaged object file: NaN and infinity in vertices, matrices and keys scrubbed, the scene marked and finite throughout', () => {
    const geometry: WGeometry = {
      vertices: [
        { p: [NaN, 0, 0], n: [0, Infinity, 1], uv: [-Infinity, 0] },
        { p: [1, 0, 0], n: [0, 0, 1], uv: [1, NaN] },
        { p: [0, 1, Infinity], n: [0, 0, 1], uv: [0, 1] },
      ],
      indices: [0, 1, 2],
    };
    const keys = [[...quatZ(0), 0, 0, 0], [NaN, 0, 0, 1, Infinity, 0, 0]];
    const scene = parseSync(writeO3d({ name: 'obj_nan.o3d', frameCount: 2, collision: geometry, groups: [[{ type: 0, localTM: translationMatrix(NaN, 0, Infinity), geometry }, { type: 0, tm: keys, geometry }]] }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_NOT_FINITE']);
    expect(vouchedFinite(scene)).toBe(true);
    expect(nonFinitePlaces(scene)).toEqual([]);
  });

  it('a damaged character: non-finite bone matrices and motion keys scrubbed, the scene marked and finite throughout', () => {
    const chr = writeChr({
      bones: [
        { name: 'Bip01', tm: translationMatrix(0, NaN, 0), inverse: translationMatrix(0, -1, 0), local: translationMatrix(0, 1, 0), parent: -1 },
        { name: 'Arm', tm: translationMatrix(1, 1, 0), inverse: translationMatrix(-1, -1, Infinity), local: translationMatrix(1, 0, 0), parent: 0 },
      ],
    });
    const ani = writeAni({
      frameCount: 2,
      bones: [
        { name: 'Bip01', parent: -1, matrix: translationMatrix(NaN, 0, 0) },
        { name: 'Arm', parent: 0, keys: [[0, 0, 0, 1, 1, 0, 0], [0, 0, NaN, 1, 1, -Infinity, 0]] },
      ],
    });
    const triangle: WGeometry = { vertices: [0, 1, 2].map((i) => ({ p: [i, i % 2, 0], n: [0, 0, 1], uv: [0, 0], w: [1, 0], idx: [3, 0] })), indices: [0, 1, 2] } as WGeometry;
    const scene = parseSync(writeO3d({ name: 'mvr_nan.o3d', groups: [[{ type: 1, geometry: triangle }]] }), { skeleton: chr, motions: { m: ani } });
    expect(scene.skins.length).toBe(1);
    expect(vouchedFinite(scene)).toBe(true);
    expect(nonFinitePlaces(scene)).toEqual([]);
  });

  it('an infinite skin weight in either slot: the vertex leaves the kernel path and its weights stay finite', () => {
    const chr = writeChr({ bones: [0, 1].map((i) => ({ name: `B${i}`, tm: translationMatrix(0, i, 0), inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, i, 0), parent: i - 1 })) });
    const w = [[0.25, Infinity], [Infinity, 0.5], [1, 0]];
    const triangle = { vertices: w.map((weights, i) => ({ p: [i, i % 2, 0], n: [0, 0, 1], uv: [0, 0], w: weights, idx: [0, 3] })), indices: [0, 1, 2] } as WGeometry;
    const scene = parseSync(writeO3d({ name: 'mvr_inf.o3d', groups: [[{ type: 1, geometry: triangle }]] }), { skeleton: chr });
    const weights = scene.meshes[0].primitives[0].attributes.WEIGHTS_0!;
    expect(weights.length).toBe(12);
    expect(nonFinitePlaces(scene)).toEqual([]);
    expect(vouchedFinite(scene)).toBe(true);
  });

  for (const entry of corpusFiles('o3d', '.o3d')) {
    it(`corpus ${entry.file}: marked, and no NaN or infinity anywhere`, () => {
      const scene = parseSync(readCorpusFile(entry), { fileName: entry.file });
      expect(vouchedFinite(scene)).toBe(true);
      expect(nonFinitePlaces(scene)).toEqual([]);
    });
  }
});
