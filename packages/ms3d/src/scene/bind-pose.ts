import { math, type Quat, type Vec3 } from '@relic3d/core';
import type { Ms3dJoint } from '../file.js';
import { eulerToQuat } from './axes.js';
import { finiteOr0 } from './finite.js';
import { parentsFirst } from './hierarchy.js';

/** Finite bind values of a joint (a corrupt file may hold NaN). */
export function bindOf(joint: Ms3dJoint): { position: Vec3; rotation: Quat } {
  const p = joint.position.map(finiteOr0) as Vec3;
  const r = joint.rotation.map(finiteOr0) as Vec3;
  return { position: p, rotation: eulerToQuat(r[0], r[1], r[2]) };
}

/** Global bind matrices (column-major, 16 floats per joint): T(position) · R(rotation) chained. */
export function globalBindMatrices(joints: Ms3dJoint[], parents: Int32Array): Float64Array {
  const out = new Float64Array(joints.length * 16);
  const local = new Float64Array(16);
  for (const j of parentsFirst(parents)) {
    const bind = bindOf(joints[j]);
    math.fromTRS(bind.position, bind.rotation, [1, 1, 1], local);
    const target = out.subarray(j * 16, j * 16 + 16);
    const p = parents[j];
    if (p >= 0) math.multiply(out.subarray(p * 16, p * 16 + 16), local, target);
    else target.set(local);
  }
  return out;
}
