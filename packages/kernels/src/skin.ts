import { expectNumbers } from './guard.js';
import { wasmModule, type KernelMode, type Variant, type WasmModule } from './runtime.js';

export interface PackedSkin {
  /** 4 joint indices per vertex. */
  joints: Uint16Array;
  /** 4 weights per vertex, summing to 1. */
  weights: Float32Array;
}

/**
 * Packs `influences` (joint, weight) pairs per vertex into glTF JOINTS_0/WEIGHTS_0: duplicate
 * joints are merged, the 4 largest kept, and the weights renormalised. A vertex whose weights are
 * all zero (or negative) binds fully to its first joint. TypeScript reference.
 */
export function packSkinWeightsJS(
  vertexCount: number,
  influences: number,
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
): PackedSkin {
  checkPack(vertexCount, influences, joints, weights);
  const outJ = new Uint16Array(vertexCount * 4);
  const outW = new Float32Array(vertexCount * 4);
  const tj = new Int32Array(influences);
  const tw = new Float64Array(influences);
  for (let v = 0; v < vertexCount; v++) {
    let n = 0;
    for (let k = 0; k < influences; k++) {
      const j = joints[v * influences + k];
      const w = weights[v * influences + k];
      if (!(w > 0)) continue;
      let m = 0;
      while (m < n && tj[m] !== j) m++;
      if (m < n) tw[m] += w;
      else {
        tj[n] = j;
        tw[n++] = w;
      }
    }
    if (n === 0) {
      outJ[v * 4] = joints[v * influences] ?? 0;
      outW[v * 4] = 1;
      continue;
    }
    // Selection of the 4 largest (stable for equal weights: earlier influence first).
    let sum = 0;
    const keep = Math.min(4, n);
    for (let s = 0; s < keep; s++) {
      let best = s;
      for (let m = s + 1; m < n; m++) if (tw[m] > tw[best]) best = m;
      if (best !== s) {
        const bj = tj[best], bw = tw[best];
        for (let m = best; m > s; m--) {
          tj[m] = tj[m - 1];
          tw[m] = tw[m - 1];
        }
        tj[s] = bj;
        tw[s] = bw;
      }
      sum += tw[s];
    }
    for (let s = 0; s < keep; s++) {
      outJ[v * 4 + s] = tj[s];
      outW[v * 4 + s] = tw[s] / sum;
    }
  }
  return { joints: outJ, weights: outW };
}

function checkPack(vertexCount: number, influences: number, joints: ArrayLike<number>, weights: ArrayLike<number>): void {
  if (!Number.isInteger(vertexCount) || vertexCount < 0 || !Number.isInteger(influences) || influences < 0) {
    throw new RangeError(`vertexCount and influences must be non-negative integers, got ${vertexCount} and ${influences}`);
  }
  expectNumbers('joints', joints);
  expectNumbers('weights', weights);
  if (joints.length < vertexCount * influences || weights.length < vertexCount * influences) {
    throw new RangeError(`${vertexCount} vertices × ${influences} influences exceed the ${Math.min(joints.length, weights.length)} given`);
  }
}

/**
 * Packs per-vertex (joint, weight) influences into glTF JOINTS_0/WEIGHTS_0 (see
 * {@link packSkinWeightsJS}). Runs in WASM once `ready()` has resolved; identical results.
 */
export function packSkinWeights(
  vertexCount: number,
  influences: number,
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  options: { kernels?: KernelMode; variant?: Variant } = {},
): PackedSkin {
  const wasm = wasmModule(options);
  if (!wasm || influences === 0) return packSkinWeightsJS(vertexCount, influences, joints, weights);
  checkPack(vertexCount, influences, joints, weights);
  const total = vertexCount * influences;
  return wasm.run(() => {
    let j: number, jointType: number, jointSize: number;
    if (joints instanceof Int32Array || joints instanceof Uint16Array || joints instanceof Uint8Array) {
      j = wasm.put(joints.subarray(0, total));
      jointSize = joints.BYTES_PER_ELEMENT;
      jointType = jointSize === 4 ? J_I32 : jointSize === 2 ? J_U16 : J_U8;
    } else {
      j = wasm.alloc(total * 4);
      setFrom(wasm.view(Int32Array, j, total), joints, total);
      jointSize = 4;
      jointType = J_I32;
    }
    let w: number, weightType: number, weightSize: number;
    if (weights instanceof Float32Array) {
      w = wasm.put(weights.subarray(0, total));
      weightSize = 4;
      weightType = W_F32;
    } else {
      w = wasm.alloc(total * 8);
      setFrom(wasm.view(Float64Array, w, total), weights, total);
      weightSize = 8;
      weightType = W_F64;
    }
    return packIn(wasm, vertexCount, influences, j, influences * jointSize, jointSize, jointType, w, influences * weightSize, weightSize, weightType);
  }, () => packSkinWeightsJS(vertexCount, influences, joints, weights));
}

/** Joint and weight element types of the packSkin kernel. */
export const J_I32 = 0, J_U16 = 1, J_U8 = 2;
export const W_F64 = 0, W_F32 = 1, W_U8_UNORM = 2, W_U8_PERCENT = 3;

/**
 * Runs the packSkin kernel on influences already in module memory; copies the result out. With
 * `rigid`, also the flags of vertices that had no positive weight (only when there are any).
 */
export function packIn(
  wasm: WasmModule,
  vertexCount: number,
  influences: number,
  joints: number, jointStride: number, jointStep: number, jointType: number,
  weights: number, weightStride: number, weightStep: number, weightType: number,
  rigid = false,
): PackedSkin & { rigid?: Uint8Array } {
  const tj = wasm.alloc(influences * 4);
  const tw = wasm.alloc(influences * 8);
  const oj = wasm.alloc(vertexCount * 8);
  const ow = wasm.alloc(vertexCount * 16);
  const flags = rigid ? wasm.alloc(vertexCount) : 0;
  const count = wasm.exports.packSkin(vertexCount, influences, joints, jointStride, jointStep, jointType, weights, weightStride, weightStep, weightType, tj, tw, oj, ow, flags);
  const out: PackedSkin & { rigid?: Uint8Array } = { joints: wasm.take(Uint16Array, oj, vertexCount * 4), weights: wasm.take(Float32Array, ow, vertexCount * 4) };
  if (rigid && count > 0) out.rigid = wasm.take(Uint8Array, flags, vertexCount);
  return out;
}

/** target.set(source[0..n)) for typed arrays and plain array-likes alike. */
function setFrom(target: Int32Array | Float64Array, source: ArrayLike<number>, n: number): void {
  if (ArrayBuffer.isView(source)) target.set((source as unknown as Float64Array).subarray(0, n));
  else for (let i = 0; i < n; i++) target[i] = source[i];
}
