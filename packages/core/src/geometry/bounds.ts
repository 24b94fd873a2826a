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
  const bounds = emptyBounds();
  const clip = options.animation !== undefined ? getClip(scene, options.animation) : undefined;
  const pose = clip ? sampleAnimation(scene, clip, options.time ?? 0) : undefined;
  const world = computeWorldMatrices(scene, pose?.locals);
  const hidden = hiddenLodNodes(scene, options.lod ?? 0);
  const skinMatrices = new Map<number, Float32Array>();
  const expand = (x: number, y: number, z: number) => {
    if (x < bounds.min[0]) bounds.min[0] = x;
    if (y < bounds.min[1]) bounds.min[1] = y;
    if (z < bounds.min[2]) bounds.min[2] = z;
    if (x > bounds.max[0]) bounds.max[0] = x;
    if (y > bounds.max[1]) bounds.max[1] = y;
    if (z > bounds.max[2]) bounds.max[2] = z;
  };
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
        for (let v = 0; v < out.length; v += 3) expand(out[v], out[v + 1], out[v + 2]);
        continue;
      }
      const m = world.subarray(i * 16, i * 16 + 16);
      for (let v = 0; v < positions.length; v += 3) {
        const x = positions[v], y = positions[v + 1], z = positions[v + 2];
        expand(
          m[0] * x + m[4] * y + m[8] * z + m[12],
          m[1] * x + m[5] * y + m[9] * z + m[13],
          m[2] * x + m[6] * y + m[10] * z + m[14],
        );
      }
    }
  });
  return bounds;
}
