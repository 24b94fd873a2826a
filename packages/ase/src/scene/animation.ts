import { Y_UP_TO_Z_UP_QUAT, Z_UP_TO_Y_UP_QUAT, math, sampleChannel, splitClip, type AnimationChannel, type ClipRange, type Quat, type Scene, type WarningSink } from '@relic3d/core';
import type { AseFile } from '../file.js';
import type { Entry, Matrices } from './nodes.js';
import { timeBase, type TimeBase } from './time.js';
import { positionChannel, rotationChannel, scaleChannel, type NodeFrame, type Rest } from './tracks.js';

/** One clip: the `*TM_ANIMATION` tracks, morph weights of `*MESH_ANIMATION` and look-at channels. */
export function buildAnimation(scene: Scene, file: AseFile, inputBytes: number, entries: Entry[], locals: Matrices, yInv: boolean[], sink: WarningSink): void {
  const tb = timeBase(file, inputBytes, sink);
  const channels: AnimationChannel[] = [];
  let approximate = false;
  const frameOf = (node: number): NodeFrame => {
    const p = scene.nodes[node].parent;
    return {
      parentFix: p < 0 || yInv[p] ? Z_UP_TO_Y_UP_QUAT : [0, 0, 0, 1],
      ownFix: yInv[node] ? Y_UP_TO_Z_UP_QUAT : [0, 0, 0, 1],
      scalePerm: yInv[node] ? [0, 2, 1] : [0, 1, 2],
    };
  };
  const restOf = (node: number): Rest => {
    const d = math.decompose(locals.at(node));
    return { translation: d.translation, rotation: d.rotation, scale: d.scale };
  };
  const animated = new Set<number>();
  for (const e of entries) {
    for (const anim of e.obj.animations) {
      const node = e.targetTm && anim.nodeName === e.targetTm.name && e.target !== undefined ? e.target : e.node;
      const frame = frameOf(node);
      const rest = restOf(node);
      const made = [
        anim.pos && positionChannel(node, anim.pos, frame, rest, tb, sink),
        anim.rot && rotationChannel(node, anim.rot, frame, tb, sink),
        anim.scale && scaleChannel(node, anim.scale, frame, rest, tb, sink),
      ];
      for (const track of [anim.pos, anim.rot, anim.scale]) if (track && track.kind !== 'sample') approximate = true;
      for (const ch of made) {
        if (ch) {
          channels.push(ch);
          animated.add(node);
        }
      }
    }
    // Whole-mesh frames → morph weights, one target per frame.
    const mesh = scene.nodes[e.node].mesh;
    const targets = mesh !== undefined ? (scene.meshes[mesh].primitives[0]?.targets?.length ?? 0) : 0;
    if (targets) {
      const times = (scene.meshes[mesh!].extras?.morphTargetTimes as number[]).filter((_, k) => k < targets);
      const order = times.map((t, k) => [t, k] as const).sort((a, b) => a[0] - b[0]);
      const keys: number[] = [];
      const values: number[] = [];
      for (const [t, k] of order) {
        if (keys.length && !(t > keys[keys.length - 1])) continue;
        keys.push(t);
        for (let j = 0; j < targets; j++) values.push(j === k ? 1 : 0);
      }
      const sec = Float32Array.from(keys, (t) => (t - tb.firstTick) / tb.ticksPerSecond);
      if (sec.every((t, i) => i === 0 || t > sec[i - 1])) channels.push({ node: e.node, path: 'weights', times: sec, values: Float32Array.from(values), interpolation: 'LINEAR' });
    }
  }
  // Animated nodes carry TRS (their rest pose) rather than a matrix.
  for (const node of animated) {
    const n = scene.nodes[node];
    const d = math.decompose(locals.at(node));
    n.matrix = undefined; // unset, not deleted: a delete turns the node into a dictionary
    n.translation = d.translation;
    n.rotation = d.rotation;
    n.scale = d.scale;
  }
  lookAtChannels(scene, entries, channels, tb.ticksPerSecond / tb.ticksPerFrame, tb.budget);
  const s = file.scene;
  if (tb.window.outside) {
    sink.warn('ASE_KEY_OUTSIDE_TIMELINE', `${tb.window.outside} keys lie far outside the scene's frames ${s?.firstFrame ?? 0}-${s?.lastFrame} (by more than its length and a minute); left out of the clip`);
  }
  if (!channels.length) return;
  const lastSeconds = s?.lastFrame !== undefined ? ((s.lastFrame - (s.firstFrame ?? 0)) * tb.ticksPerFrame) / tb.ticksPerSecond : 0;
  let duration = Number.isFinite(lastSeconds) ? Math.max(0, lastSeconds) : 0;
  for (const ch of channels) if (ch.times.length) duration = Math.max(duration, ch.times[ch.times.length - 1]);
  const extras: Record<string, unknown> = { ticksPerSecond: tb.ticksPerSecond, sampleStepTicks: tb.step };
  if (approximate) extras.approximate = true;
  const clip = { name: s?.filename?.replace(/\.[^.\\/]*$/, '') || 'default', duration, channels, extras };
  const ranges = clipRangesOf(file.comment, tb.ticksPerSecond / tb.ticksPerFrame);
  if (ranges.length > 1) scene.animations.push(...splitClip(clip, ranges));
  else scene.animations.push(clip);
}

/**
 * Clips relic3d's writer put one after another on the file's one timeline, from the ranges it
 * wrote in `*COMMENT` (` | clips: 'walk' 0-30, 'run' 31-50`, in frames).
 */
function clipRangesOf(comment: string | undefined, fps: number): ClipRange[] {
  const list = comment?.match(/ \| clips: (.*)$/)?.[1];
  if (!list || !(fps > 0)) return [];
  return [...list.matchAll(/'([^']*)' (\d+)-(\d+)/g)].map((m) => ({ name: m[1], start: Number(m[2]) / fps, end: Number(m[3]) / fps }));
}

/**
 * Target cameras and lights without a rotation track: when the node or its target moves, the
 * orientation is re-aimed at the target at every key time (up = scene +Y, Max's +Z).
 */
function lookAtChannels(scene: Scene, entries: Entry[], channels: AnimationChannel[], fps: number, budget: TimeBase['budget']): void {
  for (const e of entries) {
    if (e.target === undefined) continue;
    const node = e.node, target = e.target;
    if (channels.some((c) => c.node === node && c.path === 'rotation')) continue;
    const moves = channels.filter((c) => (c.node === node || c.node === target) && c.path === 'translation');
    if (!moves.length || scene.nodes[node].parent >= 0 || scene.nodes[target].parent >= 0) continue;
    // Key times plus every frame between them: the aim changes non-linearly as positions move.
    const keyTimes = moves.flatMap((c) => Array.from(c.times));
    const start = Math.min(...keyTimes), end = Math.max(...keyTimes);
    const frames = Math.max(0, Math.min(100 * keyTimes.length, Math.ceil((end - start) * fps), budget.left));
    budget.left -= frames;
    for (let f = 1; f < frames; f++) keyTimes.push(Math.fround(start + ((end - start) * f) / frames));
    const times = [...new Set(keyTimes)].sort((a, b) => a - b);
    const position = (n: number, t: number): number[] => {
      const ch = moves.find((c) => c.node === n);
      if (ch) return Array.from(sampleChannel(ch, t, new Float32Array(3)));
      const node = scene.nodes[n];
      return node.translation ?? (node.matrix ? [node.matrix[12], node.matrix[13], node.matrix[14]] : [0, 0, 0]);
    };
    const values = new Float32Array(times.length * 4);
    times.forEach((t, i) => values.set(lookAt(position(node, t), position(target, t)), i * 4));
    math.makeQuaternionsContinuous(values);
    const n = scene.nodes[node];
    if (n.matrix) {
      const d = math.decompose(n.matrix);
      n.matrix = undefined;
      n.translation = d.translation;
      n.rotation = d.rotation;
      n.scale = d.scale;
    }
    channels.push({ node, path: 'rotation', times: Float32Array.from(times), values, interpolation: 'LINEAR', extras: { lookAt: target } });
  }
}

/** Rotation whose −Z points from `eye` to `target`, +Y up. */
export function lookAt(eye: number[], target: number[]): Quat {
  let zx = eye[0] - target[0], zy = eye[1] - target[1], zz = eye[2] - target[2];
  const zl = Math.hypot(zx, zy, zz);
  if (!(zl > 0)) return [0, 0, 0, 1];
  zx /= zl; zy /= zl; zz /= zl;
  // x = up × z
  let xx = zz, xy = 0, xz = -zx;
  let xl = Math.hypot(xx, xy, xz);
  if (!(xl > 1e-9)) {
    xx = 1; xy = 0; xz = 0; xl = 1;
  }
  xx /= xl; xy /= xl; xz /= xl;
  const yx = zy * xz - zz * xy, yy = zz * xx - zx * xz, yz = zx * xy - zy * xx;
  return math.quatFromRotationMatrix3([xx, xy, xz, yx, yy, yz, zx, zy, zz]);
}
