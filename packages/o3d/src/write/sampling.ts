/**
 * Clips sampled at their frames: every node's local from core's `sampleClipFrames`, composed into
 * world matrices, and the local of a node against another (a bone against its parent bone, an
 * object against its O3D parent) per frame, as D3D row-vector matrices.
 */
import { computeWorldMatrices, localMatrix, math, sampleClipFrames } from '@relic3d/core';
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

/** The local of `node` against `parent` in world matrices `worlds`, as a D3D row matrix (into `out`). */
export function relativeRow(worlds: Float32Array, node: number, parent: number, out: Float64Array): Float64Array {
  const world = worlds.subarray(node * 16, node * 16 + 16);
  if (parent < 0) return toD3dMatrix(world, out);
  const inverse = math.invert(worlds.subarray(parent * 16, parent * 16 + 16), new Float64Array(16));
  const local = inverse ? math.multiply(inverse, world, new Float64Array(16)) : Float64Array.from(world);
  return toD3dMatrix(local, out);
}

/** Per pair, `timing.frames` D3D row matrices (16 per frame) of the node against its parent. */
export function sampleRelative(ctx: WriteContext, timing: ClipTiming, pairs: readonly Pair[], rest: Float32Array): Float64Array[] {
  const { scene } = ctx;
  const n = scene.nodes.length;
  const frames = timing.frames;
  const sampled = sampleClipFrames(scene, timing.clip, timing.fps, { format: 'o3d' });
  const out = pairs.map(() => new Float64Array(frames * 16));
  const locals = new Float32Array(n * 16);
  const row = new Float64Array(16);
  for (let f = 0; f < frames; f++) {
    const k = Math.min(f, sampled.frames - 1);
    locals.set(rest);
    for (let i = 0; i < n; i++) {
      if (!sampled.driven[i]) continue;
      const at = k * n + i;
      math.fromTRS(sampled.translation.subarray(at * 3, at * 3 + 3), sampled.rotation.subarray(at * 4, at * 4 + 4), sampled.scale.subarray(at * 3, at * 3 + 3), locals.subarray(i * 16, i * 16 + 16));
    }
    const worlds = computeWorldMatrices(scene, locals);
    pairs.forEach(([node, parent], p) => out[p].set(relativeRow(worlds, node, parent, row), f * 16));
  }
  return out;
}
