export { ms3dFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readMs3d } from './read/index.js';
// The file's raw types (its constants and limits stay internal).
export type {
  Ms3dComment,
  Ms3dComments,
  Ms3dFile,
  Ms3dGroup,
  Ms3dJoint,
  Ms3dJointExtra,
  Ms3dMaterial,
  Ms3dModelExtra,
  Ms3dParseOptions,
  Ms3dTrailerSection,
  Ms3dTriangles,
  Ms3dVertexExtra,
  Ms3dVertices,
} from './file.js';
export { writeMs3d, ms3dWriter, type WriteMs3dOptions } from './write/index.js';
