// unpackInfluences read in place from whole vertex records (the WASM kernel, SIMD and scalar
// builds) against its TypeScript twin, on O3D 44-byte skin vertices (2 slots through a palette,
// picked per material block) and MDL 96-byte Ultra vertices (4 u16 ids, u8 weights), and against
// the route the parsers took before: columns split by deinterleave, then the twin on the columns.
// CPU ms per call, interleaved best of rounds, one run.
// `node --expose-gc --import tsx src/record-influences.ts [--vertices=300000]`
import os from 'node:os';
import { deinterleave, ready, unpackInfluences, withInput, type InfluenceLayout, type InfluenceOptions } from '@relic3d/kernels';
import { unpackInfluencesJS } from '@relic3d/kernels/reference';
import { fmt, rng, timeInterleaved } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const count = Number(flags.vertices ?? 300000);
await ready();
const random = rng(2525);

const O3D: InfluenceLayout = {
  strides: [44],
  joints: [{ offset: 20, type: 'u16' }, { offset: 22, type: 'u16' }],
  weights: [{ offset: 12, type: 'f32' }, { offset: 16, type: 'f32' }],
  idDivisor: 3,
};
const O3D_COLUMNS: InfluenceLayout = {
  strides: [8, 4],
  joints: [{ offset: 0, type: 'u16', stream: 1 }, { offset: 2, type: 'u16', stream: 1 }],
  weights: [{ offset: 0, type: 'f32', stream: 0 }, { offset: 4, type: 'f32', stream: 0 }],
  idDivisor: 3,
};
const MDL: InfluenceLayout = {
  strides: [96],
  joints: [0, 1, 2, 3].map((k) => ({ offset: 72 + k * 2, type: 'u16' as const })),
  weights: [0, 1, 2, 3].map((k) => ({ offset: 80 + k, type: 'u8' as const })),
  weightDivisor: 255,
};
const MDL_COLUMNS: InfluenceLayout = {
  strides: [8, 4],
  joints: [0, 1, 2, 3].map((k) => ({ offset: k * 2, type: 'u16' as const, stream: 0 })),
  weights: [0, 1, 2, 3].map((k) => ({ offset: k, type: 'u8' as const, stream: 1 })),
  weightDivisor: 255,
};

const o3d = new Uint8Array(count * 44), mdl = new Uint8Array(count * 96);
const o3dView = new DataView(o3d.buffer), mdlView = new DataView(mdl.buffer);
for (let v = 0; v < count; v++) {
  const w = 0.5 + random() * 0.5;
  o3dView.setFloat32(v * 44 + 12, w, true);
  o3dView.setFloat32(v * 44 + 16, 1 - w, true);
  o3dView.setUint16(v * 44 + 20, (v % 28) * 3, true);
  o3dView.setUint16(v * 44 + 22, ((v + 5) % 28) * 3, true);
  [100, 80, 50, 25].forEach((weight, k) => {
    mdlView.setUint16(v * 96 + 72 + k * 2, (v + k * 7) % 60, true);
    mdl[v * 96 + 80 + k] = weight;
  });
}
// Four material blocks over the object's vertices, each with its own 28-bone palette.
const blocks = [0, 1, 2, 3].map((b) => ({
  records: Uint32Array.from({ length: Math.floor(count / 4) }, (_, i) => b * Math.floor(count / 4) + i),
  palette: Array.from({ length: 28 }, (_, k) => (b * 11 + k) % 60),
}));
const o3dOptions = (palette: number[]): InfluenceOptions => ({ palette, jointCount: 60, invalid: 'throw', unweighted: 'unskinned' });

/** The route before: split the records into columns, gather each block's columns, unpack them. */
function o3dColumns(): void {
  const { weights, boneIndices } = deinterleave(o3d, 44, count, { weights: { offset: 12, type: 'f32', components: 2 }, boneIndices: { offset: 20, type: 'u16', components: 2 } }, { kernels: 'js' });
  for (const b of blocks) {
    const n = b.records.length, w = new Float32Array(n * 2), i = new Uint16Array(n * 2);
    for (let v = 0; v < n; v++) {
      const s = b.records[v] * 2;
      w[v * 2] = weights[s]; w[v * 2 + 1] = weights[s + 1];
      i[v * 2] = boneIndices[s]; i[v * 2 + 1] = boneIndices[s + 1];
    }
    unpackInfluencesJS([new Uint8Array(w.buffer), new Uint8Array(i.buffer)], n, O3D_COLUMNS, o3dOptions(b.palette));
  }
}
function o3dRecords(kernels: 'wasm' | 'js', variant?: 'simd' | 'scalar'): void {
  for (const b of blocks) unpackInfluences([o3d], b.records.length, O3D, { ...o3dOptions(b.palette), records: b.records, kernels, variant });
}
function mdlColumns(): void {
  const { ids, weights } = deinterleave(mdl, 96, count, { ids: { offset: 72, type: 'u16', components: 4 }, weights: { offset: 80, type: 'u8', components: 4 } }, { kernels: 'js' });
  unpackInfluencesJS([new Uint8Array(ids.buffer), weights], count, MDL_COLUMNS, { jointCount: 60, unweighted: 'unskinned' });
}
function mdlRecords(kernels: 'wasm' | 'js', variant?: 'simd' | 'scalar'): void {
  unpackInfluences([mdl], count, MDL, { jointCount: 60, unweighted: 'unskinned', kernels, variant });
}

const load = os.loadavg();
const names = ['wasm simd placed', 'wasm scalar placed', 'wasm simd copied in', 'ts twin in place', 'ts columns (before)'];
for (const [format, bytes, run, columns] of [['o3d', o3d, o3dRecords, o3dColumns], ['mdl', mdl, mdlRecords, mdlColumns]] as const) {
  // The records placed once for the whole timing, as a parse places its input (withInput); and copied in per call.
  const fns = [() => run('wasm', 'simd'), () => run('wasm', 'scalar'), () => run('wasm', 'simd'), () => run('js'), columns];
  const placed = (fn: () => unknown) => () => withInput(bytes, () => withInput(bytes, fn, { variant: 'scalar' }), { variant: 'simd' });
  const ms = [
    ...(placed(() => timeInterleaved(fns.slice(0, 2), 7, 30))() as number[]),
    ...timeInterleaved(fns.slice(2), 7, 30),
  ];
  console.log(`${format} ${count} vertices: ${names.map((n, i) => `${n} ${fmt(ms[i], 2)} ms`).join(', ')}; simd placed ${fmt(ms[3] / ms[0])}× the twin, ${fmt(ms[4] / ms[0])}× the columns route`);
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
