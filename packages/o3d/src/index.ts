/**
 * @relic3d/o3d: Fly For Fun `.o3d` meshes with their `.chr` skeletons and `.ani` motions.
 */
export { o3dFormat } from './format.js';
export { parse, parseSync } from './parse.js';
export { readO3d, readChr, readAni } from './read/index.js';
/** The one naming rule callers need: which `.chr` and `.ani` files in a folder belong to a model. */
export { findCompanions, type Companions } from './read/companion-names.js';
// The file's raw types (its constants and limits stay internal).
export type {
  AniFile,
  ChrBone,
  ChrFile,
  MotionAttribute,
  MotionBody,
  MotionBone,
  MotionTrack,
  O3dEmbeddedSkeleton,
  O3dFile,
  O3dGeometry,
  O3dMaterial,
  O3dMaterialBlock,
  O3dMotions,
  O3dObject,
  O3dParseOptions,
  O3dReadOptions,
} from './file.js';
export { writeO3d, o3dWriter, type WriteO3dOptions } from './write/index.js';
export { assembleCharacter, heldAttachment, type AssembleOptions, type ModelFile, type HeldSlot } from './assemble/index.js';
