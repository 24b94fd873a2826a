/**
 * Inputs that parse must give a valid scene in bounded time: LOD followers cost no per-frame work,
 * non-finite numbers never reach vertices, nodes or keys, and odd frame rates give finite key times.
 */
import { describe, expect, it } from 'vitest';
import { cpuClock } from '@relic3d/test-harness';
import { validateScene, type Scene } from '@relic3d/core';
import { parseSync as parseO3d } from '../src/index.js';
import { splitAffine } from '@relic3d/core';
import { splitMatrix, relativeDifference } from '../src/scene/pose.js';
import { quatZ, translationMatrix, writeAni, writeChr, writeO3d, type WGeometry, type WObject } from '@relic3d/fixtures/o3d';

const tri = (): WGeometry => ({
  vertices: [
    { p: [0, 0, 0], n: [0, 0, 1], uv: [0, 0] },
    { p: [1, 0, 0], n: [0, 0, 1], uv: [1, 0] },
    { p: [0, 1, 0], n: [0, 0, 1], uv: [0, 1] },
  ],
  indices: [0, 1, 2],
});
const codes = (scene: Scene) => scene.warnings.map((w) => w.code);

describe('LOD followers in bounded work (issue 15 item 4)', () => {
  /** A valid 1.7 MB O3D: 3 LOD levels of 900 objects on the bones of an embedded 4-bone, 4000-frame motion. */
  function bigLodFile(): Uint8Array {
    const bones = 4, frames = 4000, perGroup = 900;
    const group = (): WObject[] => Array.from({ length: perGroup }, (_, i) => ({ type: 0, parent: i % bones, parentType: 2, localTM: translationMatrix(0.1, 0, 0), geometry: tri() }));
    return writeO3d({
      name: 'obj_big.o3d',
      lod: true,
      frameCount: frames,
      skeleton: {
        base: Array.from({ length: bones }, (_, i) => translationMatrix(0, i, 0)),
        inverse: Array.from({ length: bones }, (_, i) => translationMatrix(0, -i, 0)),
        motion: Array.from({ length: bones }, (_, i) => ({ name: `B${i}`, parent: i - 1, keys: Array.from({ length: frames }, (_, f) => [...quatZ(0.01 * f), 0, i ? 1 : 0, 0]) })),
      },
      groups: [group(), group(), group()],
    });
  }

  it('copies each followed chain once per level and shares its keys: no work per frame (the old bake took ~57 s here)', () => {
    const bytes = bigLodFile();
    expect(bytes.length).toBeGreaterThan(1_500_000);
    const cpuMs = cpuClock();
    const scene = parseO3d(bytes);
    const parseCpuMs = cpuMs();
    expect(validateScene(scene)).toEqual([]);
    const clip = scene.animations[0];
    const followers = scene.nodes.filter((n) => n.name.includes('follower'));
    // 4 bones × 3 levels, whatever the object or frame count.
    expect(followers.length).toBe(12);
    // The clip: 4 bones × (translation, rotation), and the same 8 channels once per level.
    expect(clip.channels.length).toBe(8 * 4);
    const ownArrays = new Set(clip.channels.slice(0, 8).map((c) => c.values));
    for (const channel of clip.channels) expect(ownArrays.has(channel.values)).toBe(true);
    // A hang guard, not a speed test: CPU time (a loaded machine stretches only the wall clock),
    // far below the old bake's ~57 s.
    expect(parseCpuMs).toBeLessThan(10_000);
  });
});

describe('non-finite values are scrubbed at the reader (issue 15 item 9)', () => {
  it('NaN and ±Infinity never reach POSITION, NORMAL, TEXCOORD_0, node transforms, skins or keys', () => {
    const geometry: WGeometry = {
      vertices: [
        { p: [NaN, 0, 0], n: [0, Infinity, 1], uv: [-Infinity, 0] },
        { p: [1, 0, 0], n: [0, 0, 1], uv: [1, NaN] },
        { p: [0, 1, Infinity], n: [0, 0, 1], uv: [0, 1] },
      ],
      indices: [0, 1, 2],
    };
    const nanTM = translationMatrix(NaN, 0, Infinity);
    const keys = [[...quatZ(0), 0, 0, 0], [NaN, 0, 0, 1, Infinity, 0, 0]];
    const scene = parseO3d(
      writeO3d({
        name: 'obj_nan.o3d',
        frameCount: 2,
        collision: geometry,
        groups: [[{ type: 0, localTM: nanTM, geometry }, { type: 0, tm: keys, geometry }]],
      }),
    );
    expect(validateScene(scene)).toEqual([]);
    expect(codes(scene)).toEqual(['O3D_NOT_FINITE']);
    // Five bad numbers per object's vertices (two positions, a normal, two uvs); the collision mesh keeps positions only.
    expect(scene.warnings[0].message).toMatch(/1 matrices, 10 vertex values, 2 key values, 2 collision vertex values/);
    const prim = scene.meshes[0].primitives[0];
    for (const name of ['POSITION', 'NORMAL', 'TEXCOORD_0'] as const) expect(Array.from(prim.attributes[name]!).every(Number.isFinite)).toBe(true);
  });

  it('non-finite bone matrices and motion keys are scrubbed too', () => {
    const chr = writeChr({
      bones: [
        { name: 'Bip01', tm: translationMatrix(0, NaN, 0), inverse: translationMatrix(0, -1, 0), local: translationMatrix(0, 1, 0), parent: -1 },
        { name: 'Arm', tm: translationMatrix(1, 1, 0), inverse: translationMatrix(-1, -1, Infinity), local: translationMatrix(1, 0, 0), parent: 0 },
      ],
    });
    const ani = writeAni({
      frameCount: 2,
      bones: [
        { name: 'Bip01', parent: -1, matrix: translationMatrix(NaN, 0, 0) },
        { name: 'Arm', parent: 0, keys: [[0, 0, 0, 1, 1, 0, 0], [0, 0, NaN, 1, 1, -Infinity, 0]] },
      ],
    });
    const skinTri = { ...tri(), vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0] as [number, number], idx: [3, 0] as [number, number] })) };
    const scene = parseO3d(writeO3d({ name: 'mvr_nan.o3d', groups: [[{ type: 1, geometry: skinTri }]] }), { skeleton: chr, motions: { m: ani } });
    expect(validateScene(scene)).toEqual([]);
    expect(codes(scene)).toEqual(['O3D_NOT_FINITE']);
    expect(scene.warnings[0].message).toMatch(/3 matrices, 2 key values/);
  });

  it('finite inputs that compose past a float (a bone under a parent scaled by 1e-20) give neutral transforms', () => {
    const tiny = [1e-20, 0, 0, 0, 0, 1e-20, 0, 0, 0, 0, 1e-20, 0, 0, 0, 0, 1];
    const chr = writeChr({
      bones: [
        { name: 'Bip01', tm: tiny, inverse: translationMatrix(0, 0, 0), local: tiny, parent: -1 },
        { name: 'Arm', tm: translationMatrix(1e20, 0, 0), inverse: translationMatrix(-1e20, 0, 0), local: translationMatrix(1, 0, 0), parent: 0 },
      ],
    });
    const skinTri = { ...tri(), vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0] as [number, number], idx: [3, 0] as [number, number] })) };
    const scene = parseO3d(writeO3d({ name: 'mvr_far.o3d', groups: [[{ type: 1, geometry: skinTri }]] }), { skeleton: chr });
    expect(validateScene(scene)).toEqual([]);
    expect(codes(scene)).toEqual(['O3D_NOT_FINITE']);
    expect(scene.warnings[0].message).toMatch(/composed transforms \(overflowed\)/);
  });

  it('a denormal perSlerp gives finite, increasing key times (a warning, 30 frames per second)', () => {
    for (const perSlerp of [1e-40, 1e-30, 1e30]) {
      const keys = [0, 1, 2].map((f) => [...quatZ(0.1 * f), f, 0, 0]);
      const scene = parseO3d(writeO3d({ name: 'obj_slow.o3d', perSlerp, frameCount: 3, groups: [[{ type: 0, tm: keys, geometry: tri() }]] }));
      expect(validateScene(scene)).toEqual([]);
      expect(codes(scene)).toEqual(['O3D_PER_SLERP']);
      expect(Array.from(scene.animations[0].channels[0].times)).toEqual([0, 1 / 30, 2 / 30].map(Math.fround));
      const ani = writeAni({ perSlerp, frameCount: 3, bones: [{ name: 'B', parent: -1, keys }] });
      const chr = writeChr({ bones: [{ name: 'B', tm: translationMatrix(0, 0, 0), inverse: translationMatrix(0, 0, 0), local: translationMatrix(0, 0, 0), parent: -1 }] });
      const skinned = parseO3d(writeO3d({ name: 'mvr_slow.o3d', groups: [[{ type: 1, geometry: { ...tri(), vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0], idx: [0, 0] })) } }]] }), { skeleton: chr, motions: { m: ani } });
      expect(validateScene(skinned)).toEqual([]);
      expect(codes(skinned)).toEqual(['O3D_PER_SLERP']);
      expect(skinned.animations[0].duration).toBeCloseTo(2 / 30);
    }
  });
});

describe('the shear split (pose.ts)', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const affine = (diagonal: number) => {
    const m = new Float64Array(16);
    for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) m[c * 4 + r] = random() + (r === c ? diagonal : 0);
    m.set([random(), random(), random(), 1], 12);
    return m;
  };

  it('two TRS nodes carry any affine matrix exactly: sheared, mirroring, or a rotation with equal singular values', () => {
    for (let n = 0; n < 300; n++) {
      const m = affine(n % 3 === 0 ? -1.5 : 1.5);
      expect(relativeDifference(m, splitMatrix(splitAffine(m)))).toBeLessThan(1e-9);
    }
    // A rotation about an oblique axis scaled across it (a non-unit quaternion's matrix): two equal singular values.
    const q = [0.3, 0.5, 0.2, 0.9].map((v) => v * 1.04);
    const [x, y, z, w] = q;
    const m = Float64Array.from([1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0, 2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0, 2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0, 1, 2, 3, 1]);
    expect(relativeDifference(m, splitMatrix(splitAffine(m)))).toBeLessThan(1e-9);
    const rotation = Float64Array.from([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const split = splitAffine(rotation);
    expect(relativeDifference(rotation, splitMatrix(split))).toBeLessThan(1e-12);
    // Equal singular values leave the joint where it was: all the rotation is on the shear node.
    expect(Math.abs(split.inner[3])).toBeCloseTo(1, 12);
  });

  it('follows the previous key: a slowly changing matrix gives slowly changing nodes', () => {
    let previous: Float64Array | undefined;
    let last: ReturnType<typeof splitAffine> | undefined;
    for (let f = 0; f <= 40; f++) {
      const a = (f / 40) * Math.PI;
      // Shear that turns with the key.
      const m = Float64Array.from([Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a) + 0.2, Math.cos(a), 0.1, 0, 0, 0, 1.3, 0, 0, 0, 0, 1]);
      const split = splitAffine(m, previous);
      expect(relativeDifference(m, splitMatrix(split))).toBeLessThan(1e-9);
      if (last) {
        const step = (p: number[], q: number[]) => Math.min(Math.hypot(...p.map((v, i) => v - q[i])), Math.hypot(...p.map((v, i) => v + q[i])));
        expect(step(split.rotation, last.rotation)).toBeLessThan(0.1);
        expect(step(split.inner, last.inner)).toBeLessThan(0.1);
        expect(Math.hypot(...split.scale.map((v, i) => v - last!.scale[i]))).toBeLessThan(0.05);
      }
      previous = split.v;
      last = split;
    }
  });
});
