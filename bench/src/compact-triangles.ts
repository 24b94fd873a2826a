// compactTriangles (a material block's triangles over its own vertices) in WASM, SIMD and scalar
// builds, the indices placed once as a parse places its input, against its TypeScript twin (the
// loop O3D ran before), on a 65,535-vertex sheet split into 4 blocks. CPU ms per object, interleaved
// best of rounds, one run: `node --expose-gc --import tsx src/compact-triangles.ts [--objects=8]`
import os from 'node:os';
import { compactTriangles, ready, withInput } from '@relic3d/kernels';
import { compactTrianglesJS } from '@relic3d/kernels/reference';
import { fmt, timeInterleaved } from './timing.js';

await ready();
const side = 255, vertexCount = side * 257;
const corners: number[] = [];
for (let r = 0; r + 1 < 257; r++) for (let c = 0; c + 1 < side; c++) {
  const a = r * side + c;
  corners.push(a, a + side, a + 1, a + 1, a + side, a + side + 1);
}
const indices = Uint16Array.from(corners);
const triangles = indices.length / 3, per = Math.floor(triangles / 4);
const blocks = [0, 1, 2, 3].map((b) => indices.subarray(b * per * 3, b === 3 ? indices.length : (b + 1) * per * 3));
const remap = new Int32Array(vertexCount).fill(-1);
const object = (kernels: 'wasm' | 'js', variant?: 'simd' | 'scalar') => () => {
  for (const block of blocks) kernels === 'js' ? compactTrianglesJS(block, vertexCount, remap) : compactTriangles(block, vertexCount, undefined, { variant });
};
const load = os.loadavg();
const bytes = new Uint8Array(indices.buffer);
const [simd, scalar] = withInput(bytes, () => withInput(bytes, () => timeInterleaved([object('wasm', 'simd'), object('wasm', 'scalar')], 7, 30), { variant: 'scalar' }), { variant: 'simd' });
const [copied, twin] = timeInterleaved([object('wasm', 'simd'), object('js')], 7, 30);
console.log(`compactTriangles, ${vertexCount} vertices, ${triangles} triangles in 4 blocks: wasm simd placed ${fmt(simd, 2)} ms, scalar placed ${fmt(scalar, 2)} ms, simd copied in ${fmt(copied, 2)} ms, ts twin ${fmt(twin, 2)} ms; simd placed ${fmt(twin / simd)}× the twin`);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
