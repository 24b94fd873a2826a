import { bakeAnimationJS, checkClip, type BakeClipInput, type KeyTrackSet } from './reference/animation.js';
import { wasmModule, type KernelMode, type Variant } from './runtime.js';

export type { BakeClipInput, KeyTrackSet } from './reference/animation.js';

export interface BakeOptions {
  kernels?: KernelMode;
  variant?: Variant;
}

/**
 * Bakes a whole clip in one call: keys (Euler or quaternion) → per-frame local TRS → world
 * matrices down the parent array → skinning matrices (world × inverse bind). Returns
 * frames × joints × 16 floats (column-major). Runs in WASM once `ready()` has resolved.
 */
export function bakeAnimation(input: BakeClipInput, options: BakeOptions = {}): Float32Array {
  const wasm = wasmModule(options);
  if (!wasm) return bakeAnimationJS(input);
  const { n, order, parents, restT, restR, restS } = checkClip(input);
  const frames = input.frameTimes.length;
  return wasm.run(() => {
    const e = wasm.exports;
    const tracks = (set: KeyTrackSet | undefined, size: number, euler = false): [number, number, number] => {
      if (!set) return [0, 0, 0];
      const keys = set.offsets[n];
      const off = wasm.put(set.offsets);
      const times = wasm.put(set.times.subarray(0, keys));
      let values = wasm.put(set.values.subarray(0, keys * size));
      if (euler) {
        const q = wasm.alloc(keys * 16);
        e.eulerToQuat(values, keys, q);
        values = q;
      }
      return [off, times, values];
    };
    const ft = wasm.put(input.frameTimes);
    const ord = wasm.put(order);
    const par = wasm.put(parents);
    const ibm = wasm.put(input.inverseBindMatrices.subarray(0, n * 16));
    const rt = wasm.put(restT.subarray(0, n * 3));
    const rr = wasm.put(restR.subarray(0, n * 4));
    const rs = wasm.put(restS.subarray(0, n * 3));
    const euler = input.rotationFormat === 'euler-xyz';
    const [tO, tT, tV] = tracks(input.translation, 3);
    const [rO, rT, rV] = tracks(input.rotation, euler ? 3 : 4, euler);
    const [sO, sT, sV] = tracks(input.scale, 3);
    const local = wasm.alloc(64);
    const world = wasm.alloc(n * 64);
    const out = wasm.alloc(frames * n * 64);
    e.bakeClip(n, frames, ft, ord, par, ibm, rt, rr, rs, tO, tT, tV, rO, rT, rV, sO, sT, sV, input.relative ? 1 : 0, local, world, out);
    return wasm.take(Float32Array, out, frames * n * 16);
  }, () => bakeAnimationJS(input));
}
