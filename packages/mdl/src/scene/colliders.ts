import { math, mirrorZ, type Collider, type Extras } from '@relic3d/core';
import type { MdlColliderPart } from '../file.js';
import { mirrorQuat, mirrorVec3 } from './axes.js';

const G3D_SHAPES = ['box', 'cylinder', 'sphere', 'cone', 'capsule', 'chamfer cylinder', 'convex hull', 'polygons'];

/** A PHYS/COLL part as a scene collider on `node`; undefined for a shape with no scene form. */
export function buildCollider(part: MdlColliderPart, node: number, name: string): Collider | undefined {
  const extras: Extras = {};
  if (part.shapeTag !== undefined) extras.shapeTag = part.shapeTag;
  if (part.shapeId !== undefined) extras.shapeId = part.shapeId;
  const kind =
    part.shapeTag === 'BOX_' || part.shapeId === 0 ? 'box'
    : part.shapeTag === 'CYLI' || part.shapeId === 1 || part.shapeId === 5 ? 'cylinder'
    : part.shapeId !== undefined ? G3D_SHAPES[part.shapeId]
    : part.shapeTag === 'MESH' ? 'polygons'
    : undefined;
  if (part.primitive) {
    const { offset, rotation, size } = part.primitive;
    extras.size = size;
    if (part.shapeId === 5) extras.shape = 'chamfer cylinder';
    if (size[0] === 1 && size[1] === 1 && size[2] === 1) extras.unitSize = 'size (1,1,1): possibly "fit the mesh bounds" (unverified)';
    const base = { name, node, translation: mirrorVec3(offset), rotation: math.quatNormalize(mirrorQuat(rotation)), extras };
    const [sx, sy, sz] = size.map(Math.abs);
    if (kind === 'box') return { ...base, shape: { type: 'box', size: [sx, sy, sz] } };
    if (kind === 'cylinder') return { ...base, shape: { type: 'cylinder', radius: Math.max(sx, sz) / 2, height: sy } };
    if (kind === 'sphere') return { ...base, shape: { type: 'sphere', radius: Math.max(sx, sy, sz) / 2 } };
    if (kind === 'cone') return { ...base, shape: { type: 'cone', radius: Math.max(sx, sz) / 2, height: sy } };
    if (kind === 'capsule') {
      const radius = Math.max(sx, sz) / 2;
      return { ...base, shape: { type: 'capsule', radius, height: Math.max(0, sy - 2 * radius) } };
    }
    return undefined;
  }
  if (part.mesh) {
    extras.flag = part.mesh.flag;
    extras.polygonSizes = part.mesh.polygons.map((p) => p.length / 3);
    let total = 0;
    for (const p of part.mesh.polygons) total += p.length;
    const positions = new Float32Array(total);
    const triangles: number[] = [];
    let base = 0;
    for (const polygon of part.mesh.polygons) {
      positions.set(mirrorZ(polygon), base * 3);
      const count = polygon.length / 3;
      for (let k = 1; k + 1 < count; k++) triangles.push(base, base + k + 1, base + k);
      base += count;
    }
    if (kind === 'convex hull') return { name, node, shape: { type: 'convex', positions }, extras };
    return { name, node, shape: { type: 'trimesh', positions, indices: Uint32Array.from(triangles) }, extras };
  }
  return undefined;
}
