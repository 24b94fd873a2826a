// The real TRINITYrage.lod: parse → write → parse keeps its facts, and the written file is the
// original again (same chunks and sizes, same geometry and skeleton; Euler keys equal as rotations).
import { math } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync, readLod, writeLod } from '../../src/index.js';
import { chunkTree, codes, dataOf, lodOf, roundTrip } from './helpers.js';

const entry = corpusFiles('lod', '.lod').find((f) => f.file === 'xtreme3d__TRINITYrage.lod');

/** Largest angle (radians) between the rotations of two ANM1 Euler arrays, entry by entry. */
function largestAngle(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 6) {
    const p = math.quatFromEulerXYZ(a[i + 3], a[i + 4], a[i + 5]);
    const q = math.quatFromEulerXYZ(b[i + 3], b[i + 4], b[i + 5]);
    const dot = Math.min(1, Math.abs(p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3]));
    worst = Math.max(worst, 2 * Math.acos(dot));
  }
  return worst;
}

const positionsOf = (a: Float32Array) => a.filter((_, i) => i % 6 < 3);

describe.skipIf(!entry)('corpus: xtreme3d__TRINITYrage.lod', () => {
  const bytes = entry ? readCorpusFile(entry) : new Uint8Array(0);

  for (const upAxis of ['y', 'z'] as const) {
    it(`upAxis '${upAxis}': parse → write → parse keeps every fact, with no warning`, () => {
      const scene = parseSync(bytes, { upAxis });
      const { result, back } = roundTrip(scene, {}, { upAxis });
      expect(codes(result)).toEqual([]);
      expect(Object.keys(result.files)).toEqual(['model.lod']);
      expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
    });
  }

  it('writes the original file back: same chunks and sizes, skeleton and materials byte for byte, same mesh', () => {
    const file = lodOf(writeLod(parseSync(bytes, { upAxis: 'z' }), { name: 'TRINITYrage' }));
    expect(file.length).toBe(bytes.length);
    const [a, b] = [chunkTree(bytes), chunkTree(file)];
    const shape = (t: ReturnType<typeof chunkTree>) => t.lod.children!.map((c) => [c.id, c.size, c.count, c.children?.map((k) => [k.id, k.size, k.count])]);
    expect(shape(b)).toEqual(shape(a));
    expect(b.lod.count).toBe(4);
    for (const id of ['MAL1', 'SKL1']) {
      const [x, y] = [a, b].map((t) => t.lod.children!.find((c) => c.id === id)!);
      expect(dataOf(file, y)).toEqual(dataOf(bytes, x));
    }
    const [ra, rb] = [readLod(bytes), readLod(file)];
    const [ma, mb] = [ra.meshes[0], rb.meshes[0]];
    expect(mb.positions).toEqual(ma.positions);
    expect(mb.boneAssoc).toEqual(ma.boneAssoc);
    expect([mb.name, mb.meshMode, mb.isSkeletonExists, mb.normals.length, mb.weightType]).toEqual([ma.name, ma.meshMode, ma.isSkeletonExists, 0, 0]);
    mb.faceGroups.forEach((g, i) => {
      const o = ma.faceGroups[i];
      expect([g.name, g.faceType, g.materialNames, g.indexWidths]).toEqual([o.name, o.faceType, o.materialNames, o.indexWidths]);
      expect([g.vertexIndices, g.texCoordIndices]).toEqual([o.vertexIndices, o.texCoordIndices]);
    });
    // v is flipped on read and on write: 1 − (1 − v) in float32 is v within an ulp of 1.
    mb.texCoords[0].forEach((v, i) => expect(Math.abs(v - ma.texCoords[0][i])).toBeLessThan(1e-7));
    expect(rb.animations.map((x) => [x.name, x.frameCount, x.interval, x.mode])).toEqual(ra.animations.map((x) => [x.name, x.frameCount, x.interval, x.mode]));
    rb.animations.forEach((x, i) => {
      expect(positionsOf(x.bonesRotPos)).toEqual(positionsOf(ra.animations[i].bonesRotPos));
      expect(largestAngle(x.bonesRotPos, ra.animations[i].bonesRotPos)).toBeLessThan(1e-5);
    });
  });

  it('re-writing a written file gives the same bytes, but for Euler keys equal as rotations', () => {
    const first = lodOf(writeLod(parseSync(bytes)));
    const second = lodOf(writeLod(parseSync(first)));
    expect(second.length).toBe(first.length);
    const [a, b] = [chunkTree(first), chunkTree(second)];
    a.lod.children!.forEach((c, i) => {
      if (c.id !== 'ANS1') expect(dataOf(second, b.lod.children![i])).toEqual(dataOf(first, c));
    });
    const [ra, rb] = [readLod(first), readLod(second)];
    rb.animations.forEach((x, i) => expect(largestAngle(x.bonesRotPos, ra.animations[i].bonesRotPos)).toBeLessThan(1e-5));
  });
});
