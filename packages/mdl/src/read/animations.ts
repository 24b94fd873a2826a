import type { ByteReader } from '@relic3d/core';
import type { MdlAnimation, MdlTrack } from '../file.js';
import { countField, istring, type ReadContext } from './context.js';
import { MIN_TRACK } from './layout.js';

/** ANIM records: per animated bone, the keyframes of the channels its flags name (1 T, 2 R, 4 S). */
export function readAnimations(r: ByteReader, ctx: ReadContext, count: number): MdlAnimation[] {
  const animations: MdlAnimation[] = [];
  for (let a = 0; a < count; a++) {
    const offset = r.absoluteOffset;
    r.expectTag('ANIM');
    const name = istring(r, 'animation name');
    const speed = r.f32();
    const keyframeCount = countField(r, 0, 'keyframes');
    const trackCount = countField(r, MIN_TRACK, 'animated bones');
    const tracks: MdlTrack[] = [];
    for (let t = 0; t < trackCount; t++) tracks.push(readTrack(r, ctx, name, keyframeCount));
    animations.push({ offset, name, speed, keyframeCount, tracks });
  }
  return animations;
}

function readTrack(r: ByteReader, ctx: ReadContext, name: string, keyframeCount: number): MdlTrack {
  const trackAt = r.absoluteOffset;
  r.expectTag('BONE');
  const boneId = r.i32();
  const flags = r.i32();
  if (flags & ~7) ctx.sink.warn('MDL_UNKNOWN_KEY_FLAGS', `animation '${name}' bone ${boneId}: unknown keyframe flag bits 0x${(flags & ~7).toString(16)} ignored`, trackAt);
  const hasT = (flags & 1) !== 0, hasR = (flags & 2) !== 0, hasS = (flags & 4) !== 0;
  const keySize = (hasT ? 12 : 0) + (hasR ? 16 : 0) + (hasS ? 12 : 0);
  r.count(keyframeCount, keySize, 'keyframes');
  const track: MdlTrack = { boneId, flags };
  if (keySize > 0) {
    const data = r.f32Array((keyframeCount * keySize) / 4, 'keyframes');
    const floats = keySize / 4;
    const position = hasT ? new Float32Array(keyframeCount * 3) : undefined;
    const rotation = hasR ? new Float32Array(keyframeCount * 4) : undefined;
    const scale = hasS ? new Float32Array(keyframeCount * 3) : undefined;
    for (let k = 0; k < keyframeCount; k++) {
      let o = k * floats;
      if (position) for (let c = 0; c < 3; c++) position[k * 3 + c] = data[o++];
      if (rotation) for (let c = 0; c < 4; c++) rotation[k * 4 + c] = data[o++];
      if (scale) for (let c = 0; c < 3; c++) scale[k * 3 + c] = data[o++];
    }
    if (position) track.position = position;
    if (rotation) track.rotation = rotation;
    if (scale) track.scale = scale;
  }
  return track;
}
