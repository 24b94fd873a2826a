/**
 * @relic3d/o3d: Fly For Fun `.o3d` meshes with their `.chr` skeletons and `.ani` motions.
 */
export { o3dFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readO3d, readChr, readAni } from './read/index.js';
/** The one naming rule callers need: which `.chr` and `.ani` files in a folder belong to a model. */
export { findCompanions, type Companions } from './read/companion-names.js';
export type * from './file.js';
