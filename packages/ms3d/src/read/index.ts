import { ByteReader, WarningSink } from '@relic3d/core';
import { FORMAT_ID, type Ms3dFile, type Ms3dParseOptions } from '../file.js';
import { readAnimationBlock } from './animation.js';
import { readGroups } from './groups.js';
import { readHeader } from './header.js';
import { readJoints } from './joints.js';
import { checkLimits } from './limits.js';
import { readMaterials } from './materials.js';
import { readTrailer } from './trailer.js';
import { readTriangles } from './triangles.js';
import { readVertices } from './vertices.js';

/** Reads a whole .ms3d file into its stored structure (no scene conversion). */
export function readMs3d(bytes: Uint8Array, options: Ms3dParseOptions = {}): Ms3dFile {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  return readMs3dWith(bytes, options, sink);
}

/**
 * The reader with the caller's warning sink. `inPlace`: keys and triangle fields stay in the input
 * bytes, decoded only if read (the scene path reads them there).
 */
export function readMs3dWith(bytes: Uint8Array, options: Ms3dParseOptions, sink: WarningSink, inPlace = false): Ms3dFile {
  const r = new ByteReader(bytes, { format: FORMAT_ID, codePage: options.codePage });
  const version = readHeader(r);
  const vertices = readVertices(r, options);
  const triangles = readTriangles(r, options, inPlace);
  const groups = readGroups(r);
  const materials = readMaterials(r);
  const { animationFps, currentTime, totalFrames } = readAnimationBlock(r);
  const joints = readJoints(r, inPlace);

  const file: Ms3dFile = {
    version,
    vertices,
    triangles,
    groups,
    materials,
    animationFps,
    currentTime,
    totalFrames,
    joints,
    trailer: [],
    trailerOffset: r.offset,
    unreadBytes: 0,
    warnings: sink.list,
  };
  readTrailer(r, file, sink, options);
  checkLimits(file, sink);
  return file;
}
