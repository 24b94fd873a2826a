export { mdlFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readMdl } from './read/index.js';
export type * from './file.js';
