export { mdlFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readMdl } from './read/index.js';
// The file's raw types (its constants and limits stay internal).
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
} from './file.js';
export { writeMdl, mdlWriter, type WriteMdlOptions } from './write/index.js';
