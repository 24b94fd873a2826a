/** The ReadTM body of `.ani` files and embedded O3D motions (docs/formats/o3d.md §4.2): the inverse of read/motion.ts. */
import type { MotionAttribute, MotionBody } from '../../file.js';
import { lengthName, leBytes, type NameBytes } from './arrays.js';
import type { ByteSink } from '@relic3d/core';

export function writeMotionBody(out: ByteSink, motion: MotionBody, name: NameBytes): void {
  for (const bone of motion.bones) {
    lengthName(out, name(bone.name));
    out.f32s(bone.inverseTM).f32s(bone.localTM).i32(bone.parentIndex);
  }
  out.i32(motion.poolSize);
  for (const track of motion.tracks) {
    if (track.keys) out.i32(1).bytes(leBytes(track.keys));
    else out.i32(0).f32s(track.matrix);
  }
}

/** MOTION_ATTR records: flags, sound id, frame (12 bytes each). */
export function writeAttributes(out: ByteSink, attributes: readonly MotionAttribute[]): void {
  for (const a of attributes) out.u32(a.flags).i32(a.soundId).f32(a.frame);
}
