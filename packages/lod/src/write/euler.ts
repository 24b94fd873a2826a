// Euler angles for GLScene's per-component blending between frames (docs/formats/lod.md §8.2).
import { math, type Vec3 } from '@relic3d/core';

const TWO_PI = 2 * Math.PI;
const nearest = (v: number, to: number) => v + TWO_PI * Math.round((to - v) / TWO_PI);

/**
 * Euler angles (R = Rz·Ry·Rx, GLScene's order) closest to the previous frame's: GLScene blends
 * Euler angles per component between frames, so a jump of 2π or a flip to the equivalent
 * (x + π, π − y, z + π) would spin the bone.
 */
export function continuousEuler(q: ArrayLike<number>, previous?: ArrayLike<number>): Vec3 {
  const e = new Float64Array(3);
  math.eulerXYZFromQuatInto(q, e, 0);
  if (previous && allFinite(previous, 0)) nearestEuler(e, previous[0], previous[1], previous[2]);
  return [e[0], e[1], e[2]];
}

/**
 * Each angle of `e` within this of the frame before: then `e` is kept as it is (no turn, no flip), the
 * same bits as the full test. A whole turn is taken only past π; the flip moves x and z by π, so it is
 * at least 2(π − 1)² ≈ 9.2 away while `e` is at most 3 away.
 */
const NEAR = 1;

/** `e` or its equivalent (x + π, π − y, z + π), each angle moved by whole turns nearest to p. */
export function nearestEuler(e: Float64Array, p0: number, p1: number, p2: number): void {
  const e0 = e[0], e1 = e[1], e2 = e[2];
  // Nearly every frame of a clip (six divisions and roundings saved). A zero angle takes the full
  // test: there `e + 2π·round(…)` may turn −0 into +0.
  if (Math.abs(e0 - p0) < NEAR && Math.abs(e1 - p1) < NEAR && Math.abs(e2 - p2) < NEAR && e0 !== 0 && e1 !== 0 && e2 !== 0) return;
  // Per frame and bone: plain numbers, no candidate arrays or closures (a third of the writer's animation time).
  const a0 = nearest(e[0], p0), a1 = nearest(e[1], p1), a2 = nearest(e[2], p2);
  const b0 = nearest(e[0] + Math.PI, p0), b1 = nearest(Math.PI - e[1], p1), b2 = nearest(e[2] + Math.PI, p2);
  if ((b0 - p0) ** 2 + (b1 - p1) ** 2 + (b2 - p2) ** 2 < (a0 - p0) ** 2 + (a1 - p1) ** 2 + (a2 - p2) ** 2) {
    e[0] = b0, e[1] = b1, e[2] = b2;
  } else {
    e[0] = a0, e[1] = a1, e[2] = a2;
  }
}

export function allFinite(values: ArrayLike<number>, from: number): boolean {
  for (let i = from; i < from + 3; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

