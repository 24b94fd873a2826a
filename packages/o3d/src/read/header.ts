/** The O3D header after the name (docs/formats/o3d.md §2.1): version, forces, scroll, box, frames, events. */
import { FormatError, type ByteReader, type Vec3 } from '@relic3d/core';
import { LIMITS, O3D_VERSIONS, type O3dFile } from '../file.js';
import { vec3s } from './reading.js';

export type O3dHeader = Pick<O3dFile, 'version' | 'id' | 'forces' | 'scrollU' | 'scrollV' | 'bboxMin' | 'bboxMax' | 'perSlerp' | 'frameCount' | 'events'>;

/** Reads from the version on; the reader stands after the encoded name. */
export function readHeader(r: ByteReader): O3dHeader {
  const versionAt = r.offset;
  const version = r.i32();
  if (version < O3D_VERSIONS.min || version > O3D_VERSIONS.max) {
    throw new FormatError({
      format: 'o3d',
      offset: versionAt,
      expected: 'O3D version 20, 21 or 22',
      found: `version ${version}`,
      code: 'BAD_VERSION',
      message: `o3d: unsupported O3D version ${version} at offset ${versionAt} (versions 20–22 are read; older layouts are not decoded)`,
    });
  }
  const id = r.i32();
  const forces: Vec3[] = [r.vec3(), r.vec3()];
  if (version >= 22) forces.push(r.vec3(), r.vec3());
  const scrollU = r.f32();
  const scrollV = r.f32();
  r.skip(16, 'reserved header bytes');
  const bboxMin = r.vec3();
  const bboxMax = r.vec3();
  const perSlerp = r.f32();
  const frameAt = r.offset;
  const frameCount = r.i32();
  if (frameCount < 0) r.fail('a frame count ≥ 0', String(frameCount), 'BAD_COUNT', frameAt);
  const eventAt = r.offset;
  const eventCount = r.i32();
  if (eventCount < 0 || eventCount > LIMITS.o3dEvents) r.fail(`an event count of 0..${LIMITS.o3dEvents}`, String(eventCount), 'BAD_COUNT', eventAt);
  const events = vec3s(r, eventCount, 'events');
  return { version, id, forces, scrollU, scrollV, bboxMin, bboxMax, perSlerp, frameCount, events };
}
