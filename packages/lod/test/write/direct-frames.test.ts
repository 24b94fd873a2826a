// The direct path's frames put straight into the output (direct-frames.ts): at any byte offset,
// non-finite values written as 0 and counted once each, and the Euler continuity's shortcut
// (euler.ts `nearestEuler`) against its full test, bit for bit.
import { WarningSink, codePageEncoder, createScene, writeBudget, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { rng } from '@relic3d/test-harness';
import { writeLod } from '../../src/index.js';
import { buildAnimations } from '../../src/write/animation.js';
import { writeAxisFor } from '../../src/write/axes.js';
import { restageFor } from '../../src/write/context.js';
import { nearestEuler } from '../../src/write/euler.js';
import { buildRig } from '../../src/write/rig.js';

const TWO_PI = 2 * Math.PI;
const nearest = (v: number, to: number) => v + TWO_PI * Math.round((to - v) / TWO_PI);

/** The full test, as the writer had it before the shortcut: `e` or its flip, each angle turned nearest to p. */
function plainNearest(e: Float64Array, p0: number, p1: number, p2: number): void {
  const a0 = nearest(e[0], p0), a1 = nearest(e[1], p1), a2 = nearest(e[2], p2);
  const b0 = nearest(e[0] + Math.PI, p0), b1 = nearest(Math.PI - e[1], p1), b2 = nearest(e[2] + Math.PI, p2);
  if ((b0 - p0) ** 2 + (b1 - p1) ** 2 + (b2 - p2) ** 2 < (a0 - p0) ** 2 + (a1 - p1) ** 2 + (a2 - p2) ** 2) (e[0] = b0), (e[1] = b1), (e[2] = b2);
  else (e[0] = a0), (e[1] = a1), (e[2] = a2);
}

describe('nearestEuler', () => {
  it('gives the full test’s values (signed zeros told apart): small steps, steps near the shortcut’s edge, turns, flips, signed zeros and NaN', () => {
    const random = rng(25);
    const angle = () => (random() * 2 - 1) * Math.PI;
    const cases: number[][] = [];
    for (let i = 0; i < 20000; i++) {
      const e = [angle(), angle(), angle()];
      const kind = i % 5;
      // Near: steps under and over the shortcut's 1 rad; turned: whole turns away; flipped: the equivalent angles.
      const step = kind === 0 ? 0.05 : kind === 1 ? 1 : 3;
      let p = e.map((v) => v + (random() * 2 - 1) * step);
      if (kind === 3) p = p.map((v) => v + TWO_PI * Math.round(random() * 6 - 3));
      if (kind === 4) p = [e[0] + Math.PI, Math.PI - e[1], e[2] - Math.PI].map((v) => v + (random() - 0.5) * 0.1);
      cases.push([...e, ...p]);
    }
    // −0 and +0 angles with previous angles of either sign (the full test turns −0 + +0 into +0), and NaN.
    for (const z of [-0, 0]) for (const p of [-0.25, -0, 0, 0.25]) cases.push([z, 0.5, -0.5, p, 0.5, -0.5], [0.5, z, 0.5, 0.5, p, 0.5], [0.5, 0.5, z, 0.5, 0.5, p]);
    cases.push([NaN, 0.1, 0.1, 0.1, 0.1, 0.1], [0.1, 0.1, NaN, 0, 0, 0]);
    const wrong: number[][] = [];
    for (const [e0, e1, e2, p0, p1, p2] of cases) {
      const fast = Float64Array.of(e0, e1, e2), full = Float64Array.of(e0, e1, e2);
      nearestEuler(fast, p0, p1, p2);
      plainNearest(full, p0, p1, p2);
      if (!Object.is(fast[0], full[0]) || !Object.is(fast[1], full[1]) || !Object.is(fast[2], full[2])) wrong.push([e0, e1, e2, p0, p1, p2]);
    }
    expect(cases.length).toBe(20000 + 24 + 2);
    expect(wrong).toEqual([]);
  });
});

/** Two joints, the direct path: `base` rests at y = 1e39 (infinity as a float32), `arm` keyed NaN, then infinity, then 0. */
function brokenJoints(): Scene {
  const scene = createScene('lod');
  scene.nodes.push({ name: 'base', parent: -1, children: [1], joint: true, translation: [0, 1e39, 0], rotation: [0, 0, 0, 1] });
  scene.nodes.push({ name: 'arm', parent: 0, children: [], joint: true, translation: [1, 0, 0], rotation: [0, 0, 0, 1] });
  scene.roots.push(0);
  const times = Float32Array.of(0, 0.5, 1);
  scene.animations.push({
    name: 'swing',
    duration: 1,
    channels: [
      { node: 1, path: 'translation', interpolation: 'LINEAR', times, values: Float32Array.of(NaN, 2, 3, Infinity, 2, 3, 0, 2, 3) },
      { node: 1, path: 'rotation', interpolation: 'LINEAR', times, values: Float32Array.of(0, 0, 0, 1, 0, 0, 0.6, 0.8, 0, 0, 1, 0) },
    ],
  });
  return scene;
}

describe('a direct clip put into the output', () => {
  it('at an odd offset: 3 frames × 2 bones, the 5 non-finite values written as 0 and counted, nothing outside its bytes touched', () => {
    const scene = brokenJoints();
    const sink = new WarningSink('lod');
    const axis = writeAxisFor('y');
    const ctx = { scene, options: {}, sink, axis, encoder: codePageEncoder('windows-1251'), base: 't', files: {}, fromLod: false, restage: restageFor(scene, axis), budget: writeBudget(scene) };
    const swing = buildAnimations(ctx, buildRig(scene, sink)).find((a) => a.name === 'swing')!;
    expect([swing.frames, swing.put?.bytes]).toEqual([3, 3 * 2 * 24]);
    const buffer = new Uint8Array(3 + 144 + 2).fill(0xaa);
    expect(swing.put!.into(new DataView(buffer.buffer), 3)).toBe(5);
    expect([...buffer.subarray(0, 3), ...buffer.subarray(147)]).toEqual([0xaa, 0xaa, 0xaa, 0xaa, 0xaa]);
    const floats = new Float32Array(buffer.slice(3, 147).buffer);
    expect(floats.every((v) => Number.isFinite(v))).toBe(true);
    // Per frame: base (0, 1e39 → 0, 0, its angles), arm (its key's position, angles).
    const positions = [0, 1, 2].map((f) => [...floats.subarray(f * 12, f * 12 + 3), ...floats.subarray(f * 12 + 6, f * 12 + 9)]);
    expect(positions).toEqual([[0, 0, 0, 0, 2, 3], [0, 0, 0, 0, 2, 3], [0, 0, 0, 0, 2, 3]]);
    // The arm turns about z: 0, then atan2(0.96, 0.28), then π.
    const turns = [0, 1, 2].map((f) => floats[f * 12 + 11]);
    [0, Math.atan2(0.96, 0.28), Math.PI].forEach((z, f) => expect(turns[f]).toBeCloseTo(z, 6));
    expect(Array.from(swing.data)).toEqual(Array.from(floats));
  });

  it('the file says the count once, and holds the same frames', () => {
    const result = writeLod(brokenJoints(), { upAxis: 'y' });
    const notFinite = result.warnings.filter((w) => w.code === 'LOD_WRITE_NOT_FINITE');
    expect(notFinite.map((w) => w.message.split(' ')[0])).toEqual(['5']);
  });
});
