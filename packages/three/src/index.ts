export { toThree, type ToThreeOptions, type ThreeScene } from './to-three.js';
export { setLodLevel } from './lod.js';
export { besideUrl, isHtmlPage, missingReason } from './fetch.js';
export { RelicLoader, type RelicLoaderOptions, type RelicLoadResult, type RelicParseOptions } from './loader.js';
export { createMaterial, type MaterialModel } from './materials.js';
export { createGeometry, triangleCount, ATTRIBUTE_NAMES } from './geometry.js';
export { CubicSplineInterpolant, applyInterpolation, interpolationOf } from './cubic.js';
export { CompanionFolders, defaultImageDecoder, fetchJsonListing, TEXTURE_FOLDERS, type FolderListing, type ImageDecoder } from './textures.js';
export { sceneStats, type SceneStats } from './stats.js';
