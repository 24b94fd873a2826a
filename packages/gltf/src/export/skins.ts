// Skins: joints, inverse bind matrices, one root above every skin's joints, and the joint weights
// each skinned primitive is written with.
import { math, type Skin } from '@relic3d/core';
import { accessor } from './accessors.js';
import type { ExportContext } from './context.js';
import type { Json } from './output.js';
import { cleanSkinWeights } from './sanitize.js';

/** One glTF skin per scene skin whose joints all exist (once each); others are left out (null). */
export function createSkins(ctx: ExportContext): void {
  for (const [s, skin] of ctx.scene.skins.entries()) {
    if (skin.joints.length === 0) {
      ctx.skins.push(null);
      ctx.warn('GLTF_SKIN_EMPTY', `skin ${s} has no joints and is left out`);
      continue;
    }
    if (skin.joints.some((j) => !ctx.json.nodes[j] || !Number.isInteger(j) || j >= ctx.scene.nodes.length) || new Set(skin.joints).size !== skin.joints.length) {
      ctx.skins.push(null);
      ctx.warn('GLTF_SKIN_INVALID', `skin ${s} names a node that does not exist, or one node twice; left out`);
      continue;
    }
    const g: Json = { name: skin.name ?? `skin_${s}`, joints: [...skin.joints] };
    g.inverseBindMatrices = accessor(ctx, inverseBindMatrices(ctx, skin, s), 16, 'inverseBindMatrices');
    const extras = ctx.extras(skin.extras);
    if (extras) g.extras = extras;
    ctx.json.skins.push(g);
    ctx.skins.push(ctx.json.skins.length - 1);
  }
}

/**
 * The skin's inverse bind matrices as glTF takes them: one finite, affine matrix per joint, times
 * the carry of a joint written without part of its matrix. The scene's own array when it is so
 * already (a last row of exactly +0 +0 +0 1: a -0 would be written as +0 by the copy).
 */
function inverseBindMatrices(ctx: ExportContext, skin: Skin, s: number): Float32Array {
  const source = skin.inverseBindMatrices;
  const carried = skin.joints.some((j) => ctx.plan.nodes[j].carry);
  if (!carried && source.length === skin.joints.length * 16 && affineAndFinite(source)) return source;
  const ibm = new Float32Array(skin.joints.length * 16);
  ibm.set(source.length > ibm.length ? source.subarray(0, ibm.length) : source);
  // A joint written without part of its matrix (its carry): the bind matrix takes that part (checked below).
  skin.joints.forEach((j, k) => {
    const carry = ctx.plan.nodes[j].carry;
    if (carry) ibm.set(math.multiply(carry.linear, ibm.subarray(k * 16, k * 16 + 16), new Float64Array(16)), k * 16);
  });
  let fixed = 0;
  let replaced = 0;
  for (let k = 0; k + 15 < ibm.length; k += 16) {
    let finite = k + 15 < source.length;
    for (let c = 0; c < 16 && finite; c++) if (!Number.isFinite(ibm[k + c])) finite = false;
    if (!finite) {
      math.identity(ibm.subarray(k, k + 16));
      replaced++;
      continue;
    }
    // Float noise (1e-8) is set silently; a real projective row is worth a warning.
    if (Math.max(Math.abs(ibm[k + 3]), Math.abs(ibm[k + 7]), Math.abs(ibm[k + 11]), Math.abs(ibm[k + 15] - 1)) > 1e-5) fixed++;
    ibm[k + 3] = ibm[k + 7] = ibm[k + 11] = 0;
    ibm[k + 15] = 1;
  }
  if (fixed) ctx.warn('GLTF_IBM_FIXED', `skin ${s}: ${fixed} inverse bind matrices had a non-affine last row; set to 0 0 0 1`);
  if (replaced) ctx.warn('GLTF_IBM_FIXED', `skin ${s}: ${replaced} inverse bind matrices missing or not finite; the identity is written`);
  return ibm;
}

function affineAndFinite(matrices: Float32Array): boolean {
  for (let k = 0; k + 15 < matrices.length; k += 16) {
    for (let c = 0; c < 16; c++) if (!Number.isFinite(matrices[k + c])) return false;
    if (!Object.is(matrices[k + 3], 0) || !Object.is(matrices[k + 7], 0) || !Object.is(matrices[k + 11], 0) || matrices[k + 15] !== 1) return false;
  }
  return true;
}

function topOf(ctx: ExportContext, node: number): number {
  let n = node;
  for (let p = ctx.parentOf.get(n); p !== undefined; p = ctx.parentOf.get(n)) n = p;
  return n;
}

function isAncestorOrSelf(ctx: ExportContext, ancestor: number, node: number): boolean {
  for (let n: number | undefined = node; n !== undefined; n = ctx.parentOf.get(n)) if (n === ancestor) return true;
  return false;
}

/** Skeleton nodes are set only when they really are a common root (the validator checks). */
function setSkeletons(ctx: ExportContext): void {
  ctx.scene.skins.forEach((skin, s) => {
    const g = ctx.skins[s];
    if (g === null || g === undefined || skin.skeleton === undefined) return;
    const root = skin.skeleton;
    if (ctx.json.nodes[root] && root < ctx.scene.nodes.length && skin.joints.every((j) => isAncestorOrSelf(ctx, root, j))) ctx.json.skins[g].skeleton = root;
  });
}

/** glTF wants every skin's joints under one root; add an identity root above several. */
export function ensureSkinRoots(ctx: ExportContext): void {
  const roots = new Set(ctx.sceneRoots);
  for (const [s, g] of ctx.skins.entries()) {
    if (g === null) continue;
    const tops = new Set(ctx.scene.skins[s].joints.map((j) => topOf(ctx, j)));
    if (tops.size < 2) continue;
    const inScene = [...tops].every((t) => roots.has(t));
    if (!inScene) {
      ctx.warn('GLTF_SKIN_ROOTS', `skin ${s}: joints have ${tops.size} separate roots outside the scene; left as is`);
      continue;
    }
    const name = `skeleton_root_${s}`;
    const root = ctx.addNode({ name });
    for (const t of tops) {
      roots.delete(t);
      ctx.addChild(root, t);
    }
    roots.add(root);
    const kept = ctx.sceneRoots.filter((r) => !tops.has(r));
    ctx.sceneRoots.length = 0;
    ctx.sceneRoots.push(...kept, root);
    ctx.warn('GLTF_SKIN_ROOT_ADDED', `skin ${s}: joints had ${tops.size} separate roots; added an identity node '${name}' above them`);
  }
  setSkeletons(ctx);
}

/** Joints and weights cleaned for a skin of `jointLimit` joints, once per source array. */
export function skinWeights(ctx: ExportContext, joints: Uint16Array, weights: Float32Array, jointLimit: number, label: string): { joints: Uint16Array; weights: Float32Array } {
  const key = `${jointLimit}`;
  let byLimit = ctx.cleanWeights.get(weights);
  if (!byLimit) ctx.cleanWeights.set(weights, (byLimit = new Map()));
  let clean = byLimit.get(key);
  if (!clean || clean.source !== joints) {
    // Builders' weights pass this check and are written as they are; it guards hand-built scenes.
    const result = cleanSkinWeights(joints, weights, jointLimit);
    if (result.fixed) ctx.warn('GLTF_WEIGHTS_FIXED', `${label}: ${result.fixed} vertices had duplicate, out-of-range, non-finite or unnormalised joint weights`);
    clean = { source: joints, joints: result.joints, weights: result.weights };
    byLimit.set(key, clean);
  }
  return clean;
}
