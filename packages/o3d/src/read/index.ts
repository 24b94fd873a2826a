/**
 * Bytes → raw structures, in the reference client's read order (docs/formats/o3d.md §2–§4).
 * Only ByteReader touches the bytes; every count is checked before anything is allocated.
 */
import { WarningSink } from '@relic3d/core';
import type { O3dFile, O3dReadOptions } from '../file.js';
import { decodeO3dName, notFlyffO3d } from '../format.js';
import { readCollision } from './collision.js';
import { readHeader } from './header.js';
import { readGroups } from './lod-groups.js';
import { motionAttributes, startReading } from './reading.js';
import { readEmbeddedSkeleton } from './skeleton.js';

export { readAni, readAniWith } from './ani.js';
export { readChr, readChrWith } from './chr.js';

/** Reads a Flyff `.o3d` file (versions 20–22) into its raw structure. */
export function readO3d(bytes: Uint8Array, options: O3dReadOptions = {}): O3dFile {
  return readO3dWith(bytes, options, new WarningSink('o3d', options.onWarning));
}

/**
 * The read behind `readO3d` and the parse. With `inputViews`, arrays may stay views of `bytes`
 * (the parse's own read, whose scene never keeps them).
 */
export function readO3dWith(bytes: Uint8Array, options: O3dReadOptions, sink: WarningSink, inputViews = false): O3dFile {
  const name = decodeO3dName(bytes);
  if (name === undefined) throw notFlyffO3d(bytes);
  const reading = startReading(bytes, options, sink, inputViews);
  const { r } = reading;
  r.skip(1 + bytes[0], 'name');
  const header = readHeader(r);
  const file: O3dFile = { name, ...header, lodFlag: 0, poolSize: 0, groups: [] };
  const collision = readCollision(reading);
  if (collision) file.collision = collision;
  file.lodFlag = r.i32();
  const skeleton = readEmbeddedSkeleton(reading, file.frameCount);
  if (skeleton) file.skeleton = skeleton;
  file.poolSize = r.i32();
  file.groups = readGroups(reading, file.lodFlag, file.frameCount, file.poolSize);
  if (file.version >= 21 && r.remaining >= 4) {
    const count = r.i32();
    file.attributeCount = count;
    if (count === file.frameCount && count > 0) file.attributes = motionAttributes(r, count);
  }
  if (r.remaining > 0) sink.warn('O3D_TRAILING_BYTES', `${r.remaining} bytes after the last section`, r.absoluteOffset);
  return file;
}
