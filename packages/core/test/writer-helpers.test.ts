// What writers share from core: Euler angles from quaternions, clips at a fixed rate, cutting a
// timeline into clips, vertex normals for primitives without them.
import { describe, expect, it } from 'vitest';
import { addNode, computeWorldMatrices64, createScene, math, sampleClipFrames, splitClip, vertexNormals, WriteError } from '../src/index.js';

describe('eulerXYZFromQuat', () => {
  it('inverts quatFromEulerXYZ, at gimbal lock too', () => {
    for (const e of [[0.3, -0.7, 1.2], [-2.5, 0.4, -0.1], [0, Math.PI / 2, 0.8], [0.2, -Math.PI / 2, 0]] as const) {
      const q = math.quatFromEulerXYZ(e[0], e[1], e[2]);
      const back = math.eulerXYZFromQuat(q);
      const q2 = math.quatFromEulerXYZ(back[0], back[1], back[2]);
      const dot = Math.abs(q[0] * q2[0] + q[1] * q2[1] + q[2] * q2[2] + q[3] * q2[3]);
      expect(dot).toBeCloseTo(1, 6);
    }
    expect(math.eulerXYZFromQuat(math.quatFromEulerXYZ(0.3, -0.7, 1.2)).map((v) => +v.toFixed(6))).toEqual([0.3, -0.7, 1.2]);
  });
});

describe('sampleClipFrames', () => {
  const scene = createScene('test');
  const a = addNode(scene, { name: 'a', translation: [1, 2, 3] });
  const b = addNode(scene, { name: 'b', scale: [2, 2, 2] }, a);
  scene.animations.push({
    name: 'walk',
    duration: 1,
    channels: [
      { node: b, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 10, 0, 0) },
      { node: b, path: 'scale', interpolation: 'STEP', times: Float32Array.of(0, 0.5), values: Float32Array.of(1, 1, 1, 3, 3, 3) },
    ],
  });

  it('keys every frame at the rate, ending on the clip end, rest pose for undriven nodes', () => {
    const f = sampleClipFrames(scene, 'walk', 4);
    expect(f.frames).toBe(5);
    expect([...f.times]).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect([...f.driven]).toEqual([0, 1]);
    const tx = (k: number) => f.translation[(k * 2 + b) * 3];
    expect([0, 1, 2, 3, 4].map(tx)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect([0, 1, 2, 3, 4].map((k) => f.scale[(k * 2 + b) * 3])).toEqual([1, 1, 3, 3, 3]);
    expect([...f.translation.subarray(3 * 2 * 4, 3 * 2 * 4 + 3)]).toEqual([1, 2, 3]);
    expect([...f.rotation.subarray(4, 8)]).toEqual([0, 0, 0, 1]);
  });

  it('adds a last frame when the duration is not a whole number of frames', () => {
    const f = sampleClipFrames(scene, 0, 3);
    expect(f.frames).toBe(4);
    expect(f.times[3]).toBe(1);
  });

  it('does not add a frame for a float32 duration a hair over a whole frame', () => {
    const f = sampleClipFrames({ ...scene, animations: [{ ...scene.animations[0], duration: Math.fround(4 / 3) }] }, 0, 30);
    expect(f.frames).toBe(41);
    expect(f.times[40]).toBeCloseTo(4 / 3, 6);
  });

  it('refuses an allocation out of proportion with a WriteError', () => {
    const long = { ...scene, animations: [{ ...scene.animations[0], duration: 1e9 }] };
    expect(() => sampleClipFrames(long, 0, 30, { format: 'ms3d' })).toThrow(WriteError);
  });
});

describe('splitClip', () => {
  const clip = {
    name: 'timeline',
    duration: 3,
    channels: [
      { node: 0, path: 'translation' as const, interpolation: 'LINEAR' as const, times: Float32Array.of(0, 1, 2, 3), values: Float32Array.of(0, 0, 0, 1, 0, 0, 2, 0, 0, 9, 0, 0) },
      { node: 0, path: 'scale' as const, interpolation: 'STEP' as const, times: Float32Array.of(0, 1.5), values: Float32Array.of(1, 1, 1, 2, 2, 2) },
    ],
  };

  it('cuts a timeline into clips that start at 0, keyed at their ends', () => {
    const [walk, run] = splitClip(clip, [{ name: 'walk', start: 0, end: 1.5 }, { name: 'run', start: 2, end: 3 }]);
    expect([walk.name, walk.duration, run.name, run.duration]).toEqual(['walk', 1.5, 'run', 1]);
    expect([...walk.channels[0].times]).toEqual([0, 1, 1.5]);
    expect([...walk.channels[0].values]).toEqual([0, 0, 0, 1, 0, 0, 1.5, 0, 0]);
    expect([...run.channels[0].times]).toEqual([0, 1]);
    expect([...run.channels[0].values]).toEqual([2, 0, 0, 9, 0, 0]);
    expect([...run.channels[1].values]).toEqual([2, 2, 2, 2, 2, 2]);
    expect([...walk.channels[1].times]).toEqual([0, 1.5]);
  });
});

describe('vertexNormals', () => {
  it('area-weights counter-clockwise triangles; lone vertices get the fallback', () => {
    const positions = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 5, 5);
    // A big triangle facing +Z and a small one facing +X share vertex 0.
    const n = vertexNormals(positions, Uint32Array.of(0, 1, 2, 0, 2, 3), [0, 1, 0]);
    expect([...n.subarray(3, 6)]).toEqual([0, 0, 1]);
    expect([...n.subarray(9, 12)]).toEqual([1, 0, 0]);
    expect(n[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect([...n.subarray(12, 15)]).toEqual([0, 1, 0]);
  });
});

describe('computeWorldMatrices64', () => {
  it('chains the locals a writer gives, in doubles', () => {
    const scene = createScene('test');
    const a = addNode(scene, { name: 'a', translation: [1, 0, 0] });
    addNode(scene, { name: 'b', translation: [0, 2, 0], scale: [3, 3, 3] }, a);
    const world = computeWorldMatrices64(scene, (node, out) => math.fromTRS(node.translation, node.rotation, node.scale, out));
    expect(world).toBeInstanceOf(Float64Array);
    expect([...world.subarray(28, 31)]).toEqual([1, 2, 0]);
    expect(world[16]).toBe(3);
  });
});
