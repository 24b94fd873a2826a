export * from './types.js';
export {
  FormatError,
  isFormatError,
  WarningSink,
  WARNINGS_PER_CODE,
  isWarningSummary,
  type WarningSummary,
  serializeError,
  type FormatErrorCode,
  type FormatErrorInit,
  type SerializedError,
} from './errors.js';
export { ByteReader, printable, type ByteReaderOptions } from './byte-reader.js';
export { codePage } from './codepage.js';
export {
  detectFormat,
  requireFormat,
  type RequireFormatOptions,
  registerFormat,
  registeredFormats,
  identifyForeign,
  foreignError,
  rejectForeign,
  foreignSignatures,
  type ForeignSignature,
} from './detect.js';
export { createScene, addNode, defaultMaterial, localMatrix, computeWorldMatrices, topologicalOrder } from './scene.js';
export { sampleAnimation, sampleChannel, getClip, type Pose } from './animation.js';
export {
  computeBounds,
  computeSkinMatrices,
  skinVertices,
  emptyBounds,
  isEmptyBounds,
  hiddenLodNodes,
  type Bounds,
  type BoundsOptions,
  type SkinFunction,
} from './bounds.js';
export { validateScene, assertValidScene, type ValidationIssue, type ValidationCode } from './validate.js';
export { cornerNormals, compactIndices, smoothingMask, zeroNonFinite } from './geometry.js';
export { srgbToLinear, linearToSrgb, linearColor, linearRgb, clamp01 } from './color.js';
export * as math from './math.js';
export { splitAffine, trsResidual, isTRS, TRS_TOLERANCE, type AffineSplit } from './affine.js';
export {
  FolderIndex,
  indexResolver,
  lruCache,
  joinInside,
  isAbsoluteName,
  baseNameOf,
  type FolderListing,
  type FolderLister,
  type IndexReader,
} from './folder-index.js';
export {
  sniffImage,
  decodeImage,
  decodeBmp,
  decodeTga,
  decodeDds,
  looksLikeTga,
  type ImageType,
  type Pixels,
  type DecodeImageOptions,
} from './images.js';
export { mirrorZ, zUpToYUp, Z_UP_TO_Y_UP, Y_UP_TO_Z_UP, Z_UP_TO_Y_UP_QUAT, Y_UP_TO_Z_UP_QUAT } from './axes.js';
export { FiniteScrub, scrubNonFinite } from './finite.js';
