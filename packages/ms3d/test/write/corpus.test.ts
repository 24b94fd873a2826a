// Every corpus file: parse → write → parse keeps the scene facts; the written bytes, read by the
// independent field dump of ../reference.ts (no parser code), hold the same model and pose it the
// same; writing what was written gives the same bytes (keys within f32 rounding).
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { parseSync, writeMs3d } from '../../src/index.js';
import { dumpMs3d, referenceBounds, type Dump } from '../reference.js';
import { roundTrip } from './helpers.js';

const files = corpusFiles('ms3d', '.ms3d');

/** What a file cannot keep, by file: hiero__Walker's second sv3 extra words (sv2 holds one). */
const EXPECTED_WARNINGS: Record<string, string[]> = { 'hiero__Walker.ms3d': ['MS3D_WRITE_EXTRA_WORDS'] };

const modelName = (file: string) => file.replace(/\.ms3d$/, '');

function closeBounds(a: { min: number[]; max: number[] }, b: { min: number[]; max: number[] }) {
  const scale = Math.max(1, ...a.max.map((v, i) => v - a.min[i]));
  for (let i = 0; i < 3; i++) {
    expect(Math.abs(a.min[i] - b.min[i])).toBeLessThanOrEqual(1e-4 * scale);
    expect(Math.abs(a.max[i] - b.max[i])).toBeLessThanOrEqual(1e-4 * scale);
  }
}

/** Byte ranges of the joint keys (the only floats a rewrite recomputes through quaternions). */
function keyRanges(d: Dump, bytes: Uint8Array): [number, number][] {
  // Walk the joints again to find where their keys sit.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 14;
  o += 2 + view.getUint16(o, true) * 15;
  o += 2 + view.getUint16(o, true) * 70;
  const groups = view.getUint16(o, true);
  o += 2;
  for (let g = 0; g < groups; g++) o += 36 + 2 * view.getUint16(o + 33, true);
  o += 2 + view.getUint16(o, true) * 361 + 12;
  const joints = view.getUint16(o, true);
  o += 2;
  const ranges: [number, number][] = [];
  for (let j = 0; j < joints; j++) {
    const keys = view.getUint16(o + 89, true) + view.getUint16(o + 91, true);
    ranges.push([o + 93, o + 93 + keys * 16]);
    o += 93 + keys * 16;
  }
  expect(ranges.length).toBe(d.joints.length);
  return ranges;
}

describe.skipIf(files.length === 0)('writing the ms3d corpus', () => {
  /** Each file's round trip, made once for its tests and the trailer test below. */
  const trips = new Map<string, { original: Uint8Array; trip: ReturnType<typeof roundTrip> }>();
  describe.each(files.map((f) => [f.file, f] as const))('%s', (file, entry) => {
    const original = readCorpusFile(entry);
    const scene = parseSync(original, { fileName: file, kernels: 'js' });
    const trip = roundTrip(scene);
    trips.set(file, { original, trip });
    const before = dumpMs3d(original);
    const after = dumpMs3d(trip.bytes);

    it('reads back with the same scene facts, warning only what MS3D v4 + sv2 cannot keep', () => {
      expect(Object.keys(trip.files)).toEqual([`${modelName(file)}.ms3d`]);
      expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back))).toEqual([]);
      expect(trip.warnings).toEqual(EXPECTED_WARNINGS[file] ?? []);
    });

    it('is a MilkShape 1.8.x file: v4, full trailer with sub-version 2 weights, ending on its last byte', () => {
      expect(after.version).toBe(4);
      expect(after.end).toBe(trip.bytes.length);
      expect(after.trailer).toEqual(['comments sv1', 'vertexExtra sv2', 'jointExtra sv1', 'modelExtra sv1']);
    });

    it('holds the same model as the original (independent dump)', () => {
      expect(after.nVertices).toBe(before.used.size);
      expect(after.nTriangles).toBe(before.nTriangles);
      expect(after.groupTriangleCounts).toEqual(before.groupTriangleCounts);
      expect(after.groupRenderVertices).toEqual(before.groupRenderVertices);
      expect(after.groupMaterials).toEqual(before.groupMaterials);
      expect(after.materialNames).toEqual(before.materialNames);
      expect(after.materialTextures).toEqual(before.materialTextures);
      expect(after.joints.map((j) => [j.name, j.parent])).toEqual(before.joints.map((j) => [j.name, j.parent]));
      expect([after.rotKeys, after.posKeys]).toEqual([before.rotKeys, before.posKeys]);
      expect([after.fps, after.currentTime, after.totalFrames]).toEqual([before.fps, before.currentTime, before.totalFrames]);
      if (before.comments) expect(after.comments).toEqual(before.comments);
      if (before.jointColors) expect(after.jointColors).toEqual(before.jointColors);
      if (before.modelExtra) expect(after.modelExtra).toEqual(before.modelExtra);
      // Joint binds and key times are written as read.
      after.joints.forEach((j, i) => {
        expect(j.pos).toEqual(before.joints[i].pos);
        expect(j.rot).toEqual(before.joints[i].rot);
        expect(j.rotKeys.map((k) => k[0])).toEqual(before.joints[i].rotKeys.map((k) => k[0]));
        expect(j.posKeys.map((k) => k[0])).toEqual(before.joints[i].posKeys.map((k) => k[0]));
      });
    });

    it('poses like the original: bind pose and key times across the clip (independent evaluator)', () => {
      if (!before.used.size) return;
      closeBounds(referenceBounds(after), referenceBounds(before));
      const end = Math.max(0, ...before.joints.flatMap((j) => [...j.rotKeys, ...j.posKeys].map((k) => k[0])));
      for (const f of [0.1, 0.25, 0.5, 0.75, 1]) closeBounds(referenceBounds(after, end * f), referenceBounds(before, end * f));
    });

    it('writes the same file again from what it wrote (keys within f32 rounding)', () => {
      const again = writeMs3d(trip.back).files[`${modelName(file)}.ms3d`];
      expect(again.length).toBe(trip.bytes.length);
      const keys = keyRanges(after, trip.bytes);
      const inKeys = new Uint8Array(again.length);
      for (const [a, b] of keys) inKeys.fill(1, a, b);
      const differ: number[] = [];
      for (let i = 0; i < again.length; i++) if (again[i] !== trip.bytes[i] && !inKeys[i]) differ.push(i);
      expect(differ).toEqual([]);
      // Every key component checked, one assertion for all (an expect per float was most of the suite's CPU).
      const a = dumpMs3d(again);
      const off: string[] = [];
      a.joints.forEach((j, i) => {
        j.rotKeys.forEach((k, n) => k.forEach((v, c) => Math.abs(v - after.joints[i].rotKeys[n][c]) < 1e-5 || off.push(`joint ${i} rot key ${n}[${c}]`)));
        j.posKeys.forEach((k, n) => k.forEach((v, c) => Math.abs(v - after.joints[i].posKeys[n][c]) < 1e-4 * Math.max(1, Math.abs(v)) || off.push(`joint ${i} pos key ${n}[${c}]`)));
      });
      expect(off).toEqual([]);
    });
  });

  it('a static file without a trailer is written byte for byte, then the trailer', () => {
    const lscene = trips.get('glscene__LScene.ms3d');
    if (!lscene) return;
    // The round trip its own tests made (not a second parse and write of the same bytes); the first
    // byte that differs, not toEqual's element-by-element walk (100 ms for these 440 KB).
    const { trip, original } = lscene;
    let differs = trip.bytes.length < original.length ? trip.bytes.length : -1;
    for (let i = 0; i < original.length && differs < 0; i++) if (trip.bytes[i] !== original[i]) differs = i;
    expect(differs, 'first byte that differs from the original').toBe(-1);
  });
});
