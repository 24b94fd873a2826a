// The module instance stays internal: its kernels take raw addresses into module memory.
// TypeScript references of the kernels: '@relic3d/kernels/reference'.
export { ready, supported, simdSupported, setKernelMode, getKernelMode, setKernelVariant, getKernelVariant, activePath, withInput, WasmOutOfMemory } from './runtime.js';
export type { KernelMode, Variant } from './runtime.js';
export { deinterleave, checkLayout } from './deinterleave.js';
export type { FieldLayout, FieldType, DeinterleavedArrays, DeinterleaveOptions } from './deinterleave.js';
export { widenIndices, type WidenOptions } from './indices.js';
export { unweld, gather, PROBES_PER_CORNER, type UnweldOptions, type UnweldResult } from './unweld.js';
export { unweldByVertex, CHAIN_STEPS_PER_CORNER, type UnweldByVertexOptions } from './unweld-by-vertex.js';
export { packSkinWeights, type PackedSkin } from './skin.js';
export { unpackInfluences, unpackGroupedInfluences, groupRecords, type UnpackInfluencesOptions } from './influences.js';
export { InvalidInfluence } from './reference/influence-layout.js';
export type {
  IdType,
  WeightType,
  StreamField,
  InfluenceLayout,
  InfluenceOptions,
  InvalidIds,
  UnweightedVertices,
  RecordGrouping,
  UnpackedSkin,
} from './reference/influence-layout.js';
export { bakeAnimation, type BakeClipInput, type BakeOptions, type KeyTrackSet } from './animation.js';
export { skinVertices, type SkinOptions } from './skinning.js';
export { compactTriangles, type CompactTriangles } from './compact.js';
export { unweldRecordCorners, type RecordCornerLayout, type RecordCornersOptions, type RecordCornersResult } from './record-corners.js';
export { gatherRecords, type GatherField, type GatheredRecords } from './gather.js';
