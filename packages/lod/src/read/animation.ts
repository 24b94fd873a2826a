import type { LodAnimation } from '../file.js';
import { lstr, owned, type Chunk, type ReadContext } from './chunks.js';
import { CHUNK_HEADER_SIZE, FRAME_ENTRY_FLOATS, FRAME_ENTRY_SIZE } from './layout.js';

/** `ANM1`: one skeletal animation (docs/formats/lod.md §4.3, packed header). Count = number of frames. */
export function readAnimation(chunk: Chunk, ctx: ReadContext): LodAnimation {
  const r = chunk.data;
  const animType = r.u8();
  if (animType !== 1) ctx.sink.warn('LOD_ANIMATION_TYPE', `AnimType is ${animType}, expected 1`, chunk.offset + CHUNK_HEADER_SIZE);
  const interval = r.i32();
  const mode = r.u8();
  const name = lstr(r, 'animation name');
  const boneCount = ctx.boneCount;
  const frameCount = r.count(chunk.count, FRAME_ENTRY_SIZE * boneCount, 'animation frames');
  // Copied once: f32Array already copies unaligned floats (a slice of that copied them twice).
  const bonesRotPos = owned(r.f32Array(frameCount * boneCount * FRAME_ENTRY_FLOATS, 'bone positions and rotations'), r);
  return { animType, interval, mode, name, frameCount, boneCount, bonesRotPos };
}
