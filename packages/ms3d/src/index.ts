export { ms3dFormat, parse, parseSync, isMs3d } from './format.js';
export { parseMs3d, ms3dToScene } from './scene.js';
export { readMs3d, MS3D_MAGIC, MS3D_LIMITS } from './read.js';
export { MODE_SPHEREMAP, MODE_HASALPHA, MODE_COMBINEALPHA, normalizeTexturePath, roughnessFromShininess } from './materials.js';
export type * from './types.js';
