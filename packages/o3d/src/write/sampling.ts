/**
 * Clips sampled at their frames: every node's local from core's `sampleClipFrames`, composed into
 * world matrices, and the local of a node against another (a bone against its parent bone, an
 * object against its O3D parent) per frame, as D3D row-vector matrices.
 */
import { checkBudget, keepMapAlive, localMatrix, math, sampleClipFrames, topologicalOrder, writeBudget } from '@relic3d/core';
import { toD3dMatrix, toD3dMatrixAt } from './axes.js';
import type { ClipTiming } from './clips.js';
import type { WriteContext } from './context.js';

/** A node and the node it is placed against (-1: the model). */
export type Pair = readonly [node: number, parent: number];

/** The rest local matrix of every node (16 floats each). */
export function restLocals(ctx: WriteContext): Float32Array {
  const n = ctx.scene.nodes.length;
  const out = new Float32Array(n * 16);
  ctx.scene.nodes.forEach((node, i) => localMatrix(node, out.subarray(i * 16, i * 16 + 16)));
  return out;
}

const scratchInverse = () => new Float64Array(16);

/**
 * The local of `node` against `parent` in world matrices `worlds`, as a D3D row matrix (into
 * `out`); `inverse` and `local` are scratch space.
 */
export function relativeRow(worlds: Float32Array, node: number, parent: number, out: Float64Array, inverse = scratchInverse(), local = new Float64Array(16)): Float64Array {
  const world = worlds.subarray(node * 16, node * 16 + 16);
  if (parent < 0) return toD3dMatrix(world, out);
  if (!math.invert(worlds.subarray(parent * 16, parent * 16 + 16), inverse)) return toD3dMatrix(world, out);
  return toD3dMatrix(math.multiply(inverse, world, local), out);
}

/** World matrices of a clip kept for a second use (the O3D's clip feeds object keys and bone motion) up to this many floats. */
const KEPT_WORLDS = 1 << 22;

/** Per pair, `timing.frames` D3D row matrices (16 per frame) of the node against its parent. */
export function sampleRelative(ctx: WriteContext, timing: ClipTiming, pairs: readonly Pair[], rest: Float32Array): Float64Array[] {
  // Per frame: every node's world (16 floats) and each pair's row matrix (16 doubles); a long span is refused first.
  const perFrame = ctx.scene.nodes.length * 64 + pairs.length * 128;
  checkBudget('o3d', `sampled frames (${timing.frames} frames × ${perFrame} bytes)`, timing.frames * perFrame, writeBudget(ctx.scene), `clip "${timing.clip.name}"`);
  const worlds = frameWorlds(ctx, timing, rest);
  const n = ctx.scene.nodes.length;
  // Each parent is inverted once per frame, however many children it has (`relativeRow`'s steps, on offsets).
  const inverses = new Float64Array(n * 16), invertedAt = new Int32Array(n).fill(-1), invertible = new Uint8Array(n);
  const local = new Float64Array(16);
  const out = pairs.map(() => new Float64Array(timing.frames * 16));
  // Plain integer arrays: no tuple destructured per pair and frame.
  const nodes = Int32Array.from(pairs, (p) => p[0]), parents = Int32Array.from(pairs, (p) => p[1]);
  for (let f = 0; f < timing.frames; f++) {
    const frame = f * n * 16;
    for (let p = 0; p < pairs.length; p++) {
      const node = nodes[p], parent = parents[p];
      if (parent >= 0 && invertedAt[parent] !== f) {
        invertedAt[parent] = f;
        invertible[parent] = math.invertAt(worlds, frame + parent * 16, inverses, parent * 16) ? 1 : 0;
      }
      if (parent < 0 || !invertible[parent]) toD3dMatrixAt(worlds, frame + node * 16, out[p], f * 16);
      else {
        math.multiplyAt(inverses, parent * 16, worlds, frame + node * 16, local, 0);
        toD3dMatrixAt(local, 0, out[p], f * 16);
      }
    }
  }
  return out;
}

/**
 * Every node's world matrix at every frame of a clip, frame after frame in one array (the last
 * clip's kept while small): core's `computeWorldMatrices` over the sampled locals, with one node
 * order per clip; the undriven nodes' rest locals are set once.
 */
function frameWorlds(ctx: WriteContext, timing: ClipTiming, rest: Float32Array): Float32Array {
  if (ctx.kept?.timing === timing) return ctx.kept.worlds;
  const { scene } = ctx;
  const n = scene.nodes.length;
  const sampled = sampleClipFrames(scene, timing.clip, timing.fps, { format: 'o3d' });
  const order = topologicalOrder(scene);
  const parents = Int32Array.from(order, (i) => scene.nodes[i].parent);
  const driven = Int32Array.from(sampled.driven.keys()).filter((i) => sampled.driven[i]);
  const worlds = new Float32Array(timing.frames * n * 16);
  const locals = Float32Array.from(rest);
  const { translation, rotation, scale } = sampled;
  const local = new Float32Array(16);
  const t = new Float64Array(3), r = new Float64Array(4), s = new Float64Array(3);
  for (let f = 0; f < timing.frames; f++) {
    const k = Math.min(f, sampled.frames - 1), frame = f * n * 16;
    for (let d = 0; d < driven.length; d++) {
      const i = driven[d], at = k * n + i;
      for (let c = 0; c < 3; c++) (t[c] = translation[at * 3 + c]), (s[c] = scale[at * 3 + c]);
      for (let c = 0; c < 4; c++) r[c] = rotation[at * 4 + c];
      locals.set(math.fromTRS(t, r, s, local), i * 16);
    }
    for (let o = 0; o < order.length; o++) {
      const i = order[o], parent = parents[o];
      if (parent >= 0 && parent < n) math.multiplyAt(worlds, frame + parent * 16, locals, i * 16, worlds, frame + i * 16);
      else for (let c = 0; c < 16; c++) worlds[frame + i * 16 + c] = locals[i * 16 + c];
    }
  }
  if (timing.frames * n * 16 <= KEPT_WORLDS) ctx.kept = { timing, worlds };
  return worlds;
}

// One record of each shape the sampling reads kept, fields in the order they are made (clips.ts'
// ClipTiming, core's sampleClipFrames, the kept worlds): a literal's map is held by no literal (V8's map
// cache holds it weakly), and frameWorlds and sampleRelative were compiled again after full GCs.
const keptTiming: ClipTiming = { clip: { name: '', channels: [], duration: 0.5 }, frames: 0, fps: 0.5, perSlerp: 0.5 };
keepMapAlive(keptTiming);
keepMapAlive({ fps: 0.5, frames: 0, times: new Float32Array(0), translation: new Float32Array(0), rotation: new Float32Array(0), scale: new Float32Array(0), driven: new Uint8Array(0) });
keepMapAlive({ timing: keptTiming, worlds: new Float32Array(0) });
