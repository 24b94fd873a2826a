export { mdlFormat } from './format.js';
export { parse, parseSync, parseMdl } from './parse.js';
export { readMdl } from './read.js';
export { isMdl, notMdlError, sniffMdl } from './detect.js';
export type {
  MdlAnimation,
  MdlBone,
  MdlColliderPart,
  MdlCollision,
  MdlFile,
  MdlLod,
  MdlMesh,
  MdlMorph,
  MdlNode,
  MdlParseOptions,
  MdlTrack,
  MdlVariant,
  MdlVertices,
} from './types.js';
