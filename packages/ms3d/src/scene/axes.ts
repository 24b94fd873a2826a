// MS3D already uses glTF's conventions (docs/formats/ms3d.md §4.2): right-handed, +Y up, CCW front
// faces, `t` from the top left. Positions, winding and UVs pass through; only rotations convert.
import { math, type Quat } from '@relic3d/core';

/** R = Rz · Ry · Rx of radian Euler angles (MilkShape's AngleMatrix, §5.2), as an xyzw quaternion. */
export function eulerToQuat(x: number, y: number, z: number): Quat {
  return math.quatFromEulerXYZ(x, y, z);
}
