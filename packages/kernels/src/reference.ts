// TypeScript references of the kernels, with the signatures of their WASM twins: parity tests,
// benchmarks, and runtimes that want no WebAssembly at all. Nothing here loads the module.
export { deinterleaveJS } from './reference/deinterleave.js';
export { widenIndicesJS } from './reference/indices.js';
export { unweldJS } from './reference/unweld.js';
export { unweldSortedJS } from './reference/unweld-sorted.js';
export { unweldByVertexJS } from './reference/unweld-by-vertex.js';
export { packSkinWeightsJS } from './reference/skin.js';
export { unpackInfluencesJS, unpackGroupedInfluencesJS, groupRecordsJS } from './reference/influences.js';
export { bakeAnimationJS, eulerToQuaternionsJS } from './reference/animation.js';
export { skinVerticesJS } from './reference/skinning.js';
export { compactTrianglesJS } from './reference/compact.js';
export { unweldRecordCornersJS } from './reference/record-corners.js';
export { recordCornerKeys } from './reference/record-corners.js';
export { gatherRecordsJS } from './reference/gather.js';
