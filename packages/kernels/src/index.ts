// The module instance stays internal: its kernels take raw addresses into module memory.
export { ready, supported, simdSupported, setKernelMode, getKernelMode, activePath, WasmOutOfMemory } from './runtime.js';
export type { KernelMode, Variant } from './runtime.js';
export { deinterleave, deinterleaveJS, checkLayout } from './deinterleave.js';
export type { FieldLayout, FieldType, DeinterleavedArrays, DeinterleaveOptions } from './deinterleave.js';
export { widenIndices, widenIndicesJS, type WidenOptions } from './indices.js';
export { unweld, unweldJS, gather, type UnweldResult } from './unweld.js';
export { unweldByVertex, unweldByVertexJS, CHAIN_STEPS_PER_CORNER, type UnweldByVertexOptions } from './unweld-by-vertex.js';
export { packSkinWeights, packSkinWeightsJS, type PackedSkin } from './skin.js';
export {
  unpackMs3dWeights,
  unpackO3dWeights,
  unpackByteWeights,
  unpackLodWeights,
  type UnpackOptions,
  type UnpackedSkin,
  type Ms3dWeightOptions,
  type LodWeightOptions,
} from './weights.js';
export {
  bakeAnimation,
  bakeAnimationJS,
  eulerToQuaternionsJS,
  type BakeClipInput,
  type BakeOptions,
  type KeyTrackSet,
} from './animation.js';
export { skinVertices, skinVerticesJS, type SkinOptions } from './skinning.js';
