import type { LodBone, LodSkeleton } from '../file.js';
import { lstr, type Chunk, type ReadContext } from './chunks.js';
import { BONE_MIN_SIZE } from './layout.js';

/** `SKL1`: bone hierarchy and names (docs/formats/lod.md §4.1). Count = number of bones. */
export function readSkeleton(chunk: Chunk, ctx: ReadContext): LodSkeleton {
  const r = chunk.data;
  const typeAt = r.offset;
  const skelType = r.u8();
  if (skelType !== 1) ctx.sink.warn('LOD_SKELETON_TYPE', `SkelType is ${skelType}, expected 1`, r.baseOffset + typeAt);
  const count = r.count(chunk.count, BONE_MIN_SIZE, 'bones');
  const bones: LodBone[] = [];
  for (let i = 0; i < count; i++) {
    const id = r.i16();
    const parentId = r.i16();
    bones.push({ id, parentId, name: lstr(r, 'bone name') });
  }
  return { skelType, bones };
}
