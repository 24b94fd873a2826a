/** The ReadTM body shared by `.ani` files and embedded O3D motions (docs/formats/o3d.md §4.2). */
import type { MotionBody, MotionTrack } from '../file.js';
import { KEY_BYTES, KEY_FLOATS, MIN_MOTION_BONE_BYTES } from './layout.js';
import { boneName, own, type Reading } from './reading.js';

/** Bone infos, pool size, then keys or a constant matrix per bone. */
export function readMotionBody(reading: Reading, boneCount: number, frameCount: number): MotionBody {
  const { r, sink } = reading;
  r.count(boneCount, MIN_MOTION_BONE_BYTES, 'motion bones');
  const bones = [];
  for (let i = 0; i < boneCount; i++) {
    const name = boneName(r, 'motion bone');
    bones.push({ name, inverseTM: r.mat4(), localTM: r.mat4(), parentIndex: r.i32() });
  }
  const poolSize = r.i32();
  const tracks: MotionTrack[] = [];
  let animated = 0;
  for (let i = 0; i < boneCount; i++) {
    const flag = r.i32();
    if (flag === 1) {
      r.count(frameCount, KEY_BYTES, 'bone keys');
      tracks.push({ keys: own(r.f32Array(frameCount * KEY_FLOATS, 'bone keys'), reading) });
      animated++;
    } else tracks.push({ matrix: r.mat4() });
  }
  if (poolSize !== animated * frameCount) {
    sink.warn('O3D_MOTION_POOL', `motion pool size ${poolSize} differs from ${animated} animated bones × ${frameCount} frames`);
  }
  return { bones, poolSize, tracks };
}
