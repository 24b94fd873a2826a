import type { ColliderShape, FiniteScrub, Vec3 } from '@relic3d/core';

/** A collider shape from a GLScene/ODE type name and its scale (absolute values). */
export function shapeFromScale(type: string, s: Vec3, finite: FiniteScrub): ColliderShape | undefined {
  const [x, y, z] = s.map((v) => Math.abs(finite.value(v))) as Vec3;
  switch (type) {
    case 'box':
      return { type: 'box', size: [x, y, z] };
    case 'sphere':
      return { type: 'sphere', radius: x };
    case 'capsule':
    case 'cappedCylinder':
      return { type: 'capsule', radius: x, height: y };
    case 'cylinder':
      return { type: 'cylinder', radius: x, height: y };
    case 'cone':
      return { type: 'cone', radius: x, height: y };
    default:
      return undefined;
  }
}
