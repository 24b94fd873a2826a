/**
 * Clips sampled at their frames: every node's local from core's `sampleClipFrames`, composed into
 * world matrices, and the local of a node against another (a bone against its parent bone, an
 * object against its O3D parent) per frame, as D3D row-vector matrices.
 */
import { checkBudget, computeWorldMatrices, localMatrix, math, sampleClipFrames, writeBudget } from '@relic3d/core';
import { toD3dMatrix } from './axes.js';
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
  const inverse = new Float64Array(16), local = new Float64Array(16);
  const out = pairs.map(() => new Float64Array(timing.frames * 16));
  worlds.forEach((w, f) => pairs.forEach(([node, parent], p) => relativeRow(w, node, parent, out[p].subarray(f * 16, f * 16 + 16), inverse, local)));
  return out;
}

/** Every node's world matrix at every frame of a clip (the last clip's kept while small). */
function frameWorlds(ctx: WriteContext, timing: ClipTiming, rest: Float32Array): Float32Array[] {
  if (ctx.kept?.timing === timing) return ctx.kept.worlds;
  const { scene } = ctx;
  const n = scene.nodes.length;
  const sampled = sampleClipFrames(scene, timing.clip, timing.fps, { format: 'o3d' });
  const worlds: Float32Array[] = [];
  const locals = new Float32Array(n * 16);
  for (let f = 0; f < timing.frames; f++) {
    const k = Math.min(f, sampled.frames - 1);
    locals.set(rest);
    for (let i = 0; i < n; i++) {
      if (!sampled.driven[i]) continue;
      const at = k * n + i;
      math.fromTRS(sampled.translation.subarray(at * 3, at * 3 + 3), sampled.rotation.subarray(at * 4, at * 4 + 4), sampled.scale.subarray(at * 3, at * 3 + 3), locals.subarray(i * 16, i * 16 + 16));
    }
    worlds.push(computeWorldMatrices(scene, locals));
  }
  if (timing.frames * n * 16 <= KEPT_WORLDS) ctx.kept = { timing, worlds };
  return worlds;
}
