import { checkPack, packSkinWeightsJS, type PackedSkin } from './reference/skin.js';
export type { PackedSkin } from './reference/skin.js';
import { wasmModule, type KernelMode, type Variant, type WasmModule } from './runtime.js';

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
export const W_F64 = 0, W_F32 = 1;

/** Runs the packSkin kernel on influences already in module memory; copies the result out. */
export function packIn(
  wasm: WasmModule,
  vertexCount: number,
  influences: number,
  joints: number, jointStride: number, jointStep: number, jointType: number,
  weights: number, weightStride: number, weightStep: number, weightType: number,
): PackedSkin {
  const tj = wasm.alloc(influences * 4);
  const tw = wasm.alloc(influences * 8);
  const oj = wasm.alloc(vertexCount * 8);
  const ow = wasm.alloc(vertexCount * 16);
  wasm.exports.packSkin(vertexCount, influences, joints, jointStride, jointStep, jointType, weights, weightStride, weightStep, weightType, tj, tw, oj, ow, 0);
  return { joints: wasm.take(Uint16Array, oj, vertexCount * 4), weights: wasm.take(Float32Array, ow, vertexCount * 4) };
}

/** target.set(source[0..n)) for typed arrays and plain array-likes alike. */
function setFrom(target: Int32Array | Float64Array, source: ArrayLike<number>, n: number): void {
  if (ArrayBuffer.isView(source)) target.set((source as unknown as Float64Array).subarray(0, n));
  else for (let i = 0; i < n; i++) target[i] = source[i];
}
