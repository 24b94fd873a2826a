import { getClip, sampleAnimation } from '../scene/animation.js';
import { computeWorldMatrices } from '../scene/traverse.js';
import type { AnimationClip, Primitive, Scene, Vec3 } from '../scene/types.js';
import { computeSkinMatrices, skinVerticesReference, type SkinFunction } from './skinning.js';

export interface Bounds {
  min: Vec3;
  max: Vec3;
}

export interface BoundsOptions {
  /** Clip (index, name or object) to pose skinned and animated nodes with. */
  animation?: number | string | AnimationClip;
  /** Seconds into the clip; default 0. */
  time?: number;
  /** LOD level to measure for nodes with `lods`; default 0. */
  lod?: number;
  /**
   * Skinning implementation with `skinVerticesReference`'s signature, e.g. the kernels'
   * `skinVertices` from `@relic3d/kernels` (core stays free of WASM); default: `skinVerticesReference`.
   */
  skin?: SkinFunction;
}

/** An empty box: min = +Infinity, max = -Infinity. */
export function emptyBounds(): Bounds {
  return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
}

export function isEmptyBounds(b: Bounds): boolean {
  return !(b.min[0] <= b.max[0]);
}

/** Nodes that belong to LOD levels other than `level`; they are left out of bounds and rendering. */
export function hiddenLodNodes(scene: Scene, level = 0): Set<number> {
  const hidden = new Set<number>();
  const hide = (i: number) => {
    const stack = [i];
    while (stack.length) {
      const n = stack.pop()!;
      if (hidden.has(n) || !scene.nodes[n]) continue;
      hidden.add(n);
      stack.push(...scene.nodes[n].children);
    }
  };
  for (const node of scene.nodes) {
    if (!node.lods?.length) continue;
    const keep = Math.min(level, node.lods.length - 1);
    node.lods.forEach((l, k) => k !== keep && hide(l.node));
  }
  return hidden;
}

function positionsOf(primitive: Primitive, weights: ArrayLike<number> | undefined): Float32Array {
  const base = primitive.attributes.POSITION;
  if (!weights || !primitive.targets?.length) return base;
  const out = base.slice();
  primitive.targets.forEach((target, k) => {
    const w = weights[k] ?? 0;
    if (!w || !target.POSITION) return;
    for (let i = 0; i < out.length; i++) out[i] += w * target.POSITION[i];
  });
  return out;
}

/**
 * World-space box of every mesh in the scene. With `animation`, nodes are posed at `time` and
 * skinned meshes are skinned on the CPU.
 */
export function computeBounds(scene: Scene, options: BoundsOptions = {}): Bounds {
  const clip = options.animation !== undefined ? getClip(scene, options.animation) : undefined;
  const pose = clip ? sampleAnimation(scene, clip, options.time ?? 0) : undefined;
  const world = computeWorldMatrices(scene, pose?.locals);
  const hidden = hiddenLodNodes(scene, options.lod ?? 0);
  const skinMatrices = new Map<number, Float32Array>();
  const box = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  scene.nodes.forEach((node, i) => {
    if (node.mesh === undefined || hidden.has(i)) return;
    const mesh = scene.meshes[node.mesh];
    if (!mesh) return;
    const morphWeights = pose?.weights.get(i) ?? node.weights ?? mesh.weights;
    for (const primitive of mesh.primitives) {
      const positions = positionsOf(primitive, morphWeights);
      const { JOINTS_0, WEIGHTS_0 } = primitive.attributes;
      if (node.skin !== undefined && scene.skins[node.skin] && JOINTS_0 && WEIGHTS_0) {
        let jm = skinMatrices.get(node.skin);
        if (!jm) skinMatrices.set(node.skin, (jm = computeSkinMatrices(scene, node.skin, world)));
        const out = new Float32Array(positions.length);
        (options.skin ?? skinVerticesReference)(positions, JOINTS_0, WEIGHTS_0, jm, out);
        growBox(box, out);
      } else growBox(box, positions, world, i * 16);
    }
  });
  return { min: [box[0], box[1], box[2]], max: [box[3], box[4], box[5]] };
}

/**
 * Grows `box` (min xyz, max xyz) by `points`, moved by the column-major matrix at `o` of `m` when
 * given. Tight loops on locals: a closure call per point cost a sixth of a large O3D write.
 */
function growBox(box: Float64Array, points: ArrayLike<number>, m?: Float32Array, o = 0): void {
  let x0 = box[0], y0 = box[1], z0 = box[2], x1 = box[3], y1 = box[4], z1 = box[5];
  const n = points.length - 2;
  if (m) {
    const m0 = m[o], m1 = m[o + 1], m2 = m[o + 2], m4 = m[o + 4], m5 = m[o + 5], m6 = m[o + 6];
    const m8 = m[o + 8], m9 = m[o + 9], m10 = m[o + 10], m12 = m[o + 12], m13 = m[o + 13], m14 = m[o + 14];
    for (let v = 0; v < n; v += 3) {
      const x = points[v], y = points[v + 1], z = points[v + 2];
      const wx = m0 * x + m4 * y + m8 * z + m12, wy = m1 * x + m5 * y + m9 * z + m13, wz = m2 * x + m6 * y + m10 * z + m14;
      if (wx < x0) x0 = wx;
      if (wy < y0) y0 = wy;
      if (wz < z0) z0 = wz;
      if (wx > x1) x1 = wx;
      if (wy > y1) y1 = wy;
      if (wz > z1) z1 = wz;
    }
  } else {
    for (let v = 0; v < n; v += 3) {
      const x = points[v], y = points[v + 1], z = points[v + 2];
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (z < z0) z0 = z;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
      if (z > z1) z1 = z;
    }
  }
  box.set([x0, y0, z0, x1, y1, z1]);
}
