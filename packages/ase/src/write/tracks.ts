import { localMatrix, math, sampleClipFrames, type AnimationClip, type Quat, type Scene } from '@relic3d/core';
import { aseRotation } from '../scene/axes.js';
import { maxAxisAngle, maxFrame, maxRotation, maxScale, maxTranslation, type MaxFrame } from './axes.js';
import { roundTo, type TextWriter } from './text.js';
import type { Timeline } from './timeline.js';

/**
 * `*TM_ANIMATION` sampled tracks (docs/formats/ase.md §5.2–5.3), one sample per frame of the
 * timeline as the Max exporter writes them: parent-relative positions and scales, and rotations as
 * axis-angle deltas from the previous sample, skipping samples equal to the previous one. Deltas are
 * taken from the rotation the reader will have accumulated from the written (rounded) values, so
 * rounding never drifts. The first two samples are always written, so a reader measures the
 * sampling step.
 */
export interface NodeAnimation {
  /** Max-local values per timeline frame. */
  t: Float64Array;
  q: Float64Array;
  s: Float64Array;
  pos: boolean;
  rot: boolean;
  scale: boolean;
}

/** Who is animated: the scene nodes of objects and targets, with their reader frame. */
export interface AnimatedNode {
  node: number;
  frame: MaxFrame;
  /** Leave out rotation channels the reader re-makes by aiming at a target (`extras.lookAt`). */
  dropLookAt: boolean;
}

export function animatedFrame(parentYInverse: boolean, yInverse: boolean): MaxFrame {
  return maxFrame(parentYInverse, yInverse);
}

/** Samples every clip for the given nodes onto the timeline; nodes no clip moves are left out. */
export function sampleTracks(scene: Scene, timeline: Timeline, nodes: AnimatedNode[]): Map<number, NodeAnimation> {
  const out = new Map<number, NodeAnimation>();
  if (!timeline.clips.length) return out;
  const total = timeline.samples.length;
  const driven = new Set<number>();
  for (const { clip } of timeline.clips) for (const ch of clip.channels) if (ch.path !== 'weights' && ch.times.length) driven.add(ch.node);
  const wanted = nodes.filter((n) => driven.has(n.node));
  if (!wanted.length) return out;
  for (const n of wanted) out.set(n.node, { t: new Float64Array(total * 3), q: new Float64Array(total * 4), s: new Float64Array(total * 3), pos: false, rot: false, scale: false });
  const first = out.get(wanted[0].node);
  const dropLookAt = new Set(wanted.filter((n) => n.dropLookAt).map((n) => n.node));
  const count = scene.nodes.length;
  let g0 = 0;
  for (const { clip, frames } of timeline.clips) {
    const filtered: AnimationClip = { ...clip, channels: clip.channels.filter((ch) => !(ch.path === 'rotation' && dropLookAt.has(ch.node) && ch.extras?.lookAt !== undefined)) };
    // Sampled at the timeline's step: frame k of this sampling is sample g0 + k.
    const sampled = sampleClipFrames(scene, filtered, timeline.fps / timeline.step, { format: 'ase' });
    const samples = Math.floor(frames / timeline.step) + 1;
    const n = Math.min(sampled.frames, samples);
    for (const w of wanted) {
      const a = out.get(w.node)!;
      for (let k = 0; k < n; k++) {
        const g = g0 + k;
        const at = k * count + w.node;
        const t = maxTranslation(w.frame, sampled.translation.subarray(at * 3, at * 3 + 3));
        const q = maxRotation(w.frame, sampled.rotation.subarray(at * 4, at * 4 + 4));
        const s = maxScale(w.frame, sampled.scale.subarray(at * 3, at * 3 + 3));
        a.t.set(t, g * 3);
        a.q.set(q, g * 4);
        a.s.set(s, g * 3);
      }
    }
    g0 += samples;
  }
  // A channel is written when some frame leaves the node's rest value (the reader keeps rest otherwise).
  for (const w of wanted) {
    const a = out.get(w.node)!;
    const rest = math.decompose(localMatrix(scene.nodes[w.node]));
    const t0 = maxTranslation(w.frame, rest.translation), q0 = maxRotation(w.frame, rest.rotation), s0 = maxScale(w.frame, rest.scale);
    for (let g = 0; g < total; g++) {
      for (let c = 0; c < 3; c++) {
        if (Math.abs(a.t[g * 3 + c] - t0[c]) > 1e-6 * Math.max(1, Math.abs(t0[c]))) a.pos = true;
        if (Math.abs(a.s[g * 3 + c] - s0[c]) > 1e-6 * Math.max(1, Math.abs(s0[c]))) a.scale = true;
      }
      const dot = a.q[g * 4] * q0[0] + a.q[g * 4 + 1] * q0[1] + a.q[g * 4 + 2] * q0[2] + a.q[g * 4 + 3] * q0[3];
      if (1 - Math.abs(dot) > 1e-10) a.rot = true;
    }
    if (!a.pos && !a.rot && !a.scale) out.delete(w.node);
  }
  // Clips that move nothing still make a clip: one constant position track carries the range.
  if (!out.size) {
    const a = first!;
    a.pos = true;
    out.set(wanted[0].node, a);
  }
  return out;
}

/** `*TM_ANIMATION { … }` of one node (one tab deep). */
export function writeTrack(out: TextWriter, nameBytes: Uint8Array, a: NodeAnimation, timeline: Timeline): void {
  const total = a.t.length / 3;
  const tick = (g: number) => timeline.samples[g] * timeline.ticksPerFrame;
  const d = out.decimals;
  out.text('\t*TM_ANIMATION {\n\t\t*NODE_NAME ');
  out.quoted(nameBytes);
  out.newline();
  if (a.pos) {
    out.text('\t\t*CONTROL_POS_TRACK {\n');
    let px = NaN, py = NaN, pz = NaN;
    for (let g = 0; g < total; g++) {
      const x = roundTo(a.t[g * 3], d), y = roundTo(a.t[g * 3 + 1], d), z = roundTo(a.t[g * 3 + 2], d);
      if (g > 1 && x === px && y === py && z === pz) continue;
      px = x; py = y; pz = z;
      out.text('\t\t\t*CONTROL_POS_SAMPLE ');
      out.int(tick(g));
      out.tab();
      out.fixed3(a.t[g * 3], a.t[g * 3 + 1], a.t[g * 3 + 2]);
      out.newline();
    }
    out.text('\t\t}\n');
  }
  if (a.rot) {
    out.text('\t\t*CONTROL_ROT_TRACK {\n');
    // What the reader accumulates: q_k = δ_k ⊗ q_(k−1), δ = R(axis, −angle) (§5.3).
    let acc: Quat = [0, 0, 0, 1];
    for (let g = 0; g < total; g++) {
      const target = a.q.subarray(g * 4, g * 4 + 4);
      const delta = math.quatMultiply(target, [-acc[0], -acc[1], -acc[2], acc[3]]);
      const [ax, ay, az, angle] = maxAxisAngle(delta).map((v) => roundTo(v, d));
      if (g > 1 && angle === 0) continue;
      acc = math.quatNormalize(math.quatMultiply(aseRotation(ax, ay, az, angle), acc));
      out.text('\t\t\t*CONTROL_ROT_SAMPLE ');
      out.int(tick(g));
      out.tab();
      out.fixed3(ax, ay, az);
      out.tab();
      out.fixed(angle);
      out.newline();
    }
    out.text('\t\t}\n');
  }
  if (a.scale) {
    out.text('\t\t*CONTROL_SCALE_TRACK {\n');
    let px = NaN, py = NaN, pz = NaN;
    for (let g = 0; g < total; g++) {
      const x = roundTo(a.s[g * 3], d), y = roundTo(a.s[g * 3 + 1], d), z = roundTo(a.s[g * 3 + 2], d);
      if (g > 1 && x === px && y === py && z === pz) continue;
      px = x; py = y; pz = z;
      out.text('\t\t\t*CONTROL_SCALE_SAMPLE ');
      out.int(tick(g));
      out.tab();
      out.fixed3(a.s[g * 3], a.s[g * 3 + 1], a.s[g * 3 + 2]);
      // The scale axis (Max's `ap.u`): none, as scene scales are along the node axes.
      out.space();
      out.fixed3(0, 0, 0);
      out.tab();
      out.fixed(0);
      out.newline();
    }
    out.text('\t\t}\n');
  }
  out.text('\t}\n');
}
