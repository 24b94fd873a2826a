import { lstr, type Chunk, type ReadContext } from './chunk.js';
import type { LodAnimation, LodBone, LodSkeleton } from './types.js';

/** `SKL1`: bone hierarchy and names (spec §4.1). Count = number of bones. */
export function readSkeleton(chunk: Chunk, ctx: ReadContext): LodSkeleton {
  const r = chunk.data;
  const typeAt = r.offset;
  const skelType = r.u8();
  if (skelType !== 1) ctx.sink.warn('LOD_SKELETON_TYPE', `SkelType is ${skelType}, expected 1`, r.baseOffset + typeAt);
  const count = r.count(chunk.count, 8, 'bones');
  const bones: LodBone[] = [];
  for (let i = 0; i < count; i++) {
    const id = r.i16();
    const parentId = r.i16();
    bones.push({ id, parentId, name: lstr(r, 'bone name') });
  }
  return { skelType, bones };
}

/** `ANM1`: one skeletal animation (spec §4.3, packed header). Count = number of frames. */
export function readAnimation(chunk: Chunk, ctx: ReadContext): LodAnimation {
  const r = chunk.data;
  const animType = r.u8();
  if (animType !== 1) ctx.sink.warn('LOD_ANIMATION_TYPE', `AnimType is ${animType}, expected 1`, chunk.offset + 12);
  const interval = r.i32();
  const mode = r.u8();
  const name = lstr(r, 'animation name');
  const boneCount = ctx.boneCount;
  const frameCount = r.count(chunk.count, 24 * boneCount, 'animation frames');
  const bonesRotPos = r.f32Array(frameCount * boneCount * 6, 'bone positions and rotations').slice();
  return { animType, interval, mode, name, frameCount, boneCount, bonesRotPos };
}
