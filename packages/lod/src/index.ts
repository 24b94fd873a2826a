export { lodFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readLod } from './read/index.js';
export type * from './file.js';
