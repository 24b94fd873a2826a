import { computeWorldMatrices64, isTRS, math, type CodePageEncoder, type Node, type Quat, type Scene, type Vec3, type WarningSink } from '@relic3d/core';

/** Ultra versions the writer can produce; 302 is the newest the engine writes. */
export type UltraVersion = 300 | 301 | 302;

/** What every part of one write needs. */
export interface WriteContext {
  scene: Scene;
  sink: WarningSink;
  encoder: CodePageEncoder;
  version: UltraVersion;
  /** Rest-pose world matrices in doubles, 16 per node. */
  world: Float64Array;
  /** `validateScene` found every vertex attribute finite (the writer's own scrub is skipped). */
  attributesFinite: boolean;
  /** `writeBudget(scene)`: the most bytes the write may build (core/write/budget.ts). */
  budget: number;
}

export interface TRS {
  translation: Vec3;
  rotation: Quat;
  scale: Vec3;
}

export const IDENTITY_TRS: Readonly<TRS> = { translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] };

/** Node-local matrix in doubles (its `matrix`, else its TRS). */
export function localMatrix64(node: Node, out = new Float64Array(16)): Float64Array {
  if (node.matrix) {
    for (let i = 0; i < 16; i++) out[i] = node.matrix[i];
    return out;
  }
  return math.fromTRS(node.translation, node.rotation, node.scale, out) as Float64Array;
}

/** World matrices of the rest pose in doubles (the writer bakes transforms with them). */
export function worldMatrices64(scene: Scene): Float64Array {
  return computeWorldMatrices64(scene, localMatrix64);
}

export function worldOf(ctx: WriteContext, node: number): Float64Array {
  if (node < 0) return math.identity(new Float64Array(16)) as Float64Array;
  return ctx.world.subarray(node * 16, node * 16 + 16);
}

/** inverse(world(from)) × world(to): `to` in the space of `from` (−1 = the scene root). */
export function relativeMatrix(ctx: WriteContext, from: number, to: number): Float64Array {
  const inverse = math.invert(worldOf(ctx, from), new Float64Array(16)) ?? math.identity(new Float64Array(16));
  return math.multiply(inverse, worldOf(ctx, to), new Float64Array(16)) as Float64Array;
}

/** True when `m` is the identity within a float32's precision (such transforms are not baked). */
export function isIdentity(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) {
    const expected = i % 5 === 0 ? 1 : 0;
    if (Math.abs(m[i] - expected) > 1e-6) return false;
  }
  return true;
}

/** The node's TRS as stored (a matrix is decomposed; shear cannot be held and is warned). */
export function nodeTRS(ctx: WriteContext, index: number): TRS {
  const node = ctx.scene.nodes[index];
  if (node.matrix) return matrixTRS(ctx, node.matrix, `node '${node.name}'`);
  return {
    translation: node.translation ? [...node.translation] : [0, 0, 0],
    rotation: node.rotation ? [...node.rotation] : [0, 0, 0, 1],
    scale: node.scale ? [...node.scale] : [1, 1, 1],
  };
}

/** A matrix as TRS; the part a TRS cannot hold (shear) is warned. */
export function matrixTRS(ctx: WriteContext, m: ArrayLike<number>, what: string): TRS {
  if (!isTRS(m)) ctx.sink.warn('MDL_WRITE_SHEAR', `${what} has a sheared transform; Ultra MDL stores position, rotation and scale, so the shear is lost`);
  const d = math.decompose(m);
  return { translation: d.translation, rotation: math.quatNormalize(d.rotation), scale: d.scale };
}

/** The upper 3×3 of `m` as the matrix that transforms normals (inverse transpose), row-free column-major 9. */
export function normalMatrix(m: ArrayLike<number>): Float64Array {
  const a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
  // Cofactors: the inverse transpose up to the determinant, whose scale the renormalisation removes.
  const sign = math.determinant3(m) < 0 ? -1 : 1;
  return Float64Array.from([e * i - f * h, f * g - d * i, d * h - e * g, c * h - b * i, a * i - c * g, b * g - a * h, b * f - c * e, c * d - a * f, a * e - b * d].map((v) => v * sign));
}

/** A plain `Record` check for extras values read back (they may come from any source). */
export function numberArray(value: unknown, length: number): number[] | undefined {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return undefined;
  const list = value as ArrayLike<unknown>;
  if (list.length !== length) return undefined;
  const out: number[] = [];
  for (let i = 0; i < length; i++) {
    const v = list[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
    out.push(v);
  }
  return out;
}
