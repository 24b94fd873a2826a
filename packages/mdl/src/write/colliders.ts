import { math, type Collider, type Vec3 } from '@relic3d/core';
import { fileQuat, fileVec3 } from './axes.js';
import { numberArray, type WriteContext } from './context.js';
import type { PartRecord } from './records.js';
import type { NodePlan } from './structure.js';

/** Segments of the meshes that stand in for spheres, capsules and cones (no Ultra tag is known for them). */
const SEGMENTS = 12;

/**
 * PHYS parts of one NODE (docs/formats/mdl.md §2.6): boxes as `BOX_`, cylinders as `CYLI` (offset,
 * rotation, full size), triangle meshes as `MESH` polygons. Ultra's tags for other shapes are
 * unknown, so spheres, capsules and cones become polygon meshes, and a convex point set without
 * its polygons becomes its bounding box (both warned).
 */
export function colliderParts(ctx: WriteContext, plan: NodePlan): PartRecord[] {
  return plan.colliders.map(({ index, transform }) => {
    const c = ctx.scene.colliders[index];
    const local = math.fromTRS(c.translation, c.rotation, c.scale, new Float64Array(16)) as Float64Array;
    const full = transform ? (math.multiply(transform, local, new Float64Array(16)) as Float64Array) : local;
    const name = c.name ?? `collider ${index}`;
    const shape = c.shape;
    if (shape.type === 'box' || shape.type === 'cylinder') return primitivePart(c, full, transform === undefined);
    if (shape.type === 'trimesh') return meshPart(c, full, trianglePolygons(shape.positions, shape.indices, c));
    if (shape.type === 'convex') {
      const stored = storedPolygons(shape.positions, c.extras?.polygonSizes);
      if (stored) return meshPart(c, full, stored);
      ctx.sink.warn('MDL_WRITE_COLLIDER_APPROXIMATED', `collider '${name}': a convex point set without its faces was written as its bounding box`);
      return primitivePart({ ...c, shape: { type: 'box', size: [1, 1, 1] } }, math.multiply(full, boundsMatrix(shape.positions), new Float64Array(16)) as Float64Array, false);
    }
    ctx.sink.warn('MDL_WRITE_COLLIDER_APPROXIMATED', `collider '${name}': Ultra MDL has no ${shape.type} shape; written as a ${SEGMENTS}-sided polygon mesh`);
    return meshPart(c, full, revolve(profile(shape)));
  });
}

/** BOX_/CYLI: offset and rotation of the part, full size (the stored size when the scene did not change it). */
function primitivePart(c: Collider, full: Float64Array, untransformed: boolean): PartRecord {
  const shape = c.shape;
  const plain = untransformed && (!c.scale || c.scale.every((s) => s === 1));
  const d = plain ? undefined : math.decompose(full);
  const translation = d ? d.translation : c.translation ?? [0, 0, 0];
  const rotation = d ? math.quatNormalize(d.rotation) : c.rotation ?? [0, 0, 0, 1];
  const scale = d ? (d.scale.map(Math.abs) as Vec3) : [1, 1, 1];
  let size: Vec3;
  if (shape.type === 'cylinder') size = [2 * shape.radius * scale[0], shape.height * scale[1], 2 * shape.radius * scale[2]];
  else if (shape.type === 'box') size = [shape.size[0] * scale[0], shape.size[1] * scale[1], shape.size[2] * scale[2]];
  else size = [scale[0], scale[1], scale[2]];
  const stored = numberArray(c.extras?.size, 3);
  if (plain && stored && sameShape(shape, stored)) size = stored as Vec3;
  return { shape: shape.type === 'cylinder' ? 'CYLI' : 'BOX_', offset: fileVec3(translation), rotation: fileQuat(rotation), size };
}

/** Whether the reader's shape from a stored size is this shape (then the stored size, signs and all, is kept). */
function sameShape(shape: Collider['shape'], stored: number[]): boolean {
  const [x, y, z] = stored.map(Math.abs);
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  if (shape.type === 'box') return near(x, shape.size[0]) && near(y, shape.size[1]) && near(z, shape.size[2]);
  if (shape.type === 'cylinder') return near(Math.max(x, z) / 2, shape.radius) && near(y, shape.height);
  return false;
}

/** MESH: polygons in glTF order (CCW outward) baked through `full`, then mirrored and reversed. */
function meshPart(c: Collider, full: Float64Array, polygons: Float32Array[]): PartRecord {
  const flag = typeof c.extras?.flag === 'number' && Number.isInteger(c.extras.flag) ? c.extras.flag : 0;
  return { shape: 'MESH', flag, polygons: polygons.map((polygon) => filePolygon(polygon, full)) };
}

/**
 * The reader mirrors a stored polygon and fans it with reversed winding, so a polygon that is
 * CCW in glTF is stored mirrored with its corners after the first in reverse order.
 */
function filePolygon(polygon: Float32Array, m: Float64Array): Float32Array {
  const n = polygon.length / 3;
  const out = new Float32Array(polygon.length);
  for (let k = 0; k < n; k++) {
    const from = k === 0 ? 0 : n - k;
    const [x, y, z] = math.transformPoint(m, polygon[from * 3], polygon[from * 3 + 1], polygon[from * 3 + 2]);
    out.set([x, y, 0 - z], k * 3);
  }
  return out;
}

/** Triangles; the reader's own polygons again when its `polygonSizes` still describe the positions. */
function trianglePolygons(positions: Float32Array, indices: Uint32Array, c: Collider): Float32Array[] {
  const stored = storedPolygons(positions, c.extras?.polygonSizes);
  if (stored && indices.length === stored.reduce((n, p) => n + (p.length / 3 - 2) * 3, 0)) return stored;
  const out: Float32Array[] = [];
  const count = positions.length / 3;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const [a, b, d] = [indices[t], indices[t + 1], indices[t + 2]];
    if (a >= count || b >= count || d >= count) continue;
    out.push(Float32Array.from([...positions.subarray(a * 3, a * 3 + 3), ...positions.subarray(b * 3, b * 3 + 3), ...positions.subarray(d * 3, d * 3 + 3)]));
  }
  return out;
}

/**
 * The polygons the reader laid out one after another (`extras.polygonSizes`), in glTF order: the
 * reader's positions are the stored corners mirrored, which `filePolygon` reverses back.
 */
function storedPolygons(positions: Float32Array, sizes: unknown): Float32Array[] | undefined {
  if (!Array.isArray(sizes) || !sizes.every((s) => Number.isInteger(s) && s >= 3)) return undefined;
  if ((sizes as number[]).reduce((a, b) => a + b, 0) * 3 !== positions.length) return undefined;
  const out: Float32Array[] = [];
  let at = 0;
  for (const size of sizes as number[]) {
    const polygon = new Float32Array(size * 3);
    for (let k = 0; k < size; k++) polygon.set(positions.subarray((at + (k === 0 ? 0 : size - k)) * 3, (at + (k === 0 ? 0 : size - k)) * 3 + 3), k * 3);
    out.push(polygon);
    at += size;
  }
  return out;
}

/** The box around a point set as a matrix (centre, axis-aligned, size as scale: a unit box through it is the box). */
function boundsMatrix(positions: Float32Array): Float64Array {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  if (!(min[0] <= max[0])) return math.fromTRS([0, 0, 0], [0, 0, 0, 1], [0, 0, 0], new Float64Array(16)) as Float64Array;
  const centre = [0, 1, 2].map((k) => (min[k] + max[k]) / 2);
  return math.fromTRS(centre, [0, 0, 0, 1], [0, 1, 2].map((k) => max[k] - min[k]), new Float64Array(16)) as Float64Array;
}

/** (radius, y) from bottom to top of a shape of revolution about +Y, centred on the origin. */
function profile(shape: Collider['shape']): [number, number][] {
  if (shape.type === 'cone') return [[0, -shape.height / 2], [shape.radius, -shape.height / 2], [0, shape.height / 2]];
  const rings = 6;
  const r = shape.type === 'sphere' || shape.type === 'capsule' ? shape.radius : 0;
  const half = shape.type === 'capsule' ? shape.height / 2 : 0;
  const out: [number, number][] = [];
  for (let k = 0; k <= rings; k++) {
    const a = -Math.PI / 2 + (Math.PI * k) / rings;
    if (k === rings / 2) out.push([r, -half], ...(half > 0 ? [[r, half] as [number, number]] : []));
    else out.push([k === 0 || k === rings ? 0 : r * Math.cos(a), r * Math.sin(a) + (k < rings / 2 ? -half : half)]);
  }
  return out;
}

/** The profile turned about +Y: quads between rings, triangles where a ring closes to a point; CCW outward. */
function revolve(rings: [number, number][]): Float32Array[] {
  const polygons: Float32Array[] = [];
  const at = (ring: number, s: number): number[] => {
    const a = (2 * Math.PI * s) / SEGMENTS;
    const [r, y] = rings[ring];
    return [r * Math.sin(a), y, r * Math.cos(a)];
  };
  for (let k = 0; k + 1 < rings.length; k++) {
    const r0 = rings[k][0], r1 = rings[k + 1][0];
    if (r0 === 0 && r1 === 0) continue;
    for (let s = 0; s < SEGMENTS; s++) {
      const corners = r0 === 0 ? [at(k, s), at(k + 1, s + 1), at(k + 1, s)] : r1 === 0 ? [at(k, s), at(k, s + 1), at(k + 1, s)] : [at(k, s), at(k, s + 1), at(k + 1, s + 1), at(k + 1, s)];
      polygons.push(Float32Array.from(corners.flat()));
    }
  }
  return polygons;
}
