/**
 * Clips sampled at their frames: every node's local from core's `sampleClipFrames`, composed into
 * world matrices, and the local of a node against another (a bone against its parent bone, an
 * object against its O3D parent) per frame, as D3D row-vector matrices.
 */
import { checkBudget, keepMapAlive, localMatrix, math, restTRS, sampleClipFrames, writeBudget, type ClipFramesOptions, type Scene } from '@relic3d/core';
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

/**
 * Per pair (`nodes[p]` against `parents[p]`, -1: the model), `timing.frames` D3D row matrices (16 per
 * frame). Pairs come as integer arrays: an array of tuples had another elements kind once the code
 * making it was optimised, and the loop reading it was compiled again.
 */
export function sampleRelative(ctx: WriteContext, timing: ClipTiming, nodes: Int32Array, parents: Int32Array, rest: Float32Array): Float64Array[] {
  const space = ctx.sampling;
  const n = space.nodeCount, pairCount = nodes.length;
  // Per frame: every node's world (16 floats) and each pair's row matrix (16 doubles); a long span is refused first.
  const perFrame = n * 64 + pairCount * 128;
  // The message (and the clip's name) only when it is needed: this loop reads no scene object, whose maps die with the scene.
  if (timing.frames * perFrame > space.budget) checkBudget('o3d', `sampled frames (${timing.frames} frames × ${perFrame} bytes)`, timing.frames * perFrame, space.budget, `clip "${timing.clip.name}"`);
  const worlds = frameWorlds(ctx, timing, rest);
  // Each parent is inverted once per frame, however many children it has (`relativeRow`'s steps, on offsets).
  const inverses = new Float64Array(n * 16), invertedAt = new Int32Array(n).fill(-1), invertible = new Uint8Array(n);
  const local = new Float64Array(16);
  // Views of one buffer the write's clips share (each call's rows are read before the next call).
  const span = timing.frames * 16;
  if (space.rows.length < pairCount * span) space.rows = new Float64Array(pairCount * span);
  const out: Float64Array[] = [];
  for (let p = 0; p < pairCount; p++) out.push(space.rows.subarray(p * span, p * span + span));
  for (let f = 0; f < timing.frames; f++) {
    const frame = f * n * 16;
    for (let p = 0; p < pairCount; p++) {
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

/** `pairs` as the two integer arrays `sampleRelative` takes. */
export function pairArrays(pairs: readonly Pair[]): { nodes: Int32Array; parents: Int32Array } {
  const nodes = new Int32Array(pairs.length), parents = new Int32Array(pairs.length);
  for (let p = 0; p < pairs.length; p++) (nodes[p] = pairs[p][0]), (parents[p] = pairs[p][1]);
  return { nodes, parents };
}

/**
 * Every node's world matrix at every frame of a clip, frame after frame in one array (the last
 * clip's kept while small): core's `computeWorldMatrices` over the sampled locals, in the context's
 * node order; the undriven nodes' rest locals are set once.
 */
export function frameWorlds(ctx: WriteContext, timing: ClipTiming, rest: Float32Array): Float32Array {
  const last = ctx.kept;
  if (last !== undefined && last.timing === timing) return last.worlds;
  const { order, orderParents } = ctx;
  const n = ctx.sampling.nodeCount;
  const sampled = sampleClipFrames(ctx.scene, timing.clip, timing.fps, ctx.sampling.options);
  const driven = drivenNodes(sampled.driven);
  const size = timing.frames * n * 16, kept = size <= KEPT_WORLDS;
  // One buffer for the write's clips while small (the last clip's worlds are kept: ctx.kept); every node is in the order, so every entry is written.
  if (kept && ctx.sampling.worlds.length < size) ctx.sampling.worlds = new Float32Array(size);
  const worlds = kept ? ctx.sampling.worlds.subarray(0, size) : new Float32Array(size);
  if (order.length !== n) worlds.fill(0);
  const locals = Float32Array.from(rest);
  const { translation, rotation, scale } = sampled;
  for (let f = 0; f < timing.frames; f++) {
    const k = Math.min(f, sampled.frames - 1), frame = f * n * 16;
    for (let d = 0; d < driven.length; d++) {
      const i = driven[d], at = k * n + i;
      math.fromTRSAt(translation, at * 3, rotation, at * 4, scale, at * 3, locals, i * 16);
    }
    for (let o = 0; o < order.length; o++) {
      const i = order[o], parent = orderParents[o];
      if (parent >= 0 && parent < n) math.multiplyAt(worlds, frame + parent * 16, locals, i * 16, worlds, frame + i * 16);
      else for (let c = 0; c < 16; c++) worlds[frame + i * 16 + c] = locals[i * 16 + c];
    }
  }
  if (kept) ctx.kept = { timing, worlds };
  return worlds;
}

/** What the clip sampling of one write reuses from clip to clip (held by the write's context). */
export class SamplingSpace {
  /** Core's sampleClipFrames options: the scene's rest transforms and budget, read once. */
  readonly options: ClipFramesOptions;
  readonly nodeCount: number;
  /** The scene's `writeBudget`. */
  readonly budget: number;
  /** Every node's world at every frame of the last clip (frameWorlds). */
  worlds = new Float32Array(0);
  /** Each pair's rows (sampleRelative). */
  rows = new Float64Array(0);
  /** The bones' rest locals (motion.ts restLocalsOf), and the skeleton they are of. */
  locals: Float32Array[] = [];
  localsOf: object | undefined = undefined;

  /** Reads the scene's nodes once per write: the clip loops then read none (a reader's nodes can have maps of their own each parse). */
  constructor(scene: Scene) {
    this.nodeCount = scene.nodes.length;
    this.budget = writeBudget(scene);
    this.options = { format: 'o3d', budget: this.budget, rest: restTRS(scene) };
  }
}

/** The nodes whose flag is set, ascending. */
function drivenNodes(flags: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i]) count++;
  const out = new Int32Array(count);
  for (let i = 0, d = 0; i < flags.length; i++) if (flags[i]) out[d++] = i;
  return out;
}

// One record of each shape the sampling reads kept, fields in the order they are made (clips.ts'
// ClipTiming, core's sampleClipFrames, the kept worlds, pairArrays): a literal's map is held by no literal (V8's map
// cache holds it weakly), and frameWorlds and sampleRelative were compiled again after full GCs.
const keptTiming: ClipTiming = { clip: { name: '', channels: [], duration: 0.5 }, frames: 0, fps: 0.5, perSlerp: 0.5 };
keepMapAlive(keptTiming);
keepMapAlive({ fps: 0.5, frames: 0, times: new Float32Array(0), translation: new Float32Array(0), rotation: new Float32Array(0), scale: new Float32Array(0), driven: new Uint8Array(0) });
keepMapAlive({ timing: keptTiming, worlds: new Float32Array(0) });
keepMapAlive({ nodes: new Int32Array(0), parents: new Int32Array(0) });
