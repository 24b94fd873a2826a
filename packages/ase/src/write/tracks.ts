import { keepMapAlive, localMatrix, math, sampleClipFrames, type AnimationClip, type Scene } from '@relic3d/core';
import { maxFrame, maxRotation, maxRotationInto, maxScale, maxScaleInto, maxTranslation, maxTranslationInto, type MaxFrame } from './axes.js';
import { roundedValue } from './digits.js';
import { type TextWriter } from './text.js';
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

/** One literal per animation, one kept (core's keepMapAlive): writeTrack's loops saw its map, dropped with the last write's. */
function nodeAnimation(total: number): NodeAnimation {
  return { t: new Float64Array(total * 3), q: new Float64Array(total * 4), s: new Float64Array(total * 3), pos: false, rot: false, scale: false };
}
keepMapAlive(nodeAnimation(0));

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
  for (const n of wanted) out.set(n.node, nodeAnimation(total));
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
        maxTranslationInto(w.frame, sampled.translation, at * 3, a.t, g * 3);
        maxRotationInto(w.frame, sampled.rotation, at * 4, a.q, g * 4);
        maxScaleInto(w.frame, sampled.scale, at * 3, a.s, g * 3);
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
  // Sample g's time in ticks is samples[g] × ticksPerFrame (no closure: one made per call was a new call target).
  const samples = timeline.samples, ticksPerFrame = timeline.ticksPerFrame;
  const d = out.decimals, scale = out.scale;
  out.text('\t*TM_ANIMATION {\n\t\t*NODE_NAME ');
  out.quoted(nameBytes);
  out.newline();
  if (a.pos) {
    out.text('\t\t*CONTROL_POS_TRACK {\n');
    let px = NaN, py = NaN, pz = NaN;
    for (let g = 0; g < total; g++) {
      const x = roundedValue(a.t[g * 3], scale, d), y = roundedValue(a.t[g * 3 + 1], scale, d), z = roundedValue(a.t[g * 3 + 2], scale, d);
      if (g > 1 && x === px && y === py && z === pz) continue;
      px = x; py = y; pz = z;
      out.text('\t\t\t*CONTROL_POS_SAMPLE ');
      out.int(samples[g] * ticksPerFrame);
      out.tab();
      out.fixed3(a.t[g * 3], a.t[g * 3 + 1], a.t[g * 3 + 2]);
      out.newline();
    }
    out.text('\t\t}\n');
  }
  if (a.rot) {
    out.text('\t\t*CONTROL_ROT_TRACK {\n');
    // What the reader accumulates: q_k = δ_k ⊗ q_(k−1), δ = R(axis, −angle) (§5.3). In numbers, not
    // arrays (each step as quatMultiply, maxAxisAngle, aseRotation and quatNormalize take it).
    let cx = 0, cy = 0, cz = 0, cw = 1;
    const q = a.q;
    for (let g = 0; g < total; g++) {
      // δ = target ⊗ conjugate(acc).
      const tx = q[g * 4], ty = q[g * 4 + 1], tz = q[g * 4 + 2], tw = q[g * 4 + 3];
      const bx = -cx, by = -cy, bz = -cz, bw = cw;
      let x = tw * bx + tx * bw + ty * bz - tz * by;
      let y = tw * by - tx * bz + ty * bw + tz * bx;
      let z = tw * bz + tx * by - ty * bx + tz * bw;
      let w = tw * bw - tx * bx - ty * by - tz * bz;
      // maxAxisAngle, each value as the file will hold it.
      if (w < 0) {
        x = -x; y = -y; z = -z; w = -w;
      }
      const s = math.hypot3(x, y, z);
      let ax = 0, ay = 0, az = 0, angle = 0;
      if (s > 1e-12) {
        ax = roundedValue(-x / s, scale, d);
        ay = roundedValue(-y / s, scale, d);
        az = roundedValue(-z / s, scale, d);
        angle = roundedValue(2 * Math.atan2(s, w), scale, d);
      }
      if (g > 1 && angle === 0) continue;
      // acc = normalize(aseRotation(axis, angle) ⊗ acc); aseRotation is R(axis, −angle), the identity for no axis.
      let rx = 0, ry = 0, rz = 0, rw = 1;
      const l = math.hypot3(ax, ay, az);
      if (l > 0 && Number.isFinite(angle)) {
        const half = -angle / 2, k = Math.sin(half) / l;
        rx = ax * k; ry = ay * k; rz = az * k; rw = Math.cos(half);
      }
      const mx = rw * cx + rx * cw + ry * cz - rz * cy;
      const my = rw * cy - rx * cz + ry * cw + rz * cx;
      const mz = rw * cz + rx * cy - ry * cx + rz * cw;
      const mw = rw * cw - rx * cx - ry * cy - rz * cz;
      const n = math.hypot4(mx, my, mz, mw);
      if (!n || !Number.isFinite(n)) {
        cx = 0; cy = 0; cz = 0; cw = 1;
      } else {
        cx = mx / n; cy = my / n; cz = mz / n; cw = mw / n;
      }
      out.text('\t\t\t*CONTROL_ROT_SAMPLE ');
      out.int(samples[g] * ticksPerFrame);
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
      const x = roundedValue(a.s[g * 3], scale, d), y = roundedValue(a.s[g * 3 + 1], scale, d), z = roundedValue(a.s[g * 3 + 2], scale, d);
      if (g > 1 && x === px && y === py && z === pz) continue;
      px = x; py = y; pz = z;
      out.text('\t\t\t*CONTROL_SCALE_SAMPLE ');
      out.int(samples[g] * ticksPerFrame);
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
