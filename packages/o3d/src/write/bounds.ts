/**
 * The model's box at rest (the O3D header's bbox): core's `computeBounds`, skinned by the kernels.
 * A scene without skins, morph targets or LODs takes a direct loop that gives the same numbers
 * (same products, same comparisons in the same order) without a call per vertex.
 */
import { computeBounds, computeWorldMatrices, type Bounds, type Scene } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';

export function restBounds(scene: Scene): Bounds {
  if (isRigid(scene)) return rigidBounds(scene);
  try {
    return computeBounds(scene, { skin: skinVertices });
  } catch {
    // The reference when the kernels refuse the data.
    return computeBounds(scene);
  }
}

/** No node with LODs, no mesh node with a skin, no primitive with morph targets or without positions. */
function isRigid(scene: Scene): boolean {
  return scene.nodes.every((node) => {
    if (node.lods?.length) return false;
    if (node.mesh === undefined) return true;
    if (node.skin !== undefined) return false;
    const mesh = scene.meshes[node.mesh];
    return !mesh || mesh.primitives.every((p) => p.attributes.POSITION && !p.targets?.length);
  });
}

/** `computeBounds` of a rigid scene: every mesh node's positions through its world matrix. */
function rigidBounds(scene: Scene): Bounds {
  const world = computeWorldMatrices(scene);
  // Plain locals in one loop (no closure over them): the running box stays in registers.
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let i = 0; i < scene.nodes.length; i++) {
    const node = scene.nodes[i];
    const mesh = node.mesh === undefined ? undefined : scene.meshes[node.mesh];
    if (!mesh) continue;
    const o = i * 16;
    const m0 = world[o], m1 = world[o + 1], m2 = world[o + 2], m4 = world[o + 4], m5 = world[o + 5], m6 = world[o + 6];
    const m8 = world[o + 8], m9 = world[o + 9], m10 = world[o + 10], m12 = world[o + 12], m13 = world[o + 13], m14 = world[o + 14];
    for (const primitive of mesh.primitives) {
      const positions = primitive.attributes.POSITION;
      for (let v = 0, n = positions.length; v < n; v += 3) {
        const x = positions[v], y = positions[v + 1], z = positions[v + 2];
        const wx = m0 * x + m4 * y + m8 * z + m12, wy = m1 * x + m5 * y + m9 * z + m13, wz = m2 * x + m6 * y + m10 * z + m14;
        if (wx < x0) x0 = wx;
        if (wy < y0) y0 = wy;
        if (wz < z0) z0 = wz;
        if (wx > x1) x1 = wx;
        if (wy > y1) y1 = wy;
        if (wz > z1) z1 = wz;
      }
    }
  }
  return { min: [x0, y0, z0], max: [x1, y1, z1] };
}
