/**
 * The scene against the Flyff client's own math, written here from the client source
 * (CMotion::AnimateBone, CObject3D::Animate, CModelObject skinning) and Wine's D3DX: row-vector
 * matrices, World = Local × Parent with the motion's own parent indices, D3DXQuaternionSlerp and
 * D3DXMatrixRotationQuaternion without normalisation, skin matrix = InverseTM × BoneWorld.
 */
import { describe, expect, it } from 'vitest';
import { computeSkinMatrices, computeWorldMatrices, math, sampleAnimation, validateScene, type Scene } from '@relic3d/core';
import { parseSync as parseO3d } from '../src/index.js';
import { IDENTITY, quatZ, translationMatrix, writeAni, writeChr, writeO3d, type WGeometry, type WMotionBone, type WObject } from '@relic3d/fixtures/o3d';

type Row = number[];
type Key = number[];

const rowMul = (a: ArrayLike<number>, b: ArrayLike<number>): Row => {
  const out: Row = [];
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) {
    let s = 0;
    for (let k = 0; k < 4; k++) s += a[r * 4 + k] * b[k * 4 + c];
    out[r * 4 + c] = s;
  }
  return out;
};

/** D3DXMatrixRotationQuaternion (Wine: no normalisation) × D3DXMatrixTranslation. */
const keyRow = (k: ArrayLike<number>): Row => {
  const [x, y, z, w] = [k[0], k[1], k[2], k[3]];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
    k[4], k[5], k[6], 1,
  ];
};

/** D3DXQuaternionSlerp (Wine). */
const d3dxSlerp = (a: Key, b: Key, t: number): Key => {
  let temp = 1 - t;
  let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (dot < 0) {
    t = -t;
    dot = -dot;
  }
  if (1 - dot > 0.001) {
    const theta = Math.acos(dot);
    temp = Math.sin(theta * temp) / Math.sin(theta);
    t = Math.sin(theta * t) / Math.sin(theta);
  }
  return [0, 1, 2, 3].map((c) => temp * a[c] + t * b[c]);
};

/** A key between frames as the client takes it: slerped rotation, lerped position. */
const keyAt = (keys: Key[], frame: number): Key => {
  const f = Math.floor(frame), t = frame - f, next = Math.min(f + 1, keys.length - 1);
  const q = d3dxSlerp(keys[f], keys[next], t);
  return [...q, ...[4, 5, 6].map((c) => keys[f][c] + (keys[next][c] - keys[f][c]) * t)];
};

/** CMotion::AnimateBone: every bone's world, with the motion's parents. */
function animateBones(bones: WMotionBone[], frame: number): Row[] {
  const worlds: Row[] = [];
  bones.forEach((b, i) => {
    const local = b.keys ? keyRow(keyAt(b.keys, frame)) : (b.matrix ?? IDENTITY);
    worlds[i] = b.parent >= 0 ? rowMul(local, worlds[b.parent]) : [...local];
  });
  return worlds;
}

/** A stored row-vector matrix in scene space (Z mirrored, read column-major). */
const mirrored = (m: ArrayLike<number>): number[] => Array.from({ length: 16 }, (_, k) => ((k >> 2 === 2) !== ((k & 3) === 2) ? -m[k] : m[k]));

/** Largest element difference, relative to the reference's size. */
function difference(ours: ArrayLike<number>, ref: ArrayLike<number>): number {
  let worst = 0, size = 1;
  for (let k = 0; k < 16; k++) {
    worst = Math.max(worst, Math.abs(ours[k] - ref[k]));
    size = Math.max(size, Math.abs(ref[k]));
  }
  return worst / size;
}

const worldOf = (scene: Scene, node: number, clip?: number | string, time = 0) => {
  const world = computeWorldMatrices(scene, clip === undefined ? undefined : sampleAnimation(scene, clip, time).locals);
  return world.subarray(node * 16, node * 16 + 16);
};

const nodeNamed = (scene: Scene, name: string) => {
  const i = scene.nodes.findIndex((n) => n.name === name);
  expect(i, name).toBeGreaterThanOrEqual(0);
  return i;
};

const tri = (): WGeometry => ({
  vertices: [
    { p: [1, 0, 0], n: [0, 0, 1] },
    { p: [0, 1, 0], n: [0, 0, 1] },
    { p: [0, 0, 1], n: [0, 0, 1] },
  ],
  indices: [0, 1, 2],
});

const valid = (scene: Scene) => {
  expect(validateScene(scene)).toEqual([]);
  return scene;
};

/** Rotation of `angle` about a unit axis, as stored keys (x, y, z, w), scaled to length `length`. */
const quatAxis = (axis: number[], angle: number, length = 1): Key => {
  const l = Math.hypot(...axis);
  const s = Math.sin(angle / 2) * length;
  return [(axis[0] / l) * s, (axis[1] / l) * s, (axis[2] / l) * s, Math.cos(angle / 2) * length];
};

describe('1. sheared object transforms', () => {
  // A wall piece's local TM: x leans with y by 12.8 %, then moved.
  const sheared = [1, 0, 0, 0, 0.128, 1, 0, 0, 0, 0, 1, 0, 2, 0, 1, 1];
  const child = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 1];

  it('a static object keeps its exact matrix; its children and vertices land where the client puts them', () => {
    const scene = valid(parseO3d(writeO3d({ name: 'obj_wall.o3d', groups: [[{ type: 0, localTM: sheared, geometry: tri() }, { type: 0, parent: 0, parentType: 0, localTM: child, geometry: tri() }]] })));
    const wall = nodeNamed(scene, 'obj_wall LOD0 object 0');
    const inner = nodeNamed(scene, 'obj_wall LOD0 object 1');
    expect(scene.nodes[wall].matrix).toBeDefined();
    expect(difference(worldOf(scene, wall), mirrored(sheared))).toBeLessThan(1e-6);
    expect(difference(worldOf(scene, inner), mirrored(rowMul(child, sheared)))).toBeLessThan(1e-6);
    // The vertices: D3D p · World, Z mirrored.
    const world = worldOf(scene, wall);
    const prim = scene.meshes[scene.nodes[wall].mesh!].primitives[0];
    const positions = prim.attributes.POSITION;
    const placed = new Set<string>();
    for (let v = 0; v < positions.length / 3; v++) {
      const p = math.transformPoint(world, positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
      placed.add(p.map((x) => x.toFixed(5)).join());
    }
    const expected = new Set(tri().vertices.map(({ p }) => {
      const w = rowMul([p[0], p[1], p[2], 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], sheared).slice(0, 3);
      return [w[0], w[1], -w[2]].map((x) => (x + 0).toFixed(5)).join();
    }));
    expect(placed).toEqual(expected);
  });

  it('an animated object stays TRS (glTF animates TRS only); its keys replace the local TM as in the client', () => {
    const keys = [[...quatZ(0), 1, 0, 0], [...quatZ(0.5), 1, 0, 0]];
    const scene = valid(parseO3d(writeO3d({ name: 'obj_wall.o3d', frameCount: 2, groups: [[{ type: 0, localTM: sheared, tm: keys, geometry: tri() }]] })));
    const node = nodeNamed(scene, 'obj_wall LOD0 object 0');
    expect(scene.nodes[node].matrix).toBeUndefined();
    expect(difference(worldOf(scene, node, 'embedded', 1 / 30), mirrored(keyRow(keys[1])))).toBeLessThan(1e-6);
  });
});

describe('2. sheared .chr bone TMs', () => {
  // Bone 1 sits under a bone scaled 2× along x and is turned 30°: its local relative to the parent is sheared.
  const a = Math.PI / 6;
  const parentTM = [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1];
  const childTM = [Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1, 0, 1, 2, 0, 1];
  const inverse = (m: number[]) => {
    const inv = math.invert(Float64Array.from(m), new Float64Array(16))!;
    return Array.from(inv);
  };
  const chr = writeChr({
    bones: [
      { name: 'Bip01', tm: parentTM, inverse: inverse(parentTM), local: parentTM, parent: -1 },
      { name: 'Bip01 Arm', tm: childTM, inverse: inverse(childTM), local: rowMul(childTM, inverse(parentTM)), parent: 0 },
    ],
  });
  const skinned = (): WObject => ({ type: 1, geometry: { ...tri(), vertices: tri().vertices.map((v, i) => ({ ...v, w: [1, 0], idx: [(i % 2) * 3, 0] })) } });
  const stored = (i: number) => {
    const view = new DataView(chr.buffer, chr.byteOffset);
    // name length, name, then TM and inverse TM (16 floats each) per bone.
    let at = 12;
    for (let b = 0; b < i; b++) at += 4 + view.getInt32(at, true) + 3 * 64 + 4;
    at += 4 + view.getInt32(at, true);
    const read = (o: number) => Array.from({ length: 16 }, (_, k) => view.getFloat32(o + k * 4, true));
    return { tm: read(at), inverse: read(at + 64) };
  };

  it('the rest pose reproduces TM × inverse exactly; the skin uses the stored inverse matrices', () => {
    const scene = valid(parseO3d(writeO3d({ name: 'mvr_bent.o3d', groups: [[skinned()]] }), { skeleton: chr }));
    const world = computeWorldMatrices(scene);
    const skin = computeSkinMatrices(scene, 0, world);
    for (let i = 0; i < 2; i++) {
      const { tm, inverse: inv } = stored(i);
      // Client: InverseTM × TM (rows); the scene's skin matrix is its mirror.
      expect(difference(skin.subarray(i * 16, i * 16 + 16), mirrored(rowMul(inv, tm)))).toBeLessThan(1e-6);
      expect(difference(worldOf(scene, scene.skins[0].joints[i]), mirrored(tm))).toBeLessThan(1e-6);
      expect(Array.from(scene.skins[0].inverseBindMatrices.subarray(i * 16, i * 16 + 16))).toEqual(mirrored(Float32Array.from(inv)).map((v) => v + 0));
    }
    // glTF keeps TRS nodes: the shear sits on its own node above the joint.
    expect(scene.nodes[scene.nodes[scene.skins[0].joints[1]].parent].name).toBe('Bip01 Arm (shear)');
  });

  it('and a motion still poses the skin as the client does (InverseTM × animated world)', () => {
    const motion: WMotionBone[] = [
      { name: 'Bip01', parent: -1, keys: [[...quatZ(0), 0, 1, 0], [...quatZ(0.3), 0, 1, 0]] },
      { name: 'Bip01 Arm', parent: 0, keys: [[...quatZ(0.2), 1, 1, 0], [...quatZ(-0.4), 1, 1, 0]] },
    ];
    const scene = valid(parseO3d(writeO3d({ name: 'mvr_bent.o3d', groups: [[skinned()]] }), { skeleton: chr, motions: { swing: writeAni({ frameCount: 2, bones: motion }) } }));
    for (const frame of [0, 1, 0.5]) {
      const world = computeWorldMatrices(scene, sampleAnimation(scene, 'swing', frame / 30).locals);
      const skin = computeSkinMatrices(scene, 0, world);
      const client = animateBones(motion, frame);
      for (let i = 0; i < 2; i++) {
        expect(difference(skin.subarray(i * 16, i * 16 + 16), mirrored(rowMul(stored(i).inverse, client[i]))), `frame ${frame} bone ${i}`).toBeLessThan(1e-5);
      }
    }
  });
});

describe('3. .ani parents that differ from the .chr', () => {
  const names = ['Bip01', 'Spine', 'Neck', 'Head'];
  const chr = writeChr({
    bones: names.map((name, i) => ({ name, tm: translationMatrix(0, i, 0), inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, i ? 1 : 0, 0), parent: i - 1 })),
  });
  const frames = 4;
  const turning = (i: number, axis: number[]): Key[] => Array.from({ length: frames }, (_, f) => [...quatAxis(axis, 0.3 * f + 0.1 * i), 0.1 * i, i ? 1 : 0, 0.05 * f]);
  // The motion hangs Head (3) on Spine (1); the skeleton on Neck (2).
  const motion: WMotionBone[] = names.map((name, i) => ({ name, parent: i === 3 ? 1 : i - 1, keys: turning(i, [1, 2, 0.5 + i]) }));

  it('world matrices equal the client\'s, which animates with the motion\'s parents; one warning says so', () => {
    const scene = valid(parseO3d(writeO3d({ name: 'mvr_head.o3d', groups: [[{ type: 1, geometry: { ...tri(), vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0], idx: [9, 0] })) } }]] }), { skeleton: chr, motions: { die: writeAni({ frameCount: frames, bones: motion }) } }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_MOTION_PARENT']);
    expect(scene.warnings[0].message).toMatch(/bone 3 'Head' \(1 in the motion, 2 in the skeleton\)/);
    // The hierarchy stays the skeleton's.
    const joints = scene.skins[0].joints;
    expect(scene.nodes[joints[3]].parent).toBe(joints[2]);
    for (let f = 0; f < frames; f++) {
      const client = animateBones(motion, f);
      for (let i = 0; i < 4; i++) expect(difference(worldOf(scene, joints[i], 'die', f / 30), mirrored(client[i])), `frame ${f} bone ${i}`).toBeLessThan(1e-5);
    }
  });
});

describe('4. bone-attached objects (LOD followers) at any time', () => {
  const frames = 5;
  // A three-bone arm swinging 25° a frame at each joint: far from the bone, rotations compound.
  const motion: WMotionBone[] = [0, 1, 2].map((i) => ({
    name: `Bone${i}`,
    parent: i - 1,
    keys: Array.from({ length: frames }, (_, f) => [...quatAxis([0.2, 0.3, 1], (25 * Math.PI * f * (i + 1)) / 180 / 2), i ? 1.5 : 0, i ? 0.2 : 0, 0]),
  }));
  const attached = (): WObject => ({ type: 0, parent: 2, parentType: 2, localTM: translationMatrix(2, 0.5, 0), geometry: tri() });
  const o3d = writeO3d({
    name: 'obj_crane.o3d',
    lod: true,
    frameCount: frames,
    skeleton: { base: [IDENTITY, translationMatrix(1.5, 0.2, 0), translationMatrix(3, 0.4, 0)], inverse: [IDENTITY, translationMatrix(-1.5, -0.2, 0), translationMatrix(-3, -0.4, 0)], motion },
    groups: [[attached()], [attached()], [attached()]],
  });

  it('each level\'s object sits where the client draws it, between frames too', () => {
    const scene = valid(parseO3d(o3d));
    for (const frame of [0, 0.37, 1.5, 2.91, 3.25, 4]) {
      const client = rowMul(translationMatrix(2, 0.5, 0), animateBones(motion, frame)[2]);
      for (let g = 0; g < 3; g++) {
        expect(difference(worldOf(scene, nodeNamed(scene, `obj_crane LOD${g} object 0`), 'embedded', frame / 30), mirrored(client)), `frame ${frame} LOD${g}`).toBeLessThan(1e-5);
      }
    }
  });

  it('the followers copy the bones\' chains and share their key arrays (nothing is baked per frame)', () => {
    const scene = valid(parseO3d(o3d));
    const clip = scene.animations[0];
    const joints = scene.skins.length ? scene.skins[0].joints : [0, 1, 2].map((i) => nodeNamed(scene, `Bone${i}`));
    for (let g = 0; g < 3; g++) {
      for (let i = 0; i < 3; i++) {
        const copy = nodeNamed(scene, `Bone${i} (LOD${g} follower)`);
        expect(scene.nodes[copy].extras?.followsBone).toBe(i);
        for (const path of ['translation', 'rotation'] as const) {
          const own = clip.channels.find((c) => c.node === joints[i] && c.path === path)!;
          const theirs = clip.channels.find((c) => c.node === copy && c.path === path)!;
          expect(theirs.values).toBe(own.values);
          expect(theirs.times).toBe(own.times);
        }
      }
    }
  });
});

describe('5. non-unit quaternions in .ani keys', () => {
  const chr = writeChr({
    bones: [0, 1].map((i) => ({ name: `Bone${i}`, tm: translationMatrix(0, i, 0), inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, i, 0), parent: i - 1 })),
  });
  // |q| = 1.04 and 0.97 about an oblique axis: the client draws bone 1 scaled across that axis.
  const keys = [quatAxis([1, 1, 0.3], 1.2, 1.04), quatAxis([1, 0.8, 0.4], 1.6, 0.97), quatAxis([1, 1, 0.3], 2.0, 1.04)].map((q, f) => [...q, 0, 1, 0.1 * f]);
  const motion: WMotionBone[] = [
    { name: 'Bone0', parent: -1, matrix: IDENTITY },
    { name: 'Bone1', parent: 0, keys },
    { name: 'Bone2', parent: 1, keys: keys.map(() => [...quatZ(0.3), 0, 1, 0]) },
  ];
  const chr3 = writeChr({
    bones: [0, 1, 2].map((i) => ({ name: `Bone${i}`, tm: translationMatrix(0, i, 0), inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, i ? 1 : 0, 0), parent: i - 1 })),
  });
  const model = writeO3d({ name: 'mvr_odd.o3d', groups: [[{ type: 1, geometry: { ...tri(), vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0], idx: [3, 0] })) } }]] });

  it('bones are posed as the client poses them at every key, and the warning gives the sizes', () => {
    expect(chr.length).toBeGreaterThan(0);
    const scene = valid(parseO3d(model, { skeleton: chr3, motions: { odd: writeAni({ frameCount: keys.length, bones: motion }) } }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_NON_UNIT_QUATERNION']);
    const message = scene.warnings[0].message;
    expect(message).toMatch(/3 keys on 1 bones have non-unit quaternions \(\|q\| 0\.9700 to 1\.0400\)/);
    const scaled = Number(/scaled by up to ([\d.]+)%/.exec(message)![1]);
    const between = Number(/between keys within ([\d.e-]+)%/.exec(message)![1]);
    const joints = scene.skins[0].joints;
    let client0 = 0;
    for (let f = 0; f < keys.length; f++) {
      const client = animateBones(motion, f);
      for (let i = 0; i < 3; i++) expect(difference(worldOf(scene, joints[i], 'odd', f / 30), mirrored(client[i])), `frame ${f} bone ${i}`).toBeLessThan(1e-5);
      // How far the client's bone is from the rotation of its normalised key (what relic3d drew before).
      const q = keys[f].slice(0, 4), l = Math.hypot(...q);
      const unit = rowMul(keyRow([...q.map((v) => v / l), ...keys[f].slice(4)]), client[0]);
      client0 = Math.max(client0, difference(mirrored(unit), mirrored(client[1])));
    }
    expect(client0).toBeGreaterThan(0.02);
    expect(scaled).toBeGreaterThan(2);
    // Between keys: what the warning says, checked against the client at the midpoints.
    for (const frame of [0.5, 1.5]) {
      const client = animateBones(motion, frame);
      const error = difference(worldOf(scene, joints[1], 'odd', frame / 30), mirrored(client[1]));
      expect(error * 100).toBeLessThanOrEqual(between + 1e-3);
    }
  });
});
