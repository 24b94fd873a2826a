import { sampledFrames, writeBudget } from '../write/budget.js';
import { decompose } from '../math/matrix.js';
import { getClip, sampleChannel } from './animation.js';
import { ChannelCursor } from './channel-cursor.js';
import type { AnimationChannel, AnimationClip, Scene } from './types.js';

/** A clip sampled at a fixed rate: every node's local TRS at every frame. */
export interface ClipFrames {
  fps: number;
  /** Frame count; frame k is at min(k / fps, duration) seconds, so the last frame is the clip's end. */
  frames: number;
  times: Float32Array;
  /** Per frame, per node: 3 floats (frame-major: [(frame * nodes + node) * 3]). */
  translation: Float32Array;
  /** Per frame, per node: xyzw. */
  rotation: Float32Array;
  scale: Float32Array;
  /** 1 for nodes a channel of the clip drives; the others hold their rest transform. */
  driven: Uint8Array;
}

export interface ClipFramesOptions {
  /** Most bytes the result may hold (default: `writeBudget(scene)`); more → WriteError OVER_LIMIT, before any allocation. */
  budget?: number;
  /** Format named in that error. */
  format?: string;
  /**
   * The scene's `restTRS`, for a writer that samples several clips: made once, and the nodes are not
   * read here (a reader's nodes can have maps of their own each parse, and code that read them was
   * deoptimised and compiled again on every write). Ignored when its sizes do not fit the scene.
   */
  rest?: RestTRS;
}

/** Every node's rest translation, rotation (xyzw) and scale: 3, 4 and 3 floats per node. */
export interface RestTRS {
  translation: Float32Array;
  rotation: Float32Array;
  scale: Float32Array;
}

/** The rest transform `sampleClipFrames` gives nodes no channel drives (a node's matrix decomposed). */
export function restTRS(scene: Scene): RestTRS {
  const nodes = scene.nodes.length;
  const translation = new Float32Array(nodes * 3), rotation = new Float32Array(nodes * 4), scale = new Float32Array(nodes * 3);
  for (let i = 0; i < nodes; i++) {
    const node = scene.nodes[i];
    const d = node.matrix ? decompose(node.matrix) : undefined;
    translation.set(d?.translation ?? node.translation ?? [0, 0, 0], i * 3);
    rotation.set(d?.rotation ?? node.rotation ?? [0, 0, 0, 1], i * 4);
    scale.set(d?.scale ?? node.scale ?? [1, 1, 1], i * 3);
  }
  return { translation, rotation, scale };
}

/**
 * Samples `clip` at `fps` for writers whose formats key every frame (or need fixed steps): the
 * interpolation of each channel (STEP, LINEAR, CUBICSPLINE) is evaluated, not copied.
 */
export function sampleClipFrames(scene: Scene, clip: number | string | AnimationClip, fps: number, options: ClipFramesOptions = {}): ClipFrames {
  const resolved = getClip(scene, clip);
  const nodes = scene.nodes.length;
  const duration = resolved && Number.isFinite(resolved.duration) && resolved.duration > 0 ? resolved.duration : 0;
  const rate = Number.isFinite(fps) && fps > 0 ? fps : 30;
  // 10 floats per node and frame (translation, rotation, scale), checked before anything is allocated.
  const budget = options.budget ?? writeBudget(scene);
  const frames = sampledFrames(options.format ?? 'scene', duration, rate, nodes * 10 * 4, budget, `clip "${resolved?.name ?? ''}" at ${rate} fps`);
  const times = new Float32Array(frames);
  for (let k = 0; k < frames; k++) times[k] = Math.min(k / rate, duration);
  const given = options.rest;
  const fits = given !== undefined && given.translation.length === nodes * 3 && given.rotation.length === nodes * 4 && given.scale.length === nodes * 3;
  const { translation: restT, rotation: restR, scale: restS } = fits ? given : restTRS(scene);
  const translation = new Float32Array(frames * nodes * 3);
  const rotation = new Float32Array(frames * nodes * 4);
  const scale = new Float32Array(frames * nodes * 3);
  for (let k = 0; k < frames; k++) {
    translation.set(restT, k * nodes * 3);
    rotation.set(restR, k * nodes * 4);
    scale.set(restS, k * nodes * 3);
  }
  const driven = new Uint8Array(nodes);
  for (const channel of resolved?.channels ?? []) {
    const i = channel.node;
    if (i < 0 || i >= nodes || channel.path === 'weights' || channel.times.length === 0) continue;
    driven[i] = 1;
    const size = channel.path === 'rotation' ? 4 : 3;
    const target = channel.path === 'translation' ? translation : channel.path === 'rotation' ? rotation : scale;
    if (keyedAtFrames(channel, times, size)) {
      copyKeys(channel, size, target, nodes, i);
      continue;
    }
    // Frame times ascend: a cursor carries each key interval over (sampleChannel's bits, test/channel-cursor.test.ts).
    const cursor = new ChannelCursor(channel, size);
    for (let k = 0; k < frames; k++) {
      const at = (k * nodes + i) * size;
      if (cursor.plain) cursor.sample(times[k], target, at);
      else sampleChannel(channel, times[k], target.subarray(at, at + size));
    }
  }
  return { fps: rate, frames, times, translation, rotation, scale, driven };
}

/**
 * Whether a channel has one key per frame, at the frame's very time (strictly ascending, whole keys of
 * `size`): the cursor then lands on each key with t = 0 and copies it, so the keys are the frames (a
 * clip read from a per-frame format, written back at its own rate: the O3D's `.ani`, 11,520 samples per clip).
 */
function keyedAtFrames(channel: AnimationChannel, times: Float32Array, size: number): boolean {
  const keys = channel.times, n = keys.length;
  const stride = channel.interpolation === 'CUBICSPLINE' ? 3 : 1;
  if (n !== times.length || channel.values.length !== n * stride * size) return false;
  if (keys[0] !== times[0]) return false;
  // Frame times ascend strictly short of 2^23 frames; on equal keys the cursor would take the last one.
  for (let k = 1; k < n; k++) if (keys[k] !== times[k] || !(keys[k] > keys[k - 1])) return false;
  return true;
}

/** Each key's value (a CUBICSPLINE key's middle part) as its frame's, at node `node` of `nodes` in `target`. */
function copyKeys(channel: AnimationChannel, size: number, target: Float32Array, nodes: number, node: number): void {
  const { values } = channel;
  const stride = channel.interpolation === 'CUBICSPLINE' ? 3 : 1, part = stride === 3 ? 1 : 0;
  for (let k = 0, n = channel.times.length; k < n; k++) {
    const from = (k * stride + part) * size, at = (k * nodes + node) * size;
    for (let c = 0; c < size; c++) target[at + c] = values[from + c];
  }
}
