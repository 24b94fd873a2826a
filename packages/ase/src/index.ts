export { aseFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readAse } from './read/index.js';
// The file's raw types (its constants and limits stay internal).
export type {
  AseFile,
  AseFileWithWarnings,
  AseMap,
  AseMapChannel,
  AseMaterial,
  AseMesh,
  AseNodeTM,
  AseNormals,
  AseObject,
  AseObjectKind,
  AseParseOptions,
  AseRows,
  AseSceneInfo,
  AseShapeLine,
  AseSkinWeights,
  AseTMAnimation,
  AseTrack,
  AseTrackKind,
} from './file.js';
export { writeAse, aseWriter, type WriteAseOptions } from './write/index.js';
