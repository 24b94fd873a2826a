/** The O3D's embedded skeleton (docs/formats/o3d.md §2.1): base and inverse TMs, its motion, sendVS. */
import type { O3dEmbeddedSkeleton } from '../file.js';
import { MATRIX_BYTES } from './layout.js';
import { readMotionBody } from './motion.js';
import type { Reading } from './reading.js';

/** The bone count, then the bones when there are any (a motion when the model has frames). */
export function readEmbeddedSkeleton(reading: Reading, frameCount: number): O3dEmbeddedSkeleton | undefined {
  const { r } = reading;
  const boneAt = r.offset;
  const boneCount = r.i32();
  r.count(boneCount, MATRIX_BYTES * 2, 'embedded bones');
  if (boneCount > 0) {
    const baseTMs: Float32Array[] = [];
    const inverseTMs: Float32Array[] = [];
    for (let i = 0; i < boneCount; i++) baseTMs.push(r.mat4());
    for (let i = 0; i < boneCount; i++) inverseTMs.push(r.mat4());
    const skeleton: O3dEmbeddedSkeleton = { baseTMs, inverseTMs, sendVS: 0 };
    if (frameCount > 0) skeleton.motion = readMotionBody(reading, boneCount, frameCount);
    skeleton.sendVS = r.i32();
    return skeleton;
  }
  if (boneCount < 0) r.fail('a bone count ≥ 0', String(boneCount), 'BAD_COUNT', boneAt);
  return undefined;
}
