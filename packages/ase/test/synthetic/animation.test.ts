// Animation: sampled, TCB, Bezier and linear tracks, morph frames, camera and light tracks.
import { computeBounds, computeWorldMatrices, math, sampleAnimation, sampleChannel, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { aseFile, camera, cube, geom, tmAnimation, type Rows } from '@relic3d/fixtures/ase';
import { load, yUp, close, worldOf, worldBox, expectBox } from './helpers.js';

describe('animation', () => {
  const scene = { first: 0, last: 30, fps: 30, tpf: 160 };

  it('sampled tracks: absolute positions with holds, relative rotations accumulated as δ_k ⊗ q_(k−1) with −angle', () => {
    const track = {
      CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 160 1 0 0', '*CONTROL_POS_SAMPLE 1600 2 0 0'],
      CONTROL_ROT_TRACK: ['*CONTROL_ROT_SAMPLE 160 0 0 1 1.5708', '*CONTROL_ROT_SAMPLE 320 1 0 0 1.5708'],
    };
    const s = load(aseFile([geom('A', cube(), { tail: [tmAnimation('A', track)] })], { scene }));
    const clip = s.animations[0];
    expect(clip.duration).toBeCloseTo(1, 6);
    const pos = clip.channels.find((c) => c.path === 'translation')!;
    // Held between 160 and 1440 ticks, then moves to the 1600 sample.
    close(sampleChannel(pos, 800 / 4800, new Float32Array(3)), yUp([1, 0, 0]));
    close(sampleChannel(pos, 1440 / 4800, new Float32Array(3)), yUp([1, 0, 0]));
    close(sampleChannel(pos, 1600 / 4800, new Float32Array(3)), yUp([2, 0, 0]));
    // Rotation: identity before the first sample; after both, M = Δ0 · Δ1 in Max row order.
    const world = (t: number) => worldOf(s, 'A', sampleAnimation(s, clip, t).locals);
    close(world(0).subarray(0, 11), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    // Row-vector: rotZ(90°) then rotX(90°): Max x → y → z; in Y-up: Max x (1,0,0) → Max z → scene +Y.
    const w = world(320 / 4800);
    close([w[0], w[1], w[2]], yUp([0, 0, 1]), 1e-3);
  });

  it('scale samples: axes follow the Y-up mapping (Max x, y, z → scene x, z, y) and hold between samples', () => {
    const track = { CONTROL_SCALE_TRACK: ['*CONTROL_SCALE_SAMPLE 0 1 1 1 0 0 0 0', '*CONTROL_SCALE_SAMPLE 160 2 3 4 0 0 0 0', '*CONTROL_SCALE_SAMPLE 1600 1 1 1 0 0 0 0'] };
    const s = load(aseFile([geom('S', cube(), { tail: [tmAnimation('S', track)] })], { scene }));
    const ch = s.animations[0].channels[0];
    expect(ch.path).toBe('scale');
    close(sampleChannel(ch, 160 / 4800, new Float32Array(3)), [2, 4, 3]);
    close(sampleChannel(ch, 1000 / 4800, new Float32Array(3)), [2, 4, 3]);
    // The posed box: the cube scaled 2 × 3 × 4 in Max axes.
    expectBox(computeBounds(s, { animation: 0, time: 800 / 4800 }), worldBox([[-2, -3, -4], [2, 3, 4]]));
  });

  it('TCB keys are sampled at the scene frame rate and pass through the keys', () => {
    const track = { CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 800 10 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 1600 10 10 0 0 0 0 0 0'] };
    const s = load(aseFile([geom('T', cube(), { tail: [tmAnimation('T', track)] })], { scene }));
    const ch = s.animations[0].channels[0];
    expect(ch.interpolation).toBe('LINEAR');
    expect(ch.times.length).toBe(11); // frames 0..10
    close([ch.times[1]], [1 / 30]);
    close(sampleChannel(ch, 800 / 4800, new Float32Array(3)), yUp([10, 0, 0]));
    close(sampleChannel(ch, 1600 / 4800, new Float32Array(3)), yUp([10, 10, 0]));
    expect(s.animations[0].extras?.approximate).toBe(true);
  });

  it('TCB rotation keys: accumulated like samples, sampled per frame through a Kochanek–Bartels squad', () => {
    const rotate = (s: Scene, t: number) => math.quatRotateVec3(sampleChannel(s.animations[0].channels[0], t, new Float32Array(4)), [1, 0, 0]);
    // Two keys, no tension: a slerp sampled at every frame (160 ticks).
    const two = { CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0 0 0 0 0'] };
    const a = load(aseFile([geom('R', cube(), { tail: [tmAnimation('R', two)] })], { scene }));
    const ch = a.animations[0].channels[0];
    expect(ch.path).toBe('rotation');
    expect(ch.times.length).toBe(6);
    expect(ch.extras?.sampledAtFrameRate).toBe(true);
    // +90° about Max +Z takes Max x to −y (row-vector angles, spec §5.3); halfway is 45°.
    close(rotate(a, 400 / 4800), yUp([Math.SQRT1_2, -Math.SQRT1_2, 0]), 1e-3);
    close(rotate(a, 800 / 4800), yUp([0, -1, 0]), 1e-3);
    // Three keys with tension: the curve passes through every (accumulated) key.
    const three = { CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 1600 0 0 1 1.5708 0.5 0 0 0 0'] };
    const b = load(aseFile([geom('R', cube(), { tail: [tmAnimation('R', three)] })], { scene }));
    close(rotate(b, 800 / 4800), yUp([0, -1, 0]), 1e-3);
    close(rotate(b, 1600 / 4800), yUp([-1, 0, 0]), 1e-3);
    expect(b.animations[0].channels[0].times.length).toBe(11);
  });

  it('Bezier position keys become CUBICSPLINE (in-tangent, value, out-tangent per key)', () => {
    const track = { CONTROL_POS_BEZIER: ['*CONTROL_BEZIER_POS_KEY 0 0 0 0 0 0 0 0.001 0 0 0', '*CONTROL_BEZIER_POS_KEY 4800 1 2 3 0.001 0 0 0 0 0 0'] };
    const s = load(aseFile([geom('B', cube(), { tail: [tmAnimation('B', track)] })], { scene }));
    const ch = s.animations[0].channels[0];
    expect(ch.interpolation).toBe('CUBICSPLINE');
    expect(ch.values.length).toBe(2 * 9);
    close(ch.values.subarray(3, 6), [0, 0, 0]);
    close(ch.values.subarray(12, 15), yUp([1, 2, 3]));
    close(ch.values.subarray(6, 9), yUp([4.8, 0, 0])); // 0.001 per tick × 4800 ticks/s
  });

  it('keyed scale: Bezier → CUBICSPLINE and TCB → per-frame samples, axes mapped to Y-up (Max x, y, z → x, z, y)', () => {
    const bezier = { CONTROL_SCALE_BEZIER: ['*CONTROL_BEZIER_SCALE_KEY 0 1 1 1 0 0 0 0 0 0 0 0.001 0.002 0.003 0', '*CONTROL_BEZIER_SCALE_KEY 4800 2 3 4 0 0 0 0 0 0 0 0 0 0 0'] };
    const b = load(aseFile([geom('B', cube(), { tail: [tmAnimation('B', bezier)] })], { scene })).animations[0].channels[0];
    expect([b.path, b.interpolation]).toEqual(['scale', 'CUBICSPLINE']);
    close(b.values.subarray(12, 15), [2, 4, 3]); // second key's value
    close(b.values.subarray(6, 9), [4.8, 14.4, 9.6]); // first key's out-tangent per second: 0.001 0.002 0.003 per tick × 4800, permuted
    const tcb = { CONTROL_SCALE_TCB: ['*CONTROL_TCB_SCALE_KEY 0 1 1 1 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_SCALE_KEY 800 2 3 4 0 0 0 0 0 0 0 0 0'] };
    const t = load(aseFile([geom('T', cube(), { tail: [tmAnimation('T', tcb)] })], { scene })).animations[0].channels[0];
    expect([t.path, t.interpolation, t.times.length]).toEqual(['scale', 'LINEAR', 6]);
    close(sampleChannel(t, 800 / 4800, new Float32Array(3)), [2, 4, 3]);
    close(sampleChannel(t, 0, new Float32Array(3)), [1, 1, 1]);
  });

  it('linear keyed controllers: position and rotation keys', () => {
    const track = { CONTROL_POS_LINEAR: ['*CONTROL_POS_KEY 0 0 0 0', '*CONTROL_POS_KEY 4800 0 0 6'], CONTROL_ROT_LINEAR: ['*CONTROL_ROT_KEY 0 0 0 1 0', '*CONTROL_ROT_KEY 4800 0 0 1 1.5708'] };
    const s = load(aseFile([geom('L', cube(), { tail: [tmAnimation('L', track)] })], { scene }));
    const pos = s.animations[0].channels.find((c) => c.path === 'translation')!;
    const rot = s.animations[0].channels.find((c) => c.path === 'rotation')!;
    close(sampleChannel(pos, 0.5, new Float32Array(3)), yUp([0, 0, 3]));
    // ASE angles are for row vectors: +90° about Max +Z takes x to −y (spec §5.3).
    const q = sampleChannel(rot, 1, new Float32Array(4));
    close(math.quatRotateVec3(q, [1, 0, 0]), yUp([0, -1, 0]), 1e-3);
  });

  it('*MESH_ANIMATION frames become morph targets with a weights channel', () => {
    const frames = [0, 1, 2].map((k) => ({ ...cube([0, 0, k * 5]), timeValue: k * 800 }));
    const s = load(aseFile([geom('M', cube(), { frames })], { scene }));
    const mesh = s.meshes[0];
    expect(mesh.primitives[0].targets).toHaveLength(3);
    expect(mesh.weights).toEqual([0, 0, 0]);
    const ch = s.animations[0].channels.find((c) => c.path === 'weights')!;
    expect(Array.from(ch.times)).toEqual([0, 800 / 4800, 1600 / 4800].map(Math.fround));
    expectBox(computeBounds(s, { animation: 0, time: 1600 / 4800 }), worldBox(frames[2].vertices));
    expectBox(computeBounds(s, { animation: 0, time: 1200 / 4800 }), worldBox(cube([0, 0, 7.5]).vertices));
  });

  it('camera and light TM_ANIMATION, the .Target track, and look-at orientation when only positions move', () => {
    const camRows: Rows = [[1, 0, 0], [0, 0, 1], [0, -1, 0], [0, -10, 0]]; // looks along Max +Y
    const track = tmAnimation('Cam.Target', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 4800 10 0 0'] });
    const s = load(aseFile([camera('Cam', camRows, [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { fov: 1.2, near: 1, far: 500 }, [track])], { scene }));
    const cam = s.nodes.findIndex((n) => n.name === 'Cam');
    const target = s.nodes.findIndex((n) => n.name === 'Cam.Target');
    expect(s.nodes[cam].extras?.target).toBe(target);
    const lookAt = s.animations[0].channels.find((c) => c.node === cam && c.path === 'rotation')!;
    expect(lookAt.extras?.lookAt).toBe(target);
    for (const t of [0, 0.5, 1]) {
      const locals = sampleAnimation(s, 0, t).locals;
      const world = computeWorldMatrices(s, locals);
      const m = world.subarray(cam * 16, cam * 16 + 16);
      const to = [0, 1, 2].map((k) => world[target * 16 + 12 + k] - m[12 + k]);
      const view = [-m[8], -m[9], -m[10]];
      const cos = (view[0] * to[0] + view[1] * to[1] + view[2] * to[2]) / Math.hypot(...to) / Math.hypot(...view);
      expect(cos).toBeGreaterThan(0.9999);
    }
    // At rest the camera node's −Z is the Max view axis (+Y in Max → −Z in the scene).
    const rest = worldOf(s, 'Cam');
    close([-rest[8], -rest[9], -rest[10]], yUp([0, 1, 0]));
    // NEAR/FAR are environment ranges, not clipping: no manual clip → znear 0.1 and no zfar (infinite).
    const c = s.cameras[0];
    expect(c.znear).toBe(0.1);
    expect(c.zfar).toBeUndefined();
    expect(c.extras?.settings).toMatchObject({ CAMERA_NEAR: 1, CAMERA_FAR: 500 });
    expect(c.yfov).toBeCloseTo(2 * Math.atan(Math.tan(0.6) / (4 / 3)), 6);
    // Manual clipping planes (*CAMERA_HITHER / *CAMERA_YON) become znear / zfar.
    const clipped = load(aseFile([camera('Clip', camRows, undefined, { hither: 2, yon: 750, near: 1, far: 500 })])).cameras[0];
    expect([clipped.znear, clipped.zfar]).toEqual([2, 750]);
  });
});
