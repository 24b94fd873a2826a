/** The `.chr` skeleton, versions 4–7 (docs/formats/o3d.md §3). */
import { FormatError, WarningSink } from '@relic3d/core';
import { CHR_VERSIONS, type ChrBone, type ChrFile, type O3dReadOptions } from '../file.js';
import { MIN_CHR_BONE_BYTES } from './layout.js';
import { boneName, own, startReading, vec3s } from './reading.js';

/** Reads a `.chr` skeleton (versions 4–7). */
export function readChr(bytes: Uint8Array, options: O3dReadOptions = {}): ChrFile {
  return readChrWith(bytes, options, new WarningSink('o3d', options.onWarning));
}

/** The read behind `readChr` and the parse; `inputViews` as in `readO3dWith`. */
export function readChrWith(bytes: Uint8Array, options: O3dReadOptions, sink: WarningSink, inputViews = false): ChrFile {
  const reading = startReading(bytes, options, sink, inputViews);
  const { r } = reading;
  const version = r.i32();
  if (version < CHR_VERSIONS.min || version > CHR_VERSIONS.max) {
    throw new FormatError({
      format: 'o3d',
      offset: 0,
      expected: 'CHR version 4 to 7',
      found: `version ${version}`,
      code: 'BAD_VERSION',
      message: `o3d: unsupported CHR skeleton version ${version} at offset 0 (versions 4–7 are read)`,
    });
  }
  const id = r.i32();
  const countAt = r.offset;
  const boneCount = r.i32();
  if (boneCount < 0) r.fail('a bone count ≥ 0', String(boneCount), 'BAD_COUNT', countAt);
  r.count(boneCount, MIN_CHR_BONE_BYTES, 'skeleton bones');
  const bones: ChrBone[] = [];
  for (let i = 0; i < boneCount; i++) {
    const name = boneName(r, 'bone');
    bones.push({ name, tm: r.mat4(), inverseTM: r.mat4(), localTM: r.mat4(), parentIndex: r.i32() });
  }
  const sendVS = r.i32();
  const localRH = r.mat4();
  const localShield = r.mat4();
  const localKnuckle = r.mat4();
  const slots = version === 5 ? 4 : version >= 6 ? 8 : 0;
  const events = vec3s(r, slots, 'event positions');
  const eventParents = own(r.i32Array(slots, 'event parents'), reading);
  const chr: ChrFile = { version, id, bones, sendVS, localRH, localShield, localKnuckle, events, eventParents };
  if (version >= 7) chr.localLH = r.mat4();
  if (r.remaining > 0) sink.warn('CHR_TRAILING_BYTES', `${r.remaining} bytes after the skeleton`, r.absoluteOffset);
  return chr;
}
