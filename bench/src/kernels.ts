// WASM (SIMD, scalar) against the TypeScript reference, per kernel, on large deterministic inputs.
import * as K from '@relic3d/kernels';
import { bakeAnimationJS } from '@relic3d/kernels/reference';
// The format record layouts over the generic influence kernels are each format's internals.
import { unpackMs3dWeights } from '../../packages/ms3d/src/read/skin-weights.js';
import { unpackO3dWeights } from '../../packages/o3d/src/read/skin-weights.js';
import { unpackLodWeights } from '../../packages/lod/src/read/skin-weights.js';
import { unpackByteWeights } from '../../packages/mdl/src/read/skin-weights.js';
import { rng, timeInterleaved } from './timing.js';

export interface KernelRow {
  kernel: string;
  size: string;
  jsMs: number;
  simdMs: number;
  scalarMs: number;
  simdRatio: number;
  scalarRatio: number;
  target?: number;
}

type Opt = { kernels?: 'js'; variant?: 'simd' | 'scalar' };

function row(kernel: string, size: string, run: (o: Opt) => unknown, target?: number): KernelRow {
  const [jsMs, simdMs, scalarMs] = timeInterleaved([() => run({ kernels: 'js' }), () => run({ variant: 'simd' }), () => run({ variant: 'scalar' })]);
  return { kernel, size, jsMs, simdMs, scalarMs, simdRatio: jsMs / simdMs, scalarRatio: jsMs / scalarMs, target };
}

export async function kernelBench(scale = 1): Promise<KernelRow[]> {
  await K.ready();
  const random = rng(2024);
  const rows: KernelRow[] = [];

  // Vertex records: MDL 96-byte, O3D 44-byte, MS3D 15-byte.
  for (const [name, stride, layout] of [
    ['deinterleave MDL 96 B', 96, { position: { offset: 0, type: 'f32', components: 3 }, normal: { offset: 12, type: 'f32', components: 3 }, uv: { offset: 24, type: 'f32', components: 2 }, tangent: { offset: 48, type: 'f32', components: 3 } }],
    ['deinterleave O3D 44 B', 44, { position: { offset: 0, type: 'f32', components: 3 }, weights: { offset: 12, type: 'f32', components: 2 }, bones: { offset: 20, type: 'u16', components: 2 }, normal: { offset: 24, type: 'f32', components: 3 }, uv: { offset: 36, type: 'f32', components: 2 } }],
    ['deinterleave MS3D 15 B', 15, { position: { offset: 1, type: 'f32', components: 3 }, bone: { offset: 13, type: 'u8', components: 1 } }],
  ] as const) {
    const count = Math.round(200_000 * scale);
    const bytes = new Uint8Array(count * stride);
    const f = new Float32Array(bytes.buffer, 0, (bytes.length >> 2));
    for (let i = 0; i < f.length; i++) f[i] = random();
    rows.push(row(name, `${count} records`, (o) => K.deinterleave(bytes, stride, count, layout as never, o)));
  }

  const n16 = Math.round(3_000_000 * scale);
  const u16 = Uint16Array.from({ length: n16 }, () => Math.floor(random() * 65535));
  rows.push(row('widen u16→u32', `${n16} indices`, (o) => K.widenIndices(u16, { ...o, vertexCount: 65535 })));

  const corners = Math.round(600_000 * scale);
  const keys = new Uint32Array(corners * 3);
  for (let c = 0; c < corners; c++) {
    const v = Math.floor(random() * (corners / 6));
    keys[c * 3] = v;
    keys[c * 3 + 1] = v + Math.floor(random() * 2);
    keys[c * 3 + 2] = Math.floor(random() * 3);
  }
  rows.push(row('unweld (3 indices/corner)', `${corners} corners`, (o) => K.unweld(keys, 3, corners, o), 1.5));

  const verts = Math.round(400_000 * scale);
  const joints = Int32Array.from({ length: verts * 4 }, () => Math.floor(random() * 60));
  const weights = Float32Array.from({ length: verts * 4 }, () => random());
  rows.push(row('packSkinWeights (4 infl.)', `${verts} vertices`, (o) => K.packSkinWeights(verts, 4, joints, weights, o), 1.5));

  // MS3D extra ids/weights (sub-version 3, 14-byte records).
  const boneIds = Int8Array.from({ length: verts }, () => Math.floor(random() * 60));
  const extra = new Uint8Array(verts * 14);
  for (let v = 0; v < verts; v++) {
    extra.set([Math.floor(random() * 60), Math.floor(random() * 60), 255, 40, 30, 20], v * 14);
  }
  rows.push(row('unpack MS3D weights', `${verts} vertices`, (o) => unpackMs3dWeights(boneIds, extra, 14, 60, o.kernels ? { reference: true } : o), 1.5));

  // O3D palette × 3 pairs.
  const o3d = new DataView(new ArrayBuffer(verts * 44));
  for (let v = 0; v < verts; v++) {
    const w = random();
    o3d.setFloat32(v * 44 + 12, Math.max(w, 1 - w), true);
    o3d.setFloat32(v * 44 + 16, Math.min(w, 1 - w), true);
    o3d.setUint16(v * 44 + 20, Math.floor(random() * 28) * 3, true);
    o3d.setUint16(v * 44 + 22, Math.floor(random() * 28) * 3, true);
  }
  const palette = Array.from({ length: 28 }, (_, i) => i * 2);
  const o3dBytes = new Uint8Array(o3d.buffer);
  rows.push(row('unpack O3D weights', `${verts} vertices`, (o) => unpackO3dWeights(o3dBytes, verts, palette, o.kernels ? { reference: true } : o), 1.5));

  // LOD variable-length records: 1..4 per vertex.
  const lodRecords: number[] = [];
  for (let v = 0; v < verts; v++) {
    const k = 1 + Math.floor(random() * 4);
    for (let r = 0; r < k; r++) lodRecords.push((r === k - 1 ? 0x80 : 0) | Math.floor(random() * 100), random());
  }
  const lod = new DataView(new ArrayBuffer((lodRecords.length / 2) * 5));
  for (let r = 0; r < lodRecords.length / 2; r++) {
    lod.setUint8(r * 5, lodRecords[r * 2]);
    lod.setFloat32(r * 5 + 1, lodRecords[r * 2 + 1], true);
  }
  const lodBytes = new Uint8Array(lod.buffer);
  const lodCount = lodRecords.length / 2;
  rows.push(row('unpack LOD weights', `${verts} vertices`, (o) => unpackLodWeights(lodBytes, lodCount, 4, verts, o.kernels ? { reference: true } : o), 1.5));

  // MDL byte weights in 96-byte records.
  const mdl = new Uint8Array(verts * 96);
  for (let v = 0; v < verts; v++) {
    for (let k = 0; k < 4; k++) mdl[v * 96 + 72 + k * 2] = Math.floor(random() * 60);
    mdl.set([128, 64, 63, 0], v * 96 + 80);
  }
  rows.push(row('unpack MDL byte weights', `${verts} vertices`, (o) => unpackByteWeights(mdl, 96, verts, 72, 80, o.kernels ? { reference: true } : o), 1.5));

  // Animation baking: 100 joints, 600 frames, Euler keys (MS3D-like, relative).
  const jointCount = 100;
  const keysPerJoint = 120;
  const frames = Math.round(600 * scale);
  const parents = Array.from({ length: jointCount }, (_, j) => (j === 0 ? -1 : Math.floor(random() * j)));
  const offsets = Uint32Array.from({ length: jointCount + 1 }, (_, j) => j * keysPerJoint);
  const times = Float32Array.from({ length: jointCount * keysPerJoint }, (_, i) => (i % keysPerJoint) / 30);
  const bake: K.BakeClipInput = {
    parents,
    inverseBindMatrices: Float32Array.from({ length: jointCount * 16 }, (_, i) => (i % 5 === 0 ? 1 : 0)),
    restTranslation: Float32Array.from({ length: jointCount * 3 }, () => random()),
    restRotation: Float32Array.from({ length: jointCount * 4 }, (_, i) => (i % 4 === 3 ? 1 : 0)),
    rotation: { offsets, times, values: Float32Array.from({ length: jointCount * keysPerJoint * 3 }, () => random() * 2 - 1) },
    translation: { offsets, times, values: Float32Array.from({ length: jointCount * keysPerJoint * 3 }, () => random()) },
    rotationFormat: 'euler-xyz',
    relative: true,
    frameTimes: Float32Array.from({ length: frames }, (_, f) => f / 150),
  };
  rows.push(row('bakeAnimation (Euler)', `${jointCount} joints × ${frames} frames`, (o) => K.bakeAnimation(bake, o), 3));
  const quat: K.BakeClipInput = { ...bake, rotationFormat: 'quaternion', rotation: { offsets, times, values: Float32Array.from({ length: jointCount * keysPerJoint * 4 }, () => random()) } };
  rows.push(row('bakeAnimation (quaternion)', `${jointCount} joints × ${frames} frames`, (o) => K.bakeAnimation(quat, o), 3));

  const skinVerts = Math.round(400_000 * scale);
  const positions = Float32Array.from({ length: skinVerts * 3 }, () => random() * 10);
  const normals = Float32Array.from({ length: skinVerts * 3 }, () => random() - 0.5);
  const sj = Uint16Array.from({ length: skinVerts * 4 }, () => Math.floor(random() * jointCount));
  const sw = Float32Array.from({ length: skinVerts * 4 }, (_, i) => (i % 4 === 3 ? 0 : 1 / 3));
  const matrices = bakeAnimationJS({ ...bake, frameTimes: new Float32Array([0.5]) });
  const outP = new Float32Array(skinVerts * 3), outN = new Float32Array(skinVerts * 3);
  rows.push(row('skinVertices (+normals)', `${skinVerts} vertices`, (o) => K.skinVertices(positions, sj, sw, matrices, outP, normals, outN, o), 3));
  return [...rows, ...gatherRows(scale)];
}

/**
 * gatherRecords as O3D's material blocks call it: 32-byte records, position and normal z mirrored,
 * uv; four blocks of consecutive vertices; the records placed once by `withInput`, as O3D's parse
 * places its whole input, against the twin on aligned records. That is the only path on which WASM
 * runs: outside `withInput`, or on the scalar build, gatherRecords is the twin (a copied-in form,
 * 0.95–1.21× the twin when pinned, ran in no parser and is no longer a row). The scalar column is
 * the scalar build pinned in place, which no caller gets by default.
 */
export function gatherRows(scale = 1): KernelRow[] {
  const count = Math.round(400_000 * scale);
  const bytes = new Uint8Array(count * 32);
  const f = new Float32Array(bytes.buffer);
  const random = rng(77);
  for (let i = 0; i < f.length; i++) f[i] = random() * 2 - 1;
  const fields = [{ offset: 0, components: 3, negate: 2 }, { offset: 12, components: 3, negate: 2 }, { offset: 24, components: 2 }];
  const quarter = Math.ceil(count / 4);
  const blocks = [0, 1, 2, 3].map((b) => Uint32Array.from({ length: Math.max(0, Math.min(quarter, count - b * quarter)) }, (_, i) => b * quarter + i));
  const gather = (o: Opt) => blocks.map((source) => K.gatherRecords(bytes, 32, source, fields, o));
  return [K.withInput(bytes, () => row('gatherRecords O3D 32 B', `${count} vertices, 4 blocks, placed (as O3D)`, gather, 1.5), { variant: 'simd' })];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `kernels.ts [scale] [--gather]`: every kernel, or only gatherRecords' rows.
  const scale = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 1);
  await K.ready();
  for (const r of process.argv.includes('--gather') ? gatherRows(scale) : await kernelBench(scale)) {
    console.log(`${r.kernel.padEnd(28)} ${r.size.padEnd(40)} js ${r.jsMs.toFixed(2).padStart(8)} ms  simd ×${r.simdRatio.toFixed(2)}  scalar ×${r.scalarRatio.toFixed(2)}${r.target ? `  (target ×${r.target})` : ''}`);
  }
}
