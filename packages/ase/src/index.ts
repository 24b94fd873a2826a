export { aseFormat, parse, parseSync, parseAse, testAse } from './format.js';
export { readAse, type AseFileWithWarnings } from './read.js';
export type * from './types.js';
