/** The collision mesh as a trimesh collider on the model root (docs/formats/o3d.md §2.1). */
import { mirrorZ, zeroNonFinite, type Collider } from '@relic3d/core';
import type { O3dGeometry } from '../file.js';
import { convertBox } from './axes.js';
import type { BuildContext } from './context.js';
import { countNotFinite } from './finite.js';

export function addCollider(ctx: BuildContext, g: O3dGeometry): void {
  const positions = mirrorZ(g.positions);
  countNotFinite(ctx, 'collision vertex values', zeroNonFinite(positions));
  const count = positions.length / 3;
  const corners = g.indices.length - (g.indices.length % 3);
  let indices = new Uint32Array(corners);
  let kept = 0;
  for (let t = 0; t < corners; t += 3) {
    const a = g.indices[t], b = g.indices[t + 1], c = g.indices[t + 2];
    if (a < count && b < count && c < count) {
      indices[kept++] = a;
      indices[kept++] = c;
      indices[kept++] = b;
    }
  }
  if (kept < corners) {
    indices = indices.slice(0, kept);
    ctx.sink.warn('O3D_INDEX_RANGE', `collision mesh: triangles index past its ${count} vertices; dropped`);
  }
  const box = convertBox(g.bboxMin, g.bboxMax);
  const collider: Collider = {
    name: `${ctx.scene.name} collision`,
    shape: { type: 'trimesh', positions, indices },
    node: ctx.root,
    extras: { faceCount: g.faceCount, bboxMin: box.min, bboxMax: box.max },
  };
  ctx.scene.colliders.push(collider);
}
