import { math, type Quat, type Vec3 } from '@relic3d/core';
import type { Ms3dJoint } from '../file.js';
import { InPlaceJoint } from '../read/key-tracks.js';
import { eulerToQuat } from './axes.js';
import { finiteOr0 } from './finite.js';
import { parentsFirst } from './hierarchy.js';

export interface Bind {
  readonly position: Vec3;
  readonly rotation: Quat;
}

function computeBind(joint: Ms3dJoint): Bind {
  const p = joint.position, r = joint.rotation;
  return { position: [finiteOr0(p[0]), finiteOr0(p[1]), finiteOr0(p[2])], rotation: eulerToQuat(finiteOr0(r[0]), finiteOr0(r[1]), finiteOr0(r[2])) };
}

/**
 * Finite bind values of a joint (a corrupt file may hold NaN). The node takes these arrays as its
 * translation and rotation; every other caller only reads them.
 */
export function bindOf(joint: Ms3dJoint): Bind {
  // A joint the scene path read (made by parse, never handed out, so never changed) keeps it.
  return joint instanceof InPlaceJoint ? joint.once(computeBind) : computeBind(joint);
}

/** Global bind matrices (column-major, 16 floats per joint): T(position) · R(rotation) chained. */
export function globalBindMatrices(joints: Ms3dJoint[], parents: Int32Array): Float64Array {
  const out = new Float64Array(joints.length * 16);
  const local = new Float64Array(16);
  const unit = [1, 1, 1];
  // Matrices at offsets, not a subarray each (two per joint).
  for (const j of parentsFirst(parents)) {
    const bind = bindOf(joints[j]);
    math.fromTRS(bind.position, bind.rotation, unit, local);
    const p = parents[j];
    if (p >= 0) math.multiplyAt(out, p * 16, local, 0, out, j * 16);
    else out.set(local, j * 16);
  }
  return out;
}
