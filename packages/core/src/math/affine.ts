// Affine matrices that a TRS node cannot hold (sheared ones), split into two rotations and a scale.
import type { Quat, Vec3 } from '../scene/types.js';
import { decompose, fromTRS } from './matrix.js';
import { quatFromRotationMatrix3, quatNormalize } from './quaternion.js';

/** A matrix whose 3×3 part differs from its TRS decomposition by less than this (relative) is TRS. */
export const TRS_TOLERANCE = 1e-4;

/** How far a matrix's 3×3 part is from its TRS decomposition, relative to its size. */
export function trsResidual(m: ArrayLike<number>): number {
  const d = decompose(m);
  const back = fromTRS(d.translation, d.rotation, d.scale, new Float64Array(16));
  let worst = 0, size = 0;
  for (const k of [0, 1, 2, 4, 5, 6, 8, 9, 10]) {
    worst = Math.max(worst, Math.abs(back[k] - m[k]));
    size = Math.max(size, Math.abs(m[k]));
  }
  return size > 0 ? worst / size : 0;
}

export const isTRS = (m: ArrayLike<number>): boolean => trsResidual(m) <= TRS_TOLERANCE;

/** Two nodes that multiply to an affine matrix: the shear node's T · U · Σ and the joint's Vᵀ. */
export interface AffineSplit {
  translation: Vec3;
  /** U */
  rotation: Quat;
  /** Σ (the smallest negative for a mirroring matrix) */
  scale: Vec3;
  /** Vᵀ, the joint's rotation */
  inner: Quat;
  /** V (3×3 column-major), for the next key's continuity */
  v: Float64Array;
}

const col = (m: ArrayLike<number>, c: number): number[] => [m[c * 4], m[c * 4 + 1], m[c * 4 + 2]];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: ArrayLike<number>, b: ArrayLike<number>): number[] => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalize = (a: number[]): number[] => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0];
};
const sub = (a: number[], b: number[], k: number): number[] => [a[0] - k * b[0], a[1] - k * b[1], a[2] - k * b[2]];

/** Eigenvalues and eigenvectors (columns of a 3×3, column-major) of a symmetric 3×3: cyclic Jacobi. */
function symmetricEigen(s: number[]): { values: number[]; vectors: number[][] } {
  const a = [
    [s[0], s[3], s[6]],
    [s[1], s[4], s[7]],
    [s[2], s[5], s[8]],
  ];
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 32; sweep++) {
    const off = Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
    const scale = Math.abs(a[0][0]) + Math.abs(a[1][1]) + Math.abs(a[2][2]);
    if (off <= 1e-17 * scale || off === 0) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      if (a[p][q] === 0) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), sn = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k][p], akq = a[k][q];
        a[k][p] = c * akp - sn * akq;
        a[k][q] = sn * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p][k], aqk = a[q][k];
        a[p][k] = c * apk - sn * aqk;
        a[q][k] = sn * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k][p], vkq = v[k][q];
        v[k][p] = c * vkp - sn * vkq;
        v[k][q] = sn * vkp + c * vkq;
      }
    }
  }
  return { values: [a[0][0], a[1][1], a[2][2]], vectors: [0, 1, 2].map((c) => [v[0][c], v[1][c], v[2][c]]) };
}

const PERMUTATIONS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/**
 * Splits an affine matrix into shear node (T · U · Σ) and joint (Vᵀ) rotations, with V as close to
 * `previous` (a 3×3 V of the previous key; identity at first) as the matrix allows.
 */
export function splitAffine(m: ArrayLike<number>, previous?: Float64Array): AffineSplit {
  const prev = previous ? [0, 1, 2].map((c) => [previous[c * 3], previous[c * 3 + 1], previous[c * 3 + 2]]) : [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const a = [col(m, 0), col(m, 1), col(m, 2)];
  // AᵀA, symmetric.
  const ata: number[] = [];
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) ata[c * 3 + r] = dot(a[r], a[c]);
  const { values, vectors } = symmetricEigen(ata);
  const biggest = Math.max(...values.map(Math.abs), 1e-300);
  // Singular directions matched to the previous V (the order and signs that move least).
  let best = PERMUTATIONS[0], bestScore = -1;
  for (const p of PERMUTATIONS) {
    const score = p.reduce((n, e, k) => n + Math.abs(dot(vectors[e], prev[k])), 0);
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  }
  let v = best.map((e) => vectors[e]);
  const lambda = best.map((e) => values[e]);
  // Directions whose singular values coincide are free within their span: take the previous V there.
  const close = (i: number, j: number) => Math.abs(lambda[i] - lambda[j]) <= 1e-9 * biggest;
  const groups: number[][] = [];
  for (let k = 0; k < 3; k++) {
    const g = groups.find((members) => close(members[0], k));
    if (g) g.push(k);
    else groups.push([k]);
  }
  for (const g of groups) {
    if (g.length === 3) v = prev.map((p) => [...p]);
    else if (g.length === 2) {
      const [i, j] = g;
      const o = 3 - i - j;
      const n = v[o];
      // The previous directions projected on the plane the two span.
      const pi = normalize(sub(prev[i], n, dot(prev[i], n)));
      const basis = Math.hypot(...pi) > 0.5 ? pi : normalize(sub(prev[j], n, dot(prev[j], n)));
      const vi = Math.hypot(...basis) > 0.5 ? basis : normalize(cross(n, Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]));
      v[i] = vi;
      v[j] = normalize(cross(n, vi));
      if (dot(v[j], prev[j]) < 0) v[j] = v[j].map((x) => -x);
    }
  }
  for (let k = 0; k < 3; k++) if (dot(v[k], prev[k]) < 0) v[k] = v[k].map((x) => -x);
  // V must be a rotation: flip the direction that agrees least with the previous one.
  if (dot(cross(v[0], v[1]), v[2]) < 0) {
    let worst = 0;
    for (let k = 1; k < 3; k++) if (Math.abs(dot(v[k], prev[k])) < Math.abs(dot(v[worst], prev[worst]))) worst = k;
    v[worst] = v[worst].map((x) => -x);
  }
  // U Σ = A V: columns A v_k, their lengths are the singular values.
  const av = v.map((vk) => [0, 1, 2].map((r) => a[0][r] * vk[0] + a[1][r] * vk[1] + a[2][r] * vk[2]));
  const sigma = av.map((c) => Math.hypot(c[0], c[1], c[2]));
  let u = av.map((c, k) => (sigma[k] > 1e-300 ? c.map((x) => x / sigma[k]) : [0, 0, 0]));
  // Orthonormal, right-handed U (Gram–Schmidt in order of size; a zero column is completed).
  const order = [0, 1, 2].sort((x, y) => sigma[y] - sigma[x]);
  const [o0, o1, o2] = order;
  const e0 = Math.hypot(...u[o0]) > 0.5 ? normalize(u[o0]) : [1, 0, 0];
  let e1 = normalize(sub(u[o1], e0, dot(u[o1], e0)));
  if (!(Math.hypot(...e1) > 0.5)) e1 = normalize(cross(e0, Math.abs(e0[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]));
  const e2 = normalize(sub(sub(u[o2], e0, dot(u[o2], e0)), e1, dot(u[o2], e1)));
  const uu: number[][] = [];
  uu[o0] = e0;
  uu[o1] = e1;
  // The completion that makes (u0, u1, u2) right-handed.
  const handed = normalize(o2 === 2 ? cross(uu[0], uu[1]) : o2 === 0 ? cross(uu[1], uu[2]) : cross(uu[2], uu[0]));
  // A mirroring matrix: U stays a rotation and the smallest singular value turns negative.
  if (Math.hypot(...e2) > 0.5 && dot(e2, handed) < 0) sigma[o2] = -sigma[o2];
  uu[o2] = handed;
  u = uu;
  const uq = quatFromRotationMatrix3([...u[0], ...u[1], ...u[2]]);
  // Vᵀ as a column-major 3×3: row k of Vᵀ is v_k.
  const vt = [v[0][0], v[1][0], v[2][0], v[0][1], v[1][1], v[2][1], v[0][2], v[1][2], v[2][2]];
  return {
    translation: [m[12], m[13], m[14]],
    rotation: quatNormalize(uq),
    scale: [sigma[0], sigma[1], sigma[2]],
    inner: quatNormalize(quatFromRotationMatrix3(vt)),
    v: Float64Array.from([...v[0], ...v[1], ...v[2]]),
  };
}
