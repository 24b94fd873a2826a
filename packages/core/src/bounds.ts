import { getClip, sampleAnimation } from './animation.js';
import { multiply } from './math.js';
import { computeWorldMatrices } from './scene.js';
import type { AnimationClip, Primitive, Scene, Vec3 } from './types.js';

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
   * Skinning implementation with `skinVertices`' signature, e.g. the WASM kernel from
   * `@relic3d/kernels` (core stays free of WASM); default: the TypeScript `skinVertices`.
   */
  skin?: SkinFunction;
}

export type SkinFunction = (
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
) => void;

/** An empty box: min = +Infinity, max = -Infinity. */
export function emptyBounds(): Bounds {
  return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
}

export function isEmptyBounds(b: Bounds): boolean {
  return !(b.min[0] <= b.max[0]);
}

/** Joint matrices for a skin: world(joint) × inverseBind(joint), 16 floats each. */
export function computeSkinMatrices(scene: Scene, skinIndex: number, world: Float32Array): Float32Array {
  const skin = scene.skins[skinIndex];
  const out = new Float32Array(skin.joints.length * 16);
  for (let j = 0; j < skin.joints.length; j++) {
    const node = skin.joints[j];
    multiply(world.subarray(node * 16, node * 16 + 16), skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16), out.subarray(j * 16, j * 16 + 16));
  }
  return out;
}

/**
 * Linear-blend skinning on the CPU. Positions (and, if given, normals) of `count` vertices are
 * transformed by Σ weight × jointMatrix. Output arrays may not alias the inputs.
 */
export function skinVertices(
  positions: Float32Array,
  joints: Uint16Array,
  weights: Float32Array,
  jointMatrices: Float32Array,
  outPositions: Float32Array,
  normals?: Float32Array,
  outNormals?: Float32Array,
): void {
  const count = positions.length / 3;
  const jointCount = jointMatrices.length / 16;
  const m = new Float64Array(16);
  for (let v = 0; v < count; v++) {
    m.fill(0);
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      const j = joints[v * 4 + k];
      if (w === 0 || j >= jointCount) continue;
      const o = j * 16;
      for (let c = 0; c < 16; c++) m[c] += w * jointMatrices[o + c];
    }
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    outPositions[v * 3] = m[0] * x + m[4] * y + m[8] * z + m[12];
    outPositions[v * 3 + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    outPositions[v * 3 + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
    if (normals && outNormals) {
      const nx = normals[v * 3], ny = normals[v * 3 + 1], nz = normals[v * 3 + 2];
      const ox = m[0] * nx + m[4] * ny + m[8] * nz;
      const oy = m[1] * nx + m[5] * ny + m[9] * nz;
      const oz = m[2] * nx + m[6] * ny + m[10] * nz;
      const l = Math.hypot(ox, oy, oz) || 1;
      outNormals[v * 3] = ox / l;
      outNormals[v * 3 + 1] = oy / l;
      outNormals[v * 3 + 2] = oz / l;
    }
  }
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
        (options.skin ?? skinVertices)(positions, JOINTS_0, WEIGHTS_0, jm, out);
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
