// Node transforms as glTF can hold them: every node T·R·S (a node matrix must decompose to TRS, and
// animated nodes take TRS only), with what a sheared matrix leaves over passed down exactly.
import { math, type Quat, type Vec3 } from '@relic3d/core';
import { fromTRS, isTRS, linearPart, multiply, rotationMatrix, splitAffine, trsResidual, type M64, type Split } from './affine.js';

/** A node's local transform as the scene gives it (finite values). */
export interface Local {
  matrix?: ArrayLike<number>;
  translation?: ArrayLike<number>;
  rotation?: ArrayLike<number>;
  scale?: ArrayLike<number>;
}

/** What remains of a node's transform after its glTF TRS: scene world = glTF world · carry. */
export interface Carry {
  /** Linear 3×3 (column-major 4×4, no translation). */
  linear: M64;
  /** Set when the carry is a pure rotation. */
  rotation?: Quat;
}

export interface NodePlan {
  /** T·R·S written on the glTF node; unset parts are left at their defaults. */
  translation?: Vec3;
  rotation?: Quat;
  scale?: Vec3;
  /** The node's mesh vertices, inverse bind matrices and children take this (children already have). */
  carry?: Carry;
  /** The node's translation and rotation channels are turned by this (its parent's carry). */
  turn?: Quat;
  /** Written under its parent's remainder node: the parent's carry is not a rotation. */
  underRemainder?: boolean;
  /**
   * 'split': a sheared matrix written exactly as T·R·S with a rotation carried down;
   * 'animated': a sheared matrix on an animated node, written as the T·R·S its clips start from.
   */
  sheared?: 'split' | 'animated';
  /** How far the matrix is from T·R·S (relative to its size), for warnings. */
  residual?: number;
  /** 'animated' without a carry: the decomposition is singular and the remainder is lost. */
  lost?: boolean;
}

export interface TransformPlan {
  nodes: NodePlan[];
  /** Per parent whose carry is not a rotation: a node between it and its animated children. */
  remainders: Map<number, Split>;
}

/** A carry tighter than this (relative) is not worth a split: it is rounding, not shear. */
const CARRIED_TOLERANCE = 1e-12;

function rotate(q: ArrayLike<number>, v: ArrayLike<number> | undefined): Vec3 {
  return v ? math.quatRotateVec3(q, v) : [0, 0, 0];
}

/**
 * Plans every node's glTF transform. `parents[i]` is the node the exporter writes node i under
 * (-1 for none); `animated(i)` is true for nodes a translation, rotation or scale channel drives.
 *
 * A static node whose matrix is sheared becomes T · U · Σ (its SVD, U Σ Vᵀ) and carries the
 * rotation Vᵀ: its mesh is turned by it, its children are written relative to it (a rotation times
 * T·R·S is T·R·S, channels included), so every world matrix is exact. An animated node keeps the
 * T·R·S its clips start from (the matrix's decomposition) and carries the rest, a linear map; its
 * animated children go under a remainder node (that map as T·U·Σ) and are turned by Vᵀ.
 */
export function planTransforms(locals: Local[], parents: number[], animated: (i: number) => boolean): TransformPlan {
  const n = locals.length;
  const nodes: NodePlan[] = new Array(n);
  const remainders = new Map<number, Split>();
  const done = new Uint8Array(n);
  const chain: number[] = [];
  for (let start = 0; start < n; start++) {
    // Parents first (the exporter's parents have no cycles).
    for (let i = start; i >= 0 && i < n && !done[i] && chain.length <= n; i = parents[i]) chain.push(i);
    while (chain.length) {
      const i = chain.pop()!;
      nodes[i] = planNode(i);
      done[i] = 1;
    }
  }
  return { nodes, remainders };

  function planNode(i: number): NodePlan {
    const local = locals[i];
    const parent = parents[i];
    const incoming = parent >= 0 ? nodes[parent]?.carry : undefined;
    if (animated(i)) {
      const plan: NodePlan = {};
      let turn = incoming?.rotation;
      if (incoming && !turn) {
        let split = remainders.get(parent);
        if (!split) remainders.set(parent, (split = splitAffine(incoming.linear)));
        turn = split.inner;
        plan.underRemainder = true;
      }
      let t: ArrayLike<number> | undefined, r: ArrayLike<number> | undefined, s: ArrayLike<number> | undefined;
      if (local.matrix) {
        const d = math.decompose(local.matrix);
        [t, r, s] = [d.translation, d.rotation, d.scale];
        const residual = trsResidual(local.matrix);
        if (residual > 0 && !isTRS(local.matrix)) {
          plan.sheared = 'animated';
          plan.residual = residual;
          const inverse = math.invert(fromTRS(d.translation, d.rotation, d.scale), new Float64Array(16));
          if (inverse) plan.carry = { linear: linearPart(multiply(inverse, local.matrix)) };
          else plan.lost = true;
        }
      } else [t, r, s] = [local.translation, local.rotation, local.scale];
      if (turn) {
        plan.turn = turn;
        t = rotate(turn, t);
        r = math.quatMultiply(turn, r ?? [0, 0, 0, 1]);
      }
      return withTRS(plan, t, r, s);
    }
    if (!incoming) {
      if (!local.matrix) return withTRS({}, local.translation, local.rotation, local.scale);
      if (isTRS(local.matrix)) {
        const d = math.decompose(local.matrix);
        return { translation: d.translation, rotation: d.rotation, scale: d.scale };
      }
      return split(local.matrix, trsResidual(local.matrix));
    }
    if (incoming.rotation && !local.matrix) {
      const q = incoming.rotation;
      return withTRS({}, rotate(q, local.translation), math.quatMultiply(q, local.rotation ?? [0, 0, 0, 1]), local.scale);
    }
    const matrix = multiply(incoming.linear, local.matrix ?? fromTRS(local.translation ?? [0, 0, 0], local.rotation ?? [0, 0, 0, 1], local.scale ?? [1, 1, 1]));
    // A rotation keeps a matrix as far from T·R·S as it was; a shear carried down is kept exactly.
    const trs = incoming.rotation ? isTRS(matrix) : trsResidual(matrix) <= CARRIED_TOLERANCE;
    if (trs) {
      const d = math.decompose(matrix);
      return { translation: d.translation, rotation: d.rotation, scale: d.scale };
    }
    // Only the node's own shear is worth a warning; its parent's warning covers what it carries.
    const own = local.matrix ? trsResidual(local.matrix) : 0;
    return split(matrix, own > 0 && local.matrix && !isTRS(local.matrix) ? own : undefined);
  }

  function split(matrix: ArrayLike<number>, residual: number | undefined): NodePlan {
    const s = splitAffine(matrix);
    const plan: NodePlan = { translation: s.translation, rotation: s.rotation, scale: s.scale, carry: { linear: rotationMatrix(s.inner), rotation: s.inner } };
    if (residual !== undefined) {
      plan.sheared = 'split';
      plan.residual = residual;
    }
    return plan;
  }
}

function withTRS(plan: NodePlan, t?: ArrayLike<number>, r?: ArrayLike<number>, s?: ArrayLike<number>): NodePlan {
  if (t) plan.translation = [t[0], t[1], t[2]];
  if (r) plan.rotation = [r[0], r[1], r[2], r[3]];
  if (s) plan.scale = [s[0], s[1], s[2]];
  return plan;
}

/** Transforms vec3s (stride 3) by a linear map; new array. */
export function transformVectors(data: Float32Array, m: ArrayLike<number>): Float32Array {
  return linearMap(data, m, 3, 1);
}

/** Tangents (xyz w) after a linear map: xyz transformed (made unit with the other checks), w times `flip` (−1 for a mirroring map). */
export function transformTangents(tangents: Float32Array, m: ArrayLike<number>, flip: number): Float32Array {
  return linearMap(tangents, m, 4, flip);
}

function linearMap(data: Float32Array, m: ArrayLike<number>, stride: 3 | 4, flip: number): Float32Array {
  const out = new Float32Array(data.length);
  for (let i = 0; i + stride - 1 < data.length; i += stride) {
    const x = data[i], y = data[i + 1], z = data[i + 2];
    out[i] = m[0] * x + m[4] * y + m[8] * z;
    out[i + 1] = m[1] * x + m[5] * y + m[9] * z;
    out[i + 2] = m[2] * x + m[6] * y + m[10] * z;
    if (stride === 4) out[i + 3] = data[i + 3] * flip;
  }
  return out;
}
