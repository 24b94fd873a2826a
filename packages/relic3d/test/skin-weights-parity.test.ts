// The format layouts must give the same skins, bit for bit, as the recorded ones (scene hashes
// depend on them): every case's joints, weights and unskinned count (or its error class) is
// hashed and compared with skin-weights.expected.json, on the TypeScript and every WASM path.
// It sits in the umbrella's tests because it covers the layouts of four format packages at once.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile, rng } from '@relic3d/test-harness';
import { ready, simdSupported, type UnpackedSkin, type Variant } from '@relic3d/kernels';
import { unpackMs3dWeights } from '../../ms3d/src/read/skin-weights.js';
import { unpackO3dWeights } from '../../o3d/src/read/skin-weights.js';
import { unpackByteWeights } from '../../mdl/src/read/skin-weights.js';
import { unpackLodWeights } from '../../lod/src/read/skin-weights.js';
import { dumpMs3d } from '@relic3d/fixtures/dumps';

type Options = { reference?: boolean; variant?: Variant };
interface Impl {
  ms3d: typeof unpackMs3dWeights;
  o3d: typeof unpackO3dWeights;
  mdl: typeof unpackByteWeights;
  lod: typeof unpackLodWeights;
}
const staged: Impl = { ms3d: unpackMs3dWeights, o3d: unpackO3dWeights, mdl: unpackByteWeights, lod: unpackLodWeights };

const EXPECTED = path.join(import.meta.dirname, 'skin-weights.expected.json');

function digest(run: () => UnpackedSkin): string {
  const hash = createHash('sha256');
  try {
    const s = run();
    hash.update(new Uint8Array(s.joints.buffer, s.joints.byteOffset, s.joints.byteLength));
    hash.update(new Uint8Array(s.weights.buffer, s.weights.byteOffset, s.weights.byteLength));
    hash.update(`unskinned ${s.unskinned}`);
  } catch (error) {
    hash.update(`throws ${(error as Error).name === 'InvalidInfluence' ? 'RangeError' : (error as Error).constructor.name}`);
  }
  return hash.digest('hex').slice(0, 32);
}

function f32Records(size: number, n: number, write: (dv: DataView, at: number, i: number) => void): Uint8Array {
  const dv = new DataView(new ArrayBuffer(size * n));
  for (let i = 0; i < n; i++) write(dv, i * size, i);
  return new Uint8Array(dv.buffer);
}

/** Every case: a name and a call of one implementation. */
function cases(): [string, (impl: Impl, o: Options) => UnpackedSkin][] {
  const out: [string, (impl: Impl, o: Options) => UnpackedSkin][] = [];
  const random = rng(1811);
  const int = (n: number) => Math.floor(random() * n);

  // MS3D: the spec cases of ms3d-skin-weights.test.ts, then seeded random extras of every stride.
  const rec = (b: number[], w: number[]) => [...b.map((x) => x & 0xff), ...w, 9, 9, 9, 9];
  const boneIds = new Int8Array([0, 1, -1, 2, 3, 1]);
  const extra = new Uint8Array([
    ...rec([1, 2, 3], [40, 30, 20]), ...rec([2, -1, 3], [50, 25, 0]), ...rec([1, 1, 1], [50, 50, 0]),
    ...rec([0, 0, 0], [0, 0, 0]), ...rec([9, 0, 0], [60, 40, 0]), ...rec([0, 0, 0], [0, 70, 30]),
  ]);
  out.push(['ms3d spec', (i, o) => i.ms3d(boneIds, extra, 10, 4, o)]);
  out.push(['ms3d spec rigidJoint', (i, o) => i.ms3d(boneIds, extra, 10, 4, { ...o, rigidJoint: 3 } as never)]);
  out.push(['ms3d no extra', (i, o) => i.ms3d(new Int8Array([2, 0, -1, 7]), undefined, 6, 3, o)]);
  out.push(['ms3d plain-array ids', (i, o) => i.ms3d([2, 200, -1, 1.5, NaN, 129], undefined, 6, 3, o)]);
  out.push(['ms3d short extra', (i, o) => i.ms3d(boneIds, extra.subarray(0, 50), 10, 4, o)]);
  out.push(['ms3d empty', (i, o) => i.ms3d(new Int8Array(0), new Uint8Array(0), 6, 3, o)]);
  for (const stride of [6, 10, 14]) {
    for (const jointCount of [1, 5, 40]) {
      const n = 700;
      const ids = Int8Array.from({ length: n }, () => (random() < 0.1 ? -1 : int(jointCount + 2)));
      const ex = Uint8Array.from({ length: n * stride }, (_, b) => {
        const k = b % stride;
        if (k < 3) return random() < 0.2 ? 0xff : int(jointCount + 2);
        if (k < 6) return random() < 0.3 ? 0 : random() < 0.1 ? int(256) : int(60);
        return int(256);
      });
      out.push([`ms3d random stride ${stride} joints ${jointCount}`, (i, o) => i.ms3d(ids, ex, stride, jointCount, o)]);
      out.push([`ms3d random stride ${stride} joints ${jointCount} rigid`, (i, o) => i.ms3d(ids, ex, stride, jointCount, { ...o, rigidJoint: 0 } as never)]);
    }
  }

  // O3D: spec cases, then random records with and without a palette (stale, bad and good indices).
  const o3dRec = (w1: number, w2: number, a: number, b: number) =>
    f32Records(44, 1, (dv) => { dv.setFloat32(12, w1, true); dv.setFloat32(16, w2, true); dv.setUint16(20, a, true); dv.setUint16(22, b, true); });
  const o3dBytes = new Uint8Array([...o3dRec(0.75, 0.25, 3, 0), ...o3dRec(1, 0, 6, 5), ...o3dRec(0, 0, 0, 0)]);
  out.push(['o3d spec palette', (i, o) => i.o3d(o3dBytes, 3, [10, 11, 12], o)]);
  out.push(['o3d spec global', (i, o) => i.o3d(o3dBytes, 2, undefined, o)]);
  out.push(['o3d bad slot', (i, o) => i.o3d(o3dRec(1, 0, 9, 0), 1, [10, 11, 12], o)]);
  out.push(['o3d not × 3', (i, o) => i.o3d(o3dRec(1, 0, 4, 0), 1, [10, 11, 12], o)]);
  out.push(['o3d past the bytes', (i, o) => i.o3d(o3dBytes, 4, [10, 11, 12], o)]);
  for (const stride of [32, 44, 48]) {
    const n = 900;
    const weight = () => { const r = random(); return r < 0.15 ? 0 : r < 0.2 ? -r : r < 0.22 ? NaN : r < 0.24 ? 1e-45 : Math.round(r * 16) / 16; };
    const good = f32Records(stride, n, (dv, at) => {
      dv.setFloat32(at + 12, weight(), true);
      dv.setFloat32(at + 16, weight(), true);
      dv.setUint16(at + 20, int(8) * 3, true);
      dv.setUint16(at + 22, int(8) * 3, true);
    });
    const palette = Int32Array.from({ length: 8 }, () => int(70000) - 100);
    out.push([`o3d random stride ${stride} palette`, (i, o) => i.o3d(good, n, palette, { ...o, stride } as never)]);
    out.push([`o3d random stride ${stride} global`, (i, o) => i.o3d(good, n, undefined, { ...o, stride } as never)]);
    out.push([`o3d random stride ${stride} short palette`, (i, o) => i.o3d(good, n, Array.from(palette.subarray(0, 5)), { ...o, stride } as never)]);
    const stale = f32Records(stride, n, (dv, at) => {
      const w1 = weight(), w2 = weight();
      dv.setFloat32(at + 12, w1, true);
      dv.setFloat32(at + 16, w2, true);
      dv.setUint16(at + 20, w1 > 0 ? int(8) * 3 : int(65536), true);
      dv.setUint16(at + 22, w2 > 0 ? int(8) * 3 : int(65536), true);
    });
    out.push([`o3d random stride ${stride} stale`, (i, o) => i.o3d(stale, n, palette, { ...o, stride } as never)]);
  }

  // MDL byte weights: spec case, random records of both strides, refused layouts.
  const mdl = new Uint8Array(96 * 2);
  [4, 7, 1, 0].forEach((b, k) => new DataView(mdl.buffer).setUint16(72 + k * 2, b, true));
  mdl.set([100, 50, 0, 0], 80);
  out.push(['mdl spec', (i, o) => i.mdl(mdl, 96, 2, 72, 80, o)]);
  out.push(['mdl past the bytes', (i, o) => i.mdl(mdl, 96, 3, 72, 80, o)]);
  out.push(['mdl fields past the record', (i, o) => i.mdl(mdl, 84, 2, 80, 80, o)]);
  const full = new Uint8Array(96);
  full.set([255, 0, 0, 0], 80);
  out.push(['mdl full weight', (i, o) => i.mdl(full, 96, 1, 72, 80, o)]);
  for (const [stride, jo, wo] of [[84, 64, 72], [96, 72, 80], [96, 80, 72]]) {
    const n = 800;
    const bytes = Uint8Array.from({ length: n * stride }, (_, b) => {
      const k = b % stride;
      if (k >= wo && k < wo + 4) return random() < 0.4 ? 0 : int(256);
      if (k >= jo && k < jo + 8) return k % 2 === (jo % 2) ? int(12) : random() < 0.05 ? int(256) : 0;
      return int(256);
    });
    for (let v = 0; v < n; v += 7) bytes.fill(0, v * stride + wo, v * stride + wo + 4);
    out.push([`mdl random ${stride}/${jo}/${wo}`, (i, o) => i.mdl(bytes, stride, n, jo, wo, o)]);
  }

  // LOD: spec cases, random streams of both sizes (with zero, negative and NaN weights), very wide.
  const rec5 = (field: number, w: number) => [...f32Records(5, 1, (dv) => { dv.setUint8(0, field); dv.setFloat32(1, w, true); })];
  const lod = new Uint8Array([...rec5(1, 0.5), ...rec5(0x80 | 2, 0.5), ...rec5(0x80 | 3, 1), ...rec5(4, 0.2), ...rec5(5, 0.3), ...rec5(6, 0.5)]);
  out.push(['lod spec', (i, o) => i.lod(lod, 6, 3, 3, o)]);
  out.push(['lod fills 3 not 4', (i, o) => i.lod(lod, 6, 3, 4, o)]);
  out.push(['lod past the last vertex', (i, o) => i.lod(lod, 6, 3, 2, o)]);
  out.push(['lod past the bytes', (i, o) => i.lod(lod, 7, 3, 3, o)]);
  out.push(['lod zero bones per vertex', (i, o) => i.lod(lod, 6, 0, 3, o)]);
  out.push(['lod no vertices', (i, o) => i.lod(new Uint8Array(0), 0, 4, 0, o)]);
  const wide = f32Records(6, 2, (dv, at, r) => { dv.setUint16(at, 0x8000 | (r ? 7 : 300), true); dv.setFloat32(at + 2, 1, true); });
  out.push(['lod wide spec', (i, o) => i.lod(wide, 2, 4, 2, { ...o, wide: true } as never)]);
  for (const isWide of [false, true]) {
    const size = isWide ? 6 : 5;
    for (const perVertex of [1, 3, 5, 9]) {
      const fields: number[] = [];
      let vertices = 0;
      for (let v = 0; v < 1500; v++, vertices++) {
        const k = 1 + int(perVertex + 1);
        for (let r = 0; r < k && r < perVertex; r++) fields.push((r === k - 1 && k <= perVertex ? (isWide ? 0x8000 : 0x80) : 0) | int(isWide ? 0x8000 : 0x80));
      }
      const weights = fields.map(() => { const r = random(); return r < 0.1 ? 0 : r < 0.13 ? -r : r < 0.15 ? NaN : Math.round(r * 16) / 16; });
      const bytes = f32Records(size, fields.length, (dv, at, r) => {
        if (isWide) dv.setUint16(at, fields[r], true);
        else dv.setUint8(at, fields[r]);
        dv.setFloat32(at + size - 4, weights[r], true);
      });
      out.push([`lod random ${size} per ${perVertex}`, (i, o) => i.lod(bytes, fields.length, perVertex, vertices, { ...o, wide: isWide } as never)]);
    }
  }
  const n = 20000;
  const veryWide = new Uint8Array(5 * (n + 1000));
  const vw = new DataView(veryWide.buffer);
  for (let r = 0; r < 1000; r++) { veryWide[r * 5] = r % 100; vw.setFloat32(r * 5 + 1, r % 3 ? 1 : 0.5, true); }
  for (let r = 1000; r < n + 1000; r++) { veryWide[r * 5] = 0x80 | (r % 50); vw.setFloat32(r * 5 + 1, r % 5 ? 1 : 0, true); }
  veryWide[999 * 5] |= 0x80;
  out.push(['lod very wide vertex', (i, o) => i.lod(veryWide, n + 1000, 60000, n + 1, o)]);

  // MS3D corpus files with a vertex-extra section.
  for (const entry of corpusFiles('ms3d', '.ms3d')) {
    const bytes = readCorpusFile(entry);
    const d = dumpMs3d(bytes);
    if (!d.extra || d.joints.length === 0) continue;
    const ids = Int8Array.from({ length: d.vertexCount }, (_, v) => (bytes[d.verticesAt + v * 15 + 13] << 24) >> 24);
    const ex = bytes.subarray(d.extra.at, d.extra.at + d.extra.stride * d.vertexCount);
    out.push([`ms3d corpus ${entry.file}`, (i, o) => i.ms3d(ids, ex, d.extra!.stride, d.joints.length, { ...o, rigidJoint: 0 } as never)]);
  }
  return out;
}

describe('skin-weight layouts', () => {
  it('give the recorded skins, bit for bit, on the TypeScript and every WASM path', async () => {
    await ready();
    const variants: Variant[] = simdSupported ? ['simd', 'scalar'] : ['scalar'];
    const recorded = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Record<string, string>;
    const all = cases();
    expect(all.filter(([name]) => !name.startsWith('ms3d corpus')).length).toBe(Object.keys(recorded).filter((name) => !name.startsWith('ms3d corpus')).length);
    for (const [name, run] of all) {
      const want = recorded[name];
      expect(want, `${name} is recorded`).toBeDefined();
      expect(digest(() => run(staged, { reference: true })), `${name} (reference)`).toBe(want);
      for (const variant of variants) expect(digest(() => run(staged, { variant })), `${name} (${variant})`).toBe(want);
    }
  });
});
