/**
 * The model's box at rest (the O3D header's, docs/formats/o3d.md §2.1): core's `computeBounds`, and
 * for a scene of rigid, unmorphed meshes the same box in one tight loop (the same sums in the same
 * order, so the same bits; `computeBounds`' closure over its box arrays cost a sixth of a large write).
 */
import { computeBounds, hiddenLodNodes, type Bounds, type Scene, type SkinFunction } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';

// Always the TypeScript kernel: WASM skinning differs in the last bits, and written bytes must not depend
// on whether WASM happened to be ready.
const skinOnTypeScript: SkinFunction = (positions, joints, weights, matrices, out) =>
  skinVertices(positions, joints, weights, matrices, out, undefined, undefined, { kernels: 'js' });

/** The box of the scene at rest; `rest` is its world matrices (`computeWorldMatrices(scene)`). */
export function restBounds(scene: Scene, rest: Float32Array): Bounds {
  const hidden = hiddenLodNodes(scene, 0);
  const rigid = rigidBounds(scene, rest, hidden);
  if (rigid) return rigid;
  try {
    return computeBounds(scene, { skin: skinOnTypeScript });
  } catch {
    // The kernels refused the data: the reference skinning.
    return computeBounds(scene);
  }
}

/** `computeBounds` of a scene whose drawn meshes are all rigid and unmorphed; undefined for any other. */
function rigidBounds(scene: Scene, rest: Float32Array, hidden: Set<number>): Bounds | undefined {
  const drawn: { positions: ArrayLike<number>; node: number }[] = [];
  for (let i = 0; i < scene.nodes.length; i++) {
    const node = scene.nodes[i];
    if (node.mesh === undefined || hidden.has(i)) continue;
    const mesh = scene.meshes[node.mesh];
    if (!mesh) continue;
    const morphed = (node.weights ?? mesh.weights) !== undefined;
    for (const p of mesh.primitives) {
      const { POSITION, JOINTS_0, WEIGHTS_0 } = p.attributes;
      if (!POSITION || (morphed && p.targets?.length)) return undefined;
      if (node.skin !== undefined && scene.skins[node.skin] && JOINTS_0 && WEIGHTS_0) return undefined;
      drawn.push({ positions: POSITION, node: i });
    }
  }
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (const { positions, node } of drawn) {
    const o = node * 16;
    const m0 = rest[o], m1 = rest[o + 1], m2 = rest[o + 2], m4 = rest[o + 4], m5 = rest[o + 5], m6 = rest[o + 6];
    const m8 = rest[o + 8], m9 = rest[o + 9], m10 = rest[o + 10], m12 = rest[o + 12], m13 = rest[o + 13], m14 = rest[o + 14];
    for (let v = 0, n = positions.length; v < n; v += 3) {
      const x = positions[v], y = positions[v + 1], z = positions[v + 2];
      const wx = m0 * x + m4 * y + m8 * z + m12;
      const wy = m1 * x + m5 * y + m9 * z + m13;
      const wz = m2 * x + m6 * y + m10 * z + m14;
      if (wx < x0) x0 = wx;
      if (wy < y0) y0 = wy;
      if (wz < z0) z0 = wz;
      if (wx > x1) x1 = wx;
      if (wy > y1) y1 = wy;
      if (wz > z1) z1 = wz;
    }
  }
  return { min: [x0, y0, z0], max: [x1, y1, z1] };
}
