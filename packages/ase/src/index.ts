export { aseFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readAse } from './read/index.js';
export type * from './file.js';
