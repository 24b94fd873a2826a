export { lodFormat, parseLod, parse, parseSync } from './format.js';
export { readLod } from './read.js';
export { indexWidth } from './read-mesh.js';
export { splitTextureNames, imageMimeType } from './scene-materials.js';
export type * from './types.js';
