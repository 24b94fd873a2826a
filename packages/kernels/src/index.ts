export { ready, supported, simdSupported, setKernelMode, getKernelMode, activePath, wasmModule, WasmModule } from './runtime.js';
export type { KernelMode, Variant, KernelExports } from './runtime.js';
export { deinterleave, deinterleaveJS, checkLayout } from './deinterleave.js';
export type { FieldLayout, FieldType, DeinterleavedArrays, DeinterleaveOptions } from './deinterleave.js';
export { unweld, unweldJS, gather, type UnweldResult } from './unweld.js';
export { packSkinWeights, packSkinWeightsJS, type PackedSkin } from './skin.js';
