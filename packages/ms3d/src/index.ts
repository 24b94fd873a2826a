import { parseSync } from './parse.js';
import { buildMs3dScene } from './scene/index.js';

export { ms3dFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readMs3d } from './read/index.js';
export type * from './file.js';

/** @deprecated use parseSync */
export const parseMs3d = parseSync;
/** @deprecated internal scene builder (tooling/fuzz/src/child.ts); parse or parseSync build the scene */
export const ms3dToScene = buildMs3dScene;
