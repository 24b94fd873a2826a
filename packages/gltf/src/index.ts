export { GENERATOR } from './export/index.js';
export { FINITE_SCENE, isKnownFinite } from './export/trust.js';
export { toGlb, toGltf, toDocument, createIO, gltfExtensions } from './io/index.js';
export { extrasArrayOf, isExtrasArrayReference, INLINE_ARRAY_LIMIT, type ExtrasArrayReference } from './io/extras-arrays.js';
export { MSFTLod, Lod, MSFT_LOD } from './extensions/msft-lod.js';
export { candidateNames } from './images/names.js';
/** Re-exported from @relic3d/core, where the image sniffer and decoders live. */
export { sniffImage } from '@relic3d/core';
export type { ExportOptions, GltfOptions } from './options.js';
export { fromGltf, type FromGltfOptions, type GltfDecoders } from './import/index.js';
export * from './optimize/index.js';
