/**
 * The model's box at rest (the O3D header's, docs/formats/o3d.md §2.1): core's `computeBounds`, and
 * for a scene without morphed meshes the same box in tight loops (the same sums in the same order
 * and the same skinning, so the same bits; `computeBounds`' closure over its box arrays cost a sixth
 * of a large static write and a twelfth of a skinned one).
 */
import { computeBounds, computeSkinMatrices, hiddenLodNodes, type Bounds, type Primitive, type Scene, type SkinFunction } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';

// Always the TypeScript kernel: WASM skinning differs in the last bits, and written bytes must not depend
// on whether WASM happened to be ready.
const skinOnTypeScript: SkinFunction = (positions, joints, weights, matrices, out) =>
  skinVertices(positions, joints, weights, matrices, out, undefined, undefined, { kernels: 'js' });

/** The box of the scene at rest; `rest` is its world matrices (`computeWorldMatrices(scene)`). */
export function restBounds(scene: Scene, rest: Float32Array): Bounds {
  try {
    return unmorphedBounds(scene, rest) ?? computeBounds(scene, { skin: skinOnTypeScript });
  } catch {
    // The kernels refused the data: the reference skinning.
    return computeBounds(scene);
  }
}

/** `computeBounds` (with the TypeScript skinning) of a scene whose drawn meshes are unmorphed; undefined for any other. */
function unmorphedBounds(scene: Scene, rest: Float32Array): Bounds | undefined {
  const hidden = hiddenLodNodes(scene, 0);
  const drawn: { primitive: Primitive; node: number; skinned: boolean }[] = [];
  for (let i = 0; i < scene.nodes.length; i++) {
    const node = scene.nodes[i];
    if (node.mesh === undefined || hidden.has(i)) continue;
    const mesh = scene.meshes[node.mesh];
    if (!mesh) continue;
    const morphed = (node.weights ?? mesh.weights) !== undefined;
    for (const p of mesh.primitives) {
      const { POSITION, JOINTS_0, WEIGHTS_0 } = p.attributes;
      if (!POSITION || (morphed && p.targets?.length)) return undefined;
      drawn.push({ primitive: p, node: i, skinned: node.skin !== undefined && !!scene.skins[node.skin] && !!JOINTS_0 && !!WEIGHTS_0 });
    }
  }
  const box = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  const skinMatrices = new Map<number, Float32Array>();
  for (const { primitive, node, skinned } of drawn) {
    const positions = primitive.attributes.POSITION;
    if (!skinned) {
      transformedBox(positions, rest, node * 16, box);
      continue;
    }
    const skin = scene.nodes[node].skin!;
    let matrices = skinMatrices.get(skin);
    if (!matrices) skinMatrices.set(skin, (matrices = computeSkinMatrices(scene, skin, rest)));
    const out = new Float32Array(positions.length);
    skinOnTypeScript(positions, primitive.attributes.JOINTS_0!, primitive.attributes.WEIGHTS_0!, matrices, out);
    pointsBox(out, box);
  }
  return { min: [box[0], box[1], box[2]], max: [box[3], box[4], box[5]] };
}

/** Grows `box` (min xyz, max xyz) by `positions` moved by the matrix at `o` of `m`. */
function transformedBox(positions: ArrayLike<number>, m: Float32Array, o: number, box: Float64Array): void {
  const m0 = m[o], m1 = m[o + 1], m2 = m[o + 2], m4 = m[o + 4], m5 = m[o + 5], m6 = m[o + 6];
  const m8 = m[o + 8], m9 = m[o + 9], m10 = m[o + 10], m12 = m[o + 12], m13 = m[o + 13], m14 = m[o + 14];
  let x0 = box[0], y0 = box[1], z0 = box[2], x1 = box[3], y1 = box[4], z1 = box[5];
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
  box.set([x0, y0, z0, x1, y1, z1]);
}

/** Grows `box` by points as they are. */
function pointsBox(points: Float32Array, box: Float64Array): void {
  let x0 = box[0], y0 = box[1], z0 = box[2], x1 = box[3], y1 = box[4], z1 = box[5];
  for (let v = 0, n = points.length; v < n; v += 3) {
    const x = points[v], y = points[v + 1], z = points[v + 2];
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (z < z0) z0 = z;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
    if (z > z1) z1 = z;
  }
  box.set([x0, y0, z0, x1, y1, z1]);
}
