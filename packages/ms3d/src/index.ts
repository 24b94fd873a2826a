export { ms3dFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readMs3d } from './read/index.js';
export type * from './file.js';
