/** The `.ani` motion, version 10 (docs/formats/o3d.md §4.1). */
import { FormatError, WarningSink } from '@relic3d/core';
import { ANI_VERSION, LIMITS, type AniFile, type O3dReadOptions } from '../file.js';
import { readMotionBody } from './motion.js';
import { motionAttributes, own, startReading, vec3s } from './reading.js';

/** Reads an `.ani` motion (version 10). */
export function readAni(bytes: Uint8Array, options: O3dReadOptions = {}): AniFile {
  return readAniWith(bytes, options, new WarningSink('o3d', options.onWarning));
}

/** The read behind `readAni` and the parse; `inputViews` as in `readO3dWith`. */
export function readAniWith(bytes: Uint8Array, options: O3dReadOptions, sink: WarningSink, inputViews = false): AniFile {
  const reading = startReading(bytes, options, sink, inputViews);
  const { r } = reading;
  const version = r.i32();
  if (version !== ANI_VERSION) {
    throw new FormatError({
      format: 'o3d',
      offset: 0,
      expected: 'ANI version 10',
      found: `version ${version}`,
      code: 'BAD_VERSION',
      message: `o3d: unsupported ANI motion version ${version} at offset 0 (only version 10 exists)`,
    });
  }
  const id = r.i32();
  const perSlerp = r.f32();
  r.skip(32, 'reserved motion bytes');
  const boneAt = r.offset;
  const boneCount = r.i32();
  if (boneCount < 0) r.fail('a bone count ≥ 0', String(boneCount), 'BAD_COUNT', boneAt);
  const frameAt = r.offset;
  const frameCount = r.i32();
  if (frameCount <= 0) r.fail('a frame count > 0', String(frameCount), 'BAD_COUNT', frameAt);
  const hasPath = r.i32();
  let path: Float32Array | undefined;
  if (hasPath !== 0) {
    r.count(frameCount, 12, 'path points');
    path = own(r.f32Array(frameCount * 3, 'path points'), reading);
  }
  const motion = readMotionBody(reading, boneCount, frameCount);
  const attributes = motionAttributes(r, frameCount);
  const eventAt = r.offset;
  const eventCount = r.i32();
  if (eventCount < 0 || eventCount > LIMITS.aniEvents) r.fail(`an event count of 0..${LIMITS.aniEvents}`, String(eventCount), 'BAD_COUNT', eventAt);
  const events = vec3s(r, eventCount, 'events');
  if (r.remaining > 0) sink.warn('ANI_TRAILING_BYTES', `${r.remaining} bytes after the motion`, r.absoluteOffset);
  const ani: AniFile = { version, id, perSlerp, frameCount, motion, attributes, events };
  if (path) ani.path = path;
  return ani;
}
