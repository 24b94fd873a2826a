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
    // One strided copy per channel (the per-key branches and inner loops were most of a track's cost).
    let first = 0;
    if (position) first = splitColumn(data, floats, first, 3, keyframeCount, position);
    if (rotation) first = splitColumn(data, floats, first, 4, keyframeCount, rotation);
    if (scale) splitColumn(data, floats, first, 3, keyframeCount, scale);
    if (position) track.position = position;
    if (rotation) track.rotation = rotation;
    if (scale) track.scale = scale;
  }
  return track;
}

/** out[k × size + c] = data[k × stride + first + c] for `count` keys; returns the next channel's first float. */
function splitColumn(data: Float32Array, stride: number, first: number, size: 3 | 4, count: number, out: Float32Array): number {
  if (size === 3) {
    for (let k = 0, i = first, o = 0; k < count; k++, i += stride, o += 3) {
      out[o] = data[i];
      out[o + 1] = data[i + 1];
      out[o + 2] = data[i + 2];
    }
  } else {
    for (let k = 0, i = first, o = 0; k < count; k++, i += stride, o += 4) {
      out[o] = data[i];
      out[o + 1] = data[i + 1];
      out[o + 2] = data[i + 2];
      out[o + 3] = data[i + 3];
    }
  }
  return first + size;
}
