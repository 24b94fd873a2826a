// Vertex attributes as the scene holds them: the semantics it has (POSITION … COLOR_0, JOINTS_0 /
// WEIGHTS_0) as float32 of the right size, colours as RGBA, up to eight joint influences folded
// into the four strongest, weights that sum to 1 on joints the skin has.
import type { Accessor, Primitive as GPrimitive } from '@gltf-transform/core';
import { ATTRIBUTE_SIZES, type AttributeName, type Attributes } from '@relic3d/core';
import { floats, jointIndices } from './accessors.js';
import type { ImportContext } from './context.js';

const FLOAT_ATTRIBUTES = ['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0', 'TEXCOORD_1', 'TEXCOORD_2', 'TEXCOORD_3', 'COLOR_0'] as const;
/** Sum of weights farther than this from 1 is more than quantization (u8 weights are off by ~2/255). */
const WEIGHT_SUM_TOLERANCE = 0.02;

/**
 * The scene attributes of a primitive whose POSITION has `count` vertices. `jointLimit` is the
 * joint count of the smallest skin a node draws this mesh with (undefined: no node skins it, so
 * joints and weights are left out).
 */
export function readAttributes(ctx: ImportContext, g: GPrimitive, count: number, jointLimit: number | undefined, label: string): Attributes {
  const attributes = {} as Attributes;
  const dropped: string[] = [];
  let replaced = 0;
  for (const semantic of g.listSemantics()) {
    if ((FLOAT_ATTRIBUTES as readonly string[]).includes(semantic)) {
      const accessor = g.getAttribute(semantic)!;
      const size = ATTRIBUTE_SIZES[semantic as AttributeName];
      const elementSize = accessor.getElementSize();
      const fits = semantic === 'COLOR_0' ? elementSize === 3 || elementSize === 4 : elementSize === size;
      if (!fits || accessor.getCount() !== count) {
        ctx.warn('GLTF_ATTRIBUTE_DROPPED', `${label}: ${semantic} has ${accessor.getCount()} elements of ${elementSize} for ${count} vertices of ${size}; left out`);
        continue;
      }
      const values = floats(ctx, accessor);
      replaced += values.replaced;
      attributes[semantic as (typeof FLOAT_ATTRIBUTES)[number]] = semantic === 'COLOR_0' && elementSize === 3 ? rgba(values.data) : values.data;
    } else if (!/^(JOINTS|WEIGHTS)_[01]$/.test(semantic)) dropped.push(semantic);
  }
  if (replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${replaced} attribute values that are not finite replaced by 0`);
  if (dropped.length) ctx.warn('GLTF_ATTRIBUTE_DROPPED', `${label}: ${dropped.join(', ')} ha${dropped.length > 1 ? 've' : 's'} no scene attribute; left out`);
  if (!attributes.POSITION) return attributes;
  const skin = skinWeights(ctx, g, count, jointLimit, label);
  if (skin) {
    attributes.JOINTS_0 = skin.joints;
    attributes.WEIGHTS_0 = skin.weights;
  }
  return attributes;
}

function rgba(rgb: Float32Array): Float32Array {
  const out = new Float32Array((rgb.length / 3) * 4);
  for (let v = 0, o = 0; v < rgb.length; v += 3, o += 4) {
    out[o] = rgb[v];
    out[o + 1] = rgb[v + 1];
    out[o + 2] = rgb[v + 2];
    out[o + 3] = 1;
  }
  return out;
}

/** JOINTS_n / WEIGHTS_n sets (n = 0, 1) that fit the vertices; others are warned about and left out. */
function influenceSets(ctx: ImportContext, g: GPrimitive, count: number, label: string): { joints: Uint16Array; weights: Float32Array }[] {
  const sets: { joints: Uint16Array; weights: Float32Array }[] = [];
  for (const n of [0, 1]) {
    const j: Accessor | null = g.getAttribute(`JOINTS_${n}`);
    const w: Accessor | null = g.getAttribute(`WEIGHTS_${n}`);
    if (!j && !w) continue;
    if (!j || !w || j.getElementSize() !== 4 || w.getElementSize() !== 4 || j.getCount() !== count || w.getCount() !== count) {
      ctx.warn('GLTF_ATTRIBUTE_DROPPED', `${label}: JOINTS_${n} / WEIGHTS_${n} do not come as a pair of VEC4 for ${count} vertices; left out`);
      continue;
    }
    const joints = jointIndices(ctx, j);
    const weights = floats(ctx, w);
    if (joints.replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${joints.replaced} JOINTS_${n} values are not joint indices; their weights are dropped`);
    sets.push({ joints: joints.data, weights: joints.replaced ? zeroBadJoints(j, weights.data) : weights.data });
  }
  return sets;
}

/** Weights whose joint value was not an index (jointIndices made it 0) set to 0. */
function zeroBadJoints(j: Accessor, weights: Float32Array): Float32Array {
  const raw = j.getArray();
  if (!raw) return weights;
  const out = weights.slice();
  for (let i = 0; i < out.length && i < raw.length; i++) if (!(Number.isInteger(raw[i]) && raw[i] >= 0 && raw[i] <= 0xffff)) out[i] = 0;
  return out;
}

/**
 * JOINTS_0 / WEIGHTS_0 for the scene: both sets folded into the four strongest influences, weights
 * on joints past `jointLimit` (or not positive) dropped, each vertex renormalised to sum to 1.
 * Arrays are shared with the document when nothing needed changing.
 */
function skinWeights(ctx: ImportContext, g: GPrimitive, count: number, jointLimit: number | undefined, label: string): { joints: Uint16Array; weights: Float32Array } | undefined {
  const sets = influenceSets(ctx, g, count, label);
  if (!sets.length) return undefined;
  if (jointLimit === undefined || jointLimit === 0) {
    ctx.warn('GLTF_SKIN_MISSING', `${label} has joint weights but no node draws it with a skin that has joints; weights left out`);
    return undefined;
  }
  const folded = sets.length > 1;
  let joints = folded ? new Uint16Array(count * 4) : sets[0].joints;
  let weights = folded ? new Float32Array(count * 4) : sets[0].weights;
  let shared = !folded;
  let outOfRange = 0, unweighted = 0, renormalised = 0, reduced = 0;
  const n = sets.length * 4;
  const j = new Array<number>(n), w = new Array<number>(n), order = new Array<number>(n);
  for (let v = 0; v < count; v++) {
    const at = v * 4;
    for (let s = 0; s < sets.length; s++) {
      for (let k = 0; k < 4; k++) {
        const joint = sets[s].joints[at + k];
        let weight = sets[s].weights[at + k];
        if (!(weight > 0)) weight = 0;
        else if (joint >= jointLimit) {
          outOfRange++;
          weight = 0;
        }
        j[s * 4 + k] = joint;
        w[s * 4 + k] = weight;
      }
    }
    if (folded) {
      // The four strongest, in set order among equals.
      for (let k = 0; k < n; k++) order[k] = k;
      order.sort((a, b) => w[b] - w[a] || a - b);
      if (w[order[4]] > 0) reduced++;
    } else for (let k = 0; k < 4; k++) order[k] = k;
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += w[order[k]];
    const scale = sum > 0 && Math.abs(sum - 1) > 1e-5 ? 1 / sum : 1;
    if (sum > 0 && Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) renormalised++;
    for (let k = 0; k < 4; k++) {
      let joint = j[order[k]];
      const weight = sum > 0 ? w[order[k]] * scale : k === 0 ? 1 : 0;
      if (sum <= 0 && k === 0 && joint >= jointLimit) joint = 0;
      if (joints[at + k] === joint && weights[at + k] === Math.fround(weight)) continue;
      if (shared) {
        joints = joints.slice();
        weights = weights.slice();
        shared = false;
      }
      joints[at + k] = joint;
      weights[at + k] = weight;
    }
    if (sum <= 0) unweighted++;
  }
  if (reduced) ctx.warn('GLTF_INFLUENCES_REDUCED', `${label}: ${reduced} vertices have more than 4 joint influences; the 4 strongest are kept`);
  if (outOfRange) ctx.warn('GLTF_WEIGHTS_FIXED', `${label}: ${outOfRange} weights on joints the skin (${jointLimit} joints) does not have are dropped`);
  if (renormalised) ctx.warn('GLTF_WEIGHTS_FIXED', `${label}: ${renormalised} vertices' weights did not sum to 1; renormalised`);
  if (unweighted) ctx.warn('GLTF_WEIGHTS_FIXED', `${label}: ${unweighted} vertices have no weight left; bound wholly to their first joint`);
  return { joints, weights };
}
