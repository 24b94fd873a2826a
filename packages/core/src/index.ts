// The public API of @relic3d/core. Folders by concern: scene/ (the model and what walks it),
// io/ (bytes in, errors and warnings out), format/ (the Format contract, detection, the registry),
// math/, geometry/ (bounds, skinning, normals, indices, axes), images/ (BMP/TGA/DDS), folder/
// (companion lookup), write/ (the writer contract, WriteError, shared name rules). node.ts is the Node-only entry.
export * from './scene/types.js';
export type { Format, ParseOptions, Resolver, ResolverExtras, CompanionCache } from './format/types.js';
export {
  FormatError,
  isFormatError,
  serializeError,
  type FormatErrorCode,
  type FormatErrorInit,
  type SerializedError,
} from './io/errors.js';
export { WarningSink, WARNINGS_PER_CODE, isWarningSummary, type WarningSummary } from './io/warnings.js';
export { ByteReader, printable, type ByteReaderOptions } from './io/byte-reader.js';
export { codePage, type CodePageDecoder } from './io/codepage.js';
export { codePageEncoder, type CodePageEncoder } from './io/codepage-encoder.js';
export { ByteWriter, type ByteSink, type PlaceFill, type PlaceUpToFill } from './io/byte-writer.js';
export { ByteCounter } from './io/byte-counter.js';
export { keepMapAlive } from './io/keep-map.js';
export * from './write/index.js';
export { detectFormat, requireFormat, type RequireFormatOptions } from './format/detect.js';
export { registerFormat, registeredFormats } from './format/registry.js';
export { identifyForeign, foreignError, rejectForeign, foreignSignatures, type ForeignSignature } from './format/foreign.js';
export { createScene, addNode, sceneNode, defaultMaterial } from './scene/create.js';
export { localMatrix, computeWorldMatrices, computeWorldMatrices64, topologicalOrder } from './scene/traverse.js';
export { sampleAnimation, sampleChannel, getClip, type Pose } from './scene/animation.js';
export { restTRS, sampleClipFrames, type ClipFrames, type ClipFramesOptions, type RestTRS } from './scene/clip-frames.js';
export { ChannelCursor } from './scene/channel-cursor.js';
export { splitClip, type ClipRange } from './scene/split-clip.js';
export { validateScene, assertValidScene, nameIssues, type ValidateOptions, type ValidationIssue, type ValidationCode } from './scene/validate.js';
export { FINITE_SCENE, FiniteScrub, markScrubbedFinite, scrubNonFinite, zeroNonFinite } from './scene/finite.js';
export { computeBounds, emptyBounds, isEmptyBounds, hiddenLodNodes, type Bounds, type BoundsOptions } from './geometry/bounds.js';
export { computeSkinMatrices, skinVerticesReference, type SkinFunction } from './geometry/skinning.js';
export { cornerNormals, smoothingMask, vertexNormals } from './geometry/normals.js';
export { compactIndices } from './geometry/indices.js';
export { mirrorZ, zUpToYUp, yUpToZUp, Z_UP_TO_Y_UP, Y_UP_TO_Z_UP, Z_UP_TO_Y_UP_QUAT, Y_UP_TO_Z_UP_QUAT } from './geometry/axes.js';
export { srgbToLinear, linearToSrgb, linearColor, linearRgb, clamp01 } from './math/color.js';
export * as math from './math/index.js';
export { splitAffine, trsResidual, isTRS, TRS_TOLERANCE, type AffineSplit } from './math/affine.js';
export { FolderIndex, indexResolver, type FolderListing, type FolderLister, type IndexReader } from './folder/folder-index.js';
export { joinInside, isAbsoluteName, baseNameOf } from './folder/names.js';
export { lruCache } from './folder/cache.js';
export { archiveFormatFor, bytesSource, type ArchiveEntry, type ArchiveFormat, type ByteSource, type OpenedArchive } from './folder/archive.js';
export { PackedFiles, isPlainEntryName, type PackedFile, type ArchiveOpener } from './folder/packed-files.js';
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
} from './images/index.js';
