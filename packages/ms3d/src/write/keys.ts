// One clip's keys per joint (docs/formats/ms3d.md §2.7, §5.4): rotation keys as Euler XYZ and
// position keys, both relative to the joint's bind pose, times in seconds from the clip's start.
// A joint whose node alone moves (linear keys, uniform scales above it) has its keys converted one
// for one; any other (STEP or CUBICSPLINE keys, animated nodes folded between joints, animated
// scale above it) is sampled at the timeline's fps from world transforms.
import { math, sampleClipFrames, topologicalOrder, type AnimationChannel, type AnimationClip, type Scene } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { continueEuler, eulerInto, positionKey, rotationKey } from './axes.js';
import { composeLocal, type JointBind, type JointChain, type JointPlan } from './joints.js';
import { relativeRigid, restTRS, rigidOf, type Rigid } from './world.js';

/** Keys of one joint: [time, x, y, z] per key. */
export interface JointKeys {
  rot?: Float32Array;
  pos?: Float32Array;
}

export interface KeyStats {
  /** Joints whose node scale is animated (MS3D joints cannot scale). */
  scaled: Set<number>;
  sampled: Set<number>;
  /**
   * Key runs found good as they were computed (times ≥ 0, finite and increasing, values finite as
   * float32s), which tracks.ts then does not scan again (30 MB of keys on the bench's static file).
   */
  checked: Set<Float32Array>;
}

interface NodeChannels {
  translation?: AnimationChannel;
  rotation?: AnimationChannel;
  scale?: AnimationChannel;
}

/** Values for every key (a broken channel, shorter than its times, is left out as sampling would). */
const complete = (c: AnimationChannel) => c.values.length >= c.times.length * (c.path === 'rotation' ? 4 : 3) * (c.interpolation === 'CUBICSPLINE' ? 3 : 1);

function channelsByNode(clip: AnimationClip, nodeCount: number): Map<number, NodeChannels> {
  const map = new Map<number, NodeChannels>();
  for (const c of clip.channels) {
    if (c.path === 'weights' || c.times.length === 0 || !(c.node >= 0 && c.node < nodeCount) || !complete(c)) continue;
    const entry = map.get(c.node) ?? {};
    entry[c.path] = c;
    map.set(c.node, entry);
  }
  return map;
}

/** A scale channel that leaves the rest scale (1e-6 relative) changes what joints can hold. */
function scaleMoves(channel: AnimationChannel | undefined, rest: ArrayLike<number>): boolean {
  if (!channel) return false;
  const v = channel.values;
  for (let i = 0; i < v.length; i++) if (Math.abs(v[i] - rest[i % 3]) > 1e-6 * Math.max(1, Math.abs(rest[i % 3]))) return true;
  return false;
}

/** The node or one above it has a scale that moves. */
function scaledAtOrAbove(scene: Scene, scaleMoved: Set<number>, n: number): boolean {
  for (let p = n, guard = 0; p >= 0 && guard <= scene.nodes.length; p = scene.nodes[p]?.parent ?? -1, guard++) if (scaleMoved.has(p)) return true;
  return false;
}

const isLinear = (c: AnimationChannel | undefined) => !c || c.interpolation === 'LINEAR';

/**
 * Memory for the one-for-one keys of a clip, in joint order (rotation then position keys): the
 * output file's buffer when it can be written in place (serialize.ts), so the keys, most of an
 * animated file, are not first written to arrays of their own and then copied.
 */
export type KeyArena = (floats: number) => Float32Array;

export function clipKeys(scene: Scene, clip: AnimationClip, plan: JointPlan, fps: number, stats: KeyStats, arena?: KeyArena): JointKeys[] {
  const byNode = channelsByNode(clip, scene.nodes.length);
  const scaleMoved = new Set<number>();
  for (const [n, c] of byNode) if (scaleMoves(c.scale, restTRS(scene.nodes[n]).s)) scaleMoved.add(n);
  const ancestorScaled = (n: number) => scaledAtOrAbove(scene, scaleMoved, n);

  const out: JointKeys[] = plan.nodes.map(() => ({}));
  const slow: number[] = [];
  const fastJoints: number[] = [];
  plan.nodes.forEach((node, j) => {
    const chain = plan.chains[j];
    const own = byNode.get(node);
    if (scaleMoved.has(node)) stats.scaled.add(j);
    const parentNode = chain.parent >= 0 ? plan.nodes[chain.parent] : -1;
    const fast = chain.exact && isLinear(own?.rotation) && isLinear(own?.translation) && !chain.between.some((n) => byNode.has(n)) && !(parentNode >= 0 && ancestorScaled(parentNode));
    if (!fast) {
      if (own || chain.between.some((n) => byNode.has(n)) || (parentNode >= 0 && ancestorScaled(parentNode))) slow.push(j);
      return;
    }
    if (own) fastJoints.push(j);
  });
  let floats = 0;
  for (const j of fastJoints) {
    const own = byNode.get(plan.nodes[j])!;
    floats += ((own.rotation?.times.length ?? 0) + (own.translation?.times.length ?? 0)) * 4;
  }
  const memory = arena?.(floats) ?? new Float32Array(floats);
  // Each track takes the next run of `memory` (a loop variable, not a closure made per write).
  let at = 0;
  for (const j of fastJoints) {
    const node = plan.nodes[j];
    const own = byNode.get(node)!;
    const bind = plan.bind[j];
    const rest = restTRS(scene.nodes[node]);
    if (own.rotation) {
      const n = own.rotation.times.length * 4;
      out[j].rot = rotationKeys(own.rotation, plan.chains[j], bind.rotation, rest.t, memory.subarray(at, (at += n)), stats.checked);
    }
    if (own.translation) {
      const n = own.translation.times.length * 4;
      out[j].pos = positionKeys(own.translation, plan.chains[j], bind, rest.q, memory.subarray(at, (at += n)), stats.checked);
    }
  }
  if (slow.length) sampledKeys(scene, clip, plan, fps, slow, out, stats);
  return out;
}

/** Keys at every frame from the sampled world transforms: local = rigid(parent)⁻¹ · rigid(node). */
function sampledKeys(scene: Scene, clip: AnimationClip, plan: JointPlan, fps: number, joints: number[], out: JointKeys[], stats: KeyStats): void {
  const frames = sampleClipFrames(scene, clip, fps, { format: FORMAT_ID });
  const n = scene.nodes.length;
  const order = topologicalOrder(scene);
  const world = new Float64Array(n * 16);
  const local = new Float64Array(16);
  for (const j of joints) {
    stats.sampled.add(j);
    out[j].rot = new Float32Array(frames.frames * 4);
    out[j].pos = new Float32Array(frames.frames * 4);
  }
  for (let f = 0; f < frames.frames; f++) {
    for (const i of order) {
      const at = f * n + i;
      math.fromTRS(frames.translation.subarray(at * 3, at * 3 + 3), frames.rotation.subarray(at * 4, at * 4 + 4), frames.scale.subarray(at * 3, at * 3 + 3), local);
      // Undriven nodes keep their stored matrix (a shear survives only there).
      const node = scene.nodes[i];
      if (!frames.driven[i] && node.matrix) for (let k = 0; k < 16; k++) local[k] = node.matrix[k];
      const target = world.subarray(i * 16, i * 16 + 16);
      if (node.parent >= 0 && node.parent < n) math.multiply(world.subarray(node.parent * 16, node.parent * 16 + 16), local, target);
      else target.set(local);
    }
    const rigid = new Map<number, Rigid>();
    const rigidAt = (node: number) => rigid.get(node) ?? rigid.set(node, rigidOf(world.subarray(node * 16, node * 16 + 16))).get(node)!;
    for (const j of joints) {
      const parent = plan.chains[j].parent;
      const { t, q } = relativeRigid(parent >= 0 ? rigidAt(plan.nodes[parent]) : undefined, rigidAt(plan.nodes[j]));
      const bind = plan.bind[j];
      const time = frames.times[f];
      out[j].rot![f * 4] = time;
      out[j].pos![f * 4] = time;
      rotationKey(bind.rotation, q[0], q[1], q[2], q[3], out[j].rot!, f * 4 + 1);
      if (f > 0) continueEuler(out[j].rot!, f * 4 + 1, f * 4 - 3);
      positionKey(bind.rotation, bind.position, t[0], t[1], t[2], out[j].pos!, f * 4 + 1);
    }
  }
}

/** A LINEAR rotation channel's keys, one for one: q_local = prefix ⊗ q, then relative to the bind. */
function rotationKeys(c: AnimationChannel, chain: JointChain, bind: ArrayLike<number>, restT: ArrayLike<number>, keys: Float32Array, checked: Set<Float32Array>): Float32Array {
  let values = c.values;
  if (chain.prefix) {
    values = new Float32Array(c.times.length * 4);
    for (let k = 0; k < c.times.length; k++) values.set(composeLocal(chain, restT, c.values.subarray(k * 4, k * 4 + 4)).rotation, k * 4);
  }
  if (bindRelativeRotations(c.times, values, bind, keys)) checked.add(keys);
  return keys;
}

/** Key `o` is good after a key at time `previous` (−MIN_VALUE for the first): tracks.ts firstBadKey, one key. */
function goodKey(keys: Float32Array, o: number, previous: number): boolean {
  const t = keys[o];
  return t > previous && t < Infinity && keys[o + 1] - keys[o + 1] + (keys[o + 2] - keys[o + 2]) + (keys[o + 3] - keys[o + 3]) === 0;
}

/**
 * [time, Euler XYZ of conj(q_bind) ⊗ q] per key. Keys are most of an animated file, so the
 * quaternion product (axes.ts rotationKey) is inlined here. Returns whether every key is good
 * (goodKey), checked while it is in a register rather than in a second pass over the keys.
 */
function bindRelativeRotations(times: Float32Array, v: Float32Array, bind: ArrayLike<number>, keys: Float32Array): boolean {
  const n = times.length;
  const bx = -bind[0], by = -bind[1], bz = -bind[2], bw = bind[3];
  let good = true, previous = -Number.MIN_VALUE;
  for (let k = 0, o = 0; k < n; k++, o += 4) {
    const x = v[o], y = v[o + 1], z = v[o + 2], w = v[o + 3];
    keys[o] = times[k];
    // A held rotation (tracks often keep one for many keys) has the previous key's angles.
    if (k > 0 && x === v[o - 4] && y === v[o - 3] && z === v[o - 2] && w === v[o - 1]) {
      keys[o + 1] = keys[o - 3];
      keys[o + 2] = keys[o - 2];
      keys[o + 3] = keys[o - 1];
      good &&= goodKey(keys, o, previous);
      previous = keys[o];
      continue;
    }
    const kx = bw * x + bx * w + by * z - bz * y;
    const ky = bw * y - bx * z + by * w + bz * x;
    const kz = bw * z + bx * y - by * x + bz * w;
    const kw = bw * w - bx * x - by * y - bz * z;
    const l = 1 / (Math.sqrt(kx * kx + ky * ky + kz * kz + kw * kw) || 1);
    eulerInto(kx * l, ky * l, kz * l, kw * l, keys, o + 1);
    if (k > 0) continueEuler(keys, o + 1, o - 3);
    good &&= goodKey(keys, o, previous);
    previous = keys[o];
  }
  return good;
}

/** A LINEAR translation channel's keys, one for one: p_local = parent scale · (prefix · p). */
function positionKeys(c: AnimationChannel, chain: JointChain, bind: JointBind, restQ: ArrayLike<number>, keys: Float32Array, checked: Set<Float32Array>): Float32Array {
  const n = c.times.length;
  const { times, values: v } = c;
  let good = true, previous = -Number.MIN_VALUE;
  if (!chain.prefix) {
    good = directPositionKeys(times, v, chain.parentScale, bind.rotation, bind.position, keys);
  } else {
    for (let k = 0; k < n; k++) {
      keys[k * 4] = times[k];
      const p = composeLocal(chain, v.subarray(k * 3, k * 3 + 3), restQ).position;
      positionKey(bind.rotation, bind.position, p[0], p[1], p[2], keys, k * 4 + 1);
      good &&= goodKey(keys, k * 4, previous);
      previous = keys[k * 4];
    }
  }
  if (good) checked.add(keys);
  return keys;
}

/**
 * p_key = R_bind⁻¹ · (s · p − p_bind) per key (axes.ts positionKey, the same operations in the same
 * order), with the bind pose in locals: most keys of an animated file are these or rotations.
 * Returns whether every key is good (goodKey).
 */
function directPositionKeys(times: Float32Array, v: Float32Array, s1: number, bindQ: ArrayLike<number>, bindP: ArrayLike<number>, keys: Float32Array): boolean {
  const qx = -bindQ[0], qy = -bindQ[1], qz = -bindQ[2], qw = bindQ[3];
  const bx = bindP[0], by = bindP[1], bz = bindP[2];
  let good = true, previous = -Number.MIN_VALUE;
  for (let k = 0, o = 0; k < times.length; k++, o += 4) {
    keys[o] = times[k];
    const vx = s1 * v[k * 3] - bx, vy = s1 * v[k * 3 + 1] - by, vz = s1 * v[k * 3 + 2] - bz;
    const tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
    keys[o + 1] = vx + qw * tx + (qy * tz - qz * ty);
    keys[o + 2] = vy + qw * ty + (qz * tx - qx * tz);
    keys[o + 3] = vz + qw * tz + (qx * ty - qy * tx);
    good &&= goodKey(keys, o, previous);
    previous = keys[o];
  }
  return good;
}
