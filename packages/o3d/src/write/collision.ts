/**
 * The collision mesh (docs/formats/o3d.md §2.1): a trimesh collider, in model space, as a normal
 * object's geometry without materials or blocks (as real files store it: normals and UVs 0). Other
 * collider shapes, and more than one trimesh, cannot be written.
 */
import { math, type Collider } from '@relic3d/core';
import { plural, type WriteContext } from './context.js';
import { MAX_OBJECT_VERTICES } from './geometry.js';
import type { GeometryPlan } from './plan.js';

export function collisionGeometry(ctx: WriteContext): GeometryPlan | undefined {
  const { scene, sink } = ctx;
  const meshes = scene.colliders.filter((c): c is Collider & { shape: { type: 'trimesh' } } => c.shape.type === 'trimesh');
  const others = scene.colliders.length - meshes.length;
  if (others) sink.warn('O3D_WRITE_COLLIDER', `an O3D's collision is one triangle mesh; ${plural(others, 'collider')} of other shapes (${[...new Set(scene.colliders.filter((c) => c.shape.type !== 'trimesh').map((c) => c.shape.type))].join(', ')}) not written`);
  if (meshes.length > 1) sink.warn('O3D_WRITE_COLLIDER', `an O3D has one collision mesh; the first of ${meshes.length} trimesh colliders is written`);
  const collider = meshes[0];
  if (!collider) return undefined;
  const { positions: source, indices: sourceIndices } = collider.shape;
  const count = Math.floor(source.length / 3);
  const node = collider.node ?? -1;
  const world = node >= 0 && node < scene.nodes.length ? ctx.rest.subarray(node * 16, node * 16 + 16) : math.identity(new Float32Array(16));
  const offset = math.fromTRS(collider.translation ?? [0, 0, 0], collider.rotation ?? [0, 0, 0, 1], collider.scale ?? [1, 1, 1], new Float64Array(16));
  const m = math.multiply(world, offset, new Float64Array(16));
  if (count > MAX_OBJECT_VERTICES) {
    sink.warn('O3D_WRITE_COLLIDER', `the collision mesh has ${count} vertices; WORD indices hold ${MAX_OBJECT_VERTICES}: not written`);
    return undefined;
  }
  // In model space, Z mirrored here: a value that rounds to 0 in f32 keeps its sign, as written before.
  const positions = new Float32Array(count * 3);
  let bad = 0;
  for (let v = 0; v < count; v++) {
    const p = math.transformPoint(m, source[v * 3], source[v * 3 + 1], source[v * 3 + 2]);
    for (let c = 0; c < 3; c++) {
      const value = c === 2 ? 0 - p[c] : p[c];
      if (value - value === 0) positions[v * 3 + c] = value;
      else bad++;
    }
  }
  const corners = sourceIndices.length - (sourceIndices.length % 3);
  const triangles = new Uint16Array(corners);
  let kept = 0;
  for (let t = 0; t < corners; t += 3) {
    const a = sourceIndices[t], b = sourceIndices[t + 1], c = sourceIndices[t + 2];
    if (a >= count || b >= count || c >= count) continue;
    triangles[kept++] = a;
    triangles[kept++] = b;
    triangles[kept++] = c;
  }
  if (kept < corners) sink.warn('O3D_WRITE_INDEX', `collision mesh: ${plural((corners - kept) / 3, 'triangle')} name vertices past its ${count}; not written`);
  if (bad) sink.warn('O3D_WRITE_NOT_FINITE', `collision mesh: ${plural(bad, 'value')} not finite, written as 0`);
  if (!kept) return undefined;
  // Every vertex is written, in its own order (normals and UVs 0).
  const spans = [{ source: { positions, mirrored: true }, triangles: kept < corners ? triangles.subarray(0, kept) : triangles, first: 0, start: 0, count }];
  return {
    opacity: 0,
    bump: 0,
    rigid: 0,
    vertexCount: count,
    spans,
    faceCount: kept / 3,
    withPhysique: false,
    materialFlag: 0,
    materialCount: 0,
    materials: [],
    blocks: [],
  };
}
