import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { computeSkinMatrices, computeWorldMatrices, math, sampleAnimation, type AnimationChannel, type Node, type Scene } from '@relic3d/core';
import { bakeAnimation, type BakeClipInput, type KeyTrackSet } from '../src/index.js';
import { bakeAnimationJS, eulerToQuaternionsJS } from '../src/reference.js';
import { dumpMs3d } from '@relic3d/fixtures/dumps';
import { maxRelError, randomFloats, rng, variants } from './setup.js';

function randomQuat(random: () => number): number[] {
  const q = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1, random() * 2 - 1];
  const l = Math.hypot(...q);
  return q.map((x) => x / l);
}

/** Random skeleton with parents in shuffled order, keys per path for some joints. */
function randomClip(seed: number, n: number): BakeClipInput {
  const random = rng(seed);
  const order = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
  const parents = new Int32Array(n).fill(-1);
  for (let k = 1; k < n; k++) parents[order[k]] = order[Math.floor(random() * k)];
  const tracks = (size: number, quat = false): KeyTrackSet => {
    const offsets = new Uint32Array(n + 1);
    const times: number[] = [];
    const values: number[] = [];
    for (let j = 0; j < n; j++) {
      const keys = random() < 0.25 ? 0 : 1 + Math.floor(random() * 6);
      let t = random() * 0.2;
      for (let k = 0; k < keys; k++) {
        times.push(t);
        t += random() < 0.1 ? 0 : random() * 0.5; // equal times occur
        values.push(...(quat ? randomQuat(random) : Array.from({ length: size }, () => (size === 3 ? 0.5 + random() : 0))));
      }
      offsets[j + 1] = times.length;
    }
    return { offsets, times: Float32Array.from(times), values: Float32Array.from(values) };
  };
  const restRotation = new Float32Array(n * 4);
  for (let j = 0; j < n; j++) restRotation.set(randomQuat(random), j * 4);
  return {
    parents,
    inverseBindMatrices: randomFloats(random, n * 16, 1),
    restTranslation: randomFloats(random, n * 3, 2),
    restRotation,
    restScale: Float32Array.from({ length: n * 3 }, () => 0.5 + random()),
    translation: tracks(3),
    rotation: tracks(4, true),
    scale: tracks(3),
    frameTimes: Float32Array.from({ length: 40 }, (_, f) => f * 0.05 - 0.1),
  };
}

/** The same clip as a core Scene, baked with core's sampleAnimation / computeWorldMatrices. */
function bakeWithCore(input: BakeClipInput): Float32Array {
  const n = input.parents.length;
  const nodes: Node[] = Array.from({ length: n }, (_, j) => ({
    name: `j${j}`,
    parent: input.parents[j],
    children: [],
    translation: Array.from(input.restTranslation!.subarray(j * 3, j * 3 + 3)) as never,
    rotation: Array.from(input.restRotation!.subarray(j * 4, j * 4 + 4)) as never,
    scale: Array.from(input.restScale!.subarray(j * 3, j * 3 + 3)) as never,
  }));
  nodes.forEach((node, j) => node.parent >= 0 && nodes[node.parent].children.push(j));
  const channels: AnimationChannel[] = [];
  const add = (set: KeyTrackSet | undefined, path: 'translation' | 'rotation' | 'scale', size: number) => {
    for (let j = 0; j < n && set; j++) {
      const a = set.offsets[j], b = set.offsets[j + 1];
      if (b > a) channels.push({ node: j, path, interpolation: 'LINEAR', times: set.times.slice(a, b), values: set.values.slice(a * size, b * size) });
    }
  };
  add(input.translation, 'translation', 3);
  add(input.rotation, 'rotation', 4);
  add(input.scale, 'scale', 3);
  const scene = {
    nodes,
    roots: nodes.flatMap((node, j) => (node.parent < 0 ? [j] : [])),
    skins: [{ joints: nodes.map((_, j) => j), inverseBindMatrices: input.inverseBindMatrices }],
    animations: [{ name: 'clip', duration: 1, channels }],
  } as unknown as Scene;
  const out = new Float32Array(input.frameTimes.length * n * 16);
  input.frameTimes.forEach((t, f) => {
    const pose = sampleAnimation(scene, 0, t);
    out.set(computeSkinMatrices(scene, 0, computeWorldMatrices(scene, pose.locals)), f * n * 16);
  });
  return out;
}

describe('bakeAnimation', () => {
  it('TypeScript reference equals core (sampleAnimation → computeWorldMatrices → computeSkinMatrices)', () => {
    for (const seed of [1, 2, 3]) {
      const input = randomClip(seed, 24);
      expect(maxRelError(bakeAnimationJS(input), bakeWithCore(input))).toBeLessThan(1e-5);
    }
  });

  it('SIMD and scalar WASM equal the TypeScript reference on seeded random clips', async () => {
    for (const seed of [4, 5, 6]) {
      const input = randomClip(seed, 40);
      const ref = bakeAnimationJS(input);
      expect(ref.length).toBe(40 * 40 * 16);
      for (const variant of await variants()) expect(maxRelError(bakeAnimation(input, { variant }), ref)).toBeLessThan(1e-5);
    }
  });

  it('Euler XYZ keys mean R = Rz·Ry·Rx (X applied first), in both paths', async () => {
    const e = [0.3, -1.1, 2.0];
    const rot = (axis: number, a: number) => {
      const m = math.identity(new Float64Array(16));
      const [i, k] = axis === 0 ? [5, 10] : axis === 1 ? [10, 0] : [0, 5];
      const [ij, ki] = axis === 0 ? [6, 9] : axis === 1 ? [8, 2] : [1, 4];
      m[i] = m[k] = Math.cos(a);
      m[ij] = Math.sin(a);
      m[ki] = -Math.sin(a);
      return m;
    };
    const expected = math.multiply(rot(2, e[2]), math.multiply(rot(1, e[1]), rot(0, e[0])));
    const input: BakeClipInput = {
      parents: [-1],
      inverseBindMatrices: math.identity() as Float32Array,
      rotation: { offsets: new Uint32Array([0, 1]), times: new Float32Array([0]), values: Float32Array.from(e) },
      rotationFormat: 'euler-xyz',
      frameTimes: new Float32Array([0]),
    };
    const ref = bakeAnimationJS(input);
    expect(maxRelError(ref, expected)).toBeLessThan(1e-6);
    for (const variant of await variants()) expect(maxRelError(bakeAnimation(input, { variant }), expected)).toBeLessThan(1e-6);
    const q = eulerToQuaternionsJS(Float32Array.from(e));
    expect(maxRelError(math.fromTRS([0, 0, 0], q), expected)).toBeLessThan(1e-6);
  });

  it('relative keys compose with the rest pose: T = rest + key, R = rest × key', async () => {
    const random = rng(11);
    const restR = randomQuat(random), keyR = randomQuat(random);
    const input: BakeClipInput = {
      parents: [-1],
      inverseBindMatrices: math.identity() as Float32Array,
      restTranslation: new Float32Array([1, 2, 3]),
      restRotation: Float32Array.from(restR),
      translation: { offsets: new Uint32Array([0, 1]), times: new Float32Array([0]), values: new Float32Array([10, 20, 30]) },
      rotation: { offsets: new Uint32Array([0, 1]), times: new Float32Array([0]), values: Float32Array.from(keyR) },
      relative: true,
      frameTimes: new Float32Array([0]),
    };
    const expected = math.multiply(math.fromTRS([11, 22, 33], restR), math.fromTRS([0, 0, 0], keyR));
    expect(maxRelError(bakeAnimationJS(input), expected)).toBeLessThan(1e-5);
    for (const variant of await variants()) expect(maxRelError(bakeAnimation(input, { variant }), expected)).toBeLessThan(1e-5);
  });

  it('refuses inputs that would read outside their arrays or loop forever', async () => {
    const base = randomClip(9, 4);
    const bad: [string, Partial<BakeClipInput>][] = [
      ['a parent cycle', { parents: [1, 2, 0, -1] }],
      ['a self parent', { parents: [0, -1, -1, -1] }],
      ['a parent out of range', { parents: [4, -1, -1, -1] }],
      ['a fractional parent', { parents: [0.5, -1, -1, -1] }],
      ['short inverse binds', { inverseBindMatrices: new Float32Array(63) }],
      ['short rest rotations', { restRotation: new Float32Array(15) }],
      ['offsets of the wrong length', { translation: { ...base.translation!, offsets: new Uint32Array(4) } }],
      ['decreasing offsets', { translation: { ...base.translation!, offsets: new Uint32Array([0, 2, 1, 3, 3]) } }],
      ['keys past the values', { scale: { offsets: new Uint32Array([0, 0, 0, 0, 5]), times: new Float32Array(5), values: new Float32Array(14) } }],
      ['keys past the times', { rotation: { offsets: new Uint32Array([0, 0, 0, 0, 5]), times: new Float32Array(4), values: new Float32Array(20) } }],
      ['Euler keys past the values', { rotationFormat: 'euler-xyz', rotation: { offsets: new Uint32Array([0, 0, 0, 0, 5]), times: new Float32Array(5), values: new Float32Array(14) } }],
      ['an unknown rotation format', { rotationFormat: 'zyx' as never }],
    ];
    for (const [what, patch] of bad) {
      const input = { ...base, ...patch };
      expect(() => bakeAnimationJS(input), what).toThrow(RangeError);
      for (const variant of await variants()) expect(() => bakeAnimation(input, { variant }), what).toThrow(RangeError);
    }
  });

  const ms3d = corpusFiles('ms3d', '.ms3d');
  it.runIf(ms3d.length > 0)('MS3D corpus skeletons: Euler keys bake alike in all paths; Woman4 has 66,123 / 3,123 keys', async () => {
    let animated = 0;
    for (const entry of ms3d) {
      const d = dumpMs3d(readCorpusFile(entry));
      const n = d.joints.length;
      if (!n) continue;
      const index = new Map(d.joints.map((j, i) => [j.name, i]));
      const parents = d.joints.map((j) => (j.parent ? (index.get(j.parent) ?? -1) : -1));
      const restEuler = Float32Array.from(d.joints.flatMap((j) => j.rotation));
      const restTranslation = Float32Array.from(d.joints.flatMap((j) => j.position));
      const restRotation = eulerToQuaternionsJS(restEuler);
      const set = (pick: (j: (typeof d.joints)[number]) => number[][]): KeyTrackSet => {
        const offsets = new Uint32Array(n + 1);
        d.joints.forEach((j, i) => (offsets[i + 1] = offsets[i] + pick(j).length));
        return {
          offsets,
          times: Float32Array.from(d.joints.flatMap((j) => pick(j).map((k) => k[0]))),
          values: Float32Array.from(d.joints.flatMap((j) => pick(j).flatMap((k) => k.slice(1)))),
        };
      };
      // Inverse binds from the rest pose: with no keys every skinning matrix is the identity.
      const still: BakeClipInput = { parents, inverseBindMatrices: new Float32Array(n * 16).fill(0), restTranslation, restRotation, frameTimes: new Float32Array([0]) };
      for (let j = 0; j < n; j++) still.inverseBindMatrices.set(math.identity() as Float32Array, j * 16);
      const world = bakeAnimationJS(still);
      for (let j = 0; j < n; j++) still.inverseBindMatrices.set(math.invert(world.subarray(j * 16, j * 16 + 16)) as Float32Array, j * 16);
      const identities = new Float32Array(n * 16);
      for (let j = 0; j < n; j++) identities.set(math.identity() as Float32Array, j * 16);
      for (const variant of await variants()) {
        expect(maxRelError(bakeAnimation(still, { variant }), identities)).toBeLessThan(1e-3);
      }
      const rotation = set((j) => j.rotKeys);
      const translation = set((j) => j.posKeys);
      if (rotation.offsets[n] + translation.offsets[n] === 0) continue;
      animated++;
      const lastKey = Math.max(...rotation.times, ...translation.times);
      const clip: BakeClipInput = {
        ...still,
        rotation,
        translation,
        rotationFormat: 'euler-xyz',
        relative: true,
        frameTimes: Float32Array.from({ length: 30 }, (_, f) => (f / 29) * lastKey),
      };
      const ref = bakeAnimationJS(clip);
      for (const variant of await variants()) expect(maxRelError(bakeAnimation(clip, { variant }), ref)).toBeLessThan(1e-4);
      if (entry.file === 'glscene__Woman4.ms3d') {
        expect(rotation.offsets[n]).toBe(66123);
        expect(translation.offsets[n]).toBe(3123);
        expect(n).toBe(31);
      }
    }
    expect(animated).toBeGreaterThan(0);
  });
});
