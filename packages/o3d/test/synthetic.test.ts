import { describe, expect, it } from 'vitest';
import {
  computeWorldMatrices,
  computeSkinMatrices,
  FormatError,
  hiddenLodNodes,
  WarningSink,
  math,
  sampleAnimation,
  skinVerticesReference,
  validateScene,
  type Scene,
} from '@relic3d/core';
import { findCompanions, o3dFormat, parse, parseSync as parseO3d, readAni, readChr, readO3d } from '../src/index.js';
import type { O3dCompanions } from '../src/read/companions.js';
import { buildO3dScene } from '../src/scene/index.js';
import { IDENTITY, quatZ, translationMatrix, writeAni, writeChr, writeO3d, writeSampleO3d, type WGeometry, type WO3d } from '@relic3d/fixtures/o3d';

const tri = (over: Partial<WGeometry> = {}): WGeometry => ({
  vertices: [
    { p: [1, 0, 0], n: [0, 0, 1], uv: [0, 0] },
    { p: [0, 1, 0], n: [0, 0, 1], uv: [1, 0] },
    { p: [0, 0, 1], n: [0, 0, 1], uv: [0, 1] },
  ],
  indices: [0, 1, 2],
  materials: [{ texture: 'tex.dds' }],
  ...over,
});

const model = (over: Partial<WO3d> = {}): WO3d => ({ name: 'test.o3d', groups: [[{ type: 0, geometry: tri() }]], ...over });

function parsed(o: WO3d, options: Parameters<typeof parseO3d>[1] = {}): Scene {
  const scene = parseO3d(writeO3d(o), options);
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

const meshNodes = (scene: Scene) => scene.nodes.filter((n) => n.mesh !== undefined);

describe('header', () => {
  it('reads v20 (2 forces), v21 and v22 (4 forces), events, bbox, perSlerp', () => {
    for (const version of [20, 21, 22]) {
      const bytes = writeO3d(model({ version, forces: [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]], events: [[1, 2, 3]], bboxMin: [-1, -2, -3], bboxMax: [4, 5, 6] }));
      const raw = readO3d(bytes);
      expect(raw.version).toBe(version);
      expect(raw.name).toBe('test.o3d');
      expect(raw.forces.length).toBe(version >= 22 ? 4 : 2);
      expect(raw.events).toEqual([[1, 2, 3]]);
      const scene = parseO3d(bytes);
      expect(scene.version).toBe(version);
      expect(scene.format).toBe('o3d');
      // Z mirrored: the box's z range flips.
      expect(scene.extras.bboxMin).toEqual([-1, -2, -6]);
      expect(scene.extras.bboxMax).toEqual([4, 5, 3]);
      expect(scene.extras.events).toEqual([[1, 2, -3]]);
      expect((scene.extras.forces as number[][])[1]).toEqual([4, 5, -6]);
      expect(scene.extras.fps).toBe(30);
    }
  });

  it('warns (not fails) when the header name differs from the file name', () => {
    const scene = parseO3d(writeO3d(model({ name: 'region_begin.o3d' })), { fileName: 'region_Path.o3d' });
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_NAME_MISMATCH']);
    expect(parseO3d(writeO3d(model({ name: 'Shadow.o3d' })), { fileName: 'dir/shadow.o3d' }).warnings).toEqual([]);
  });

  it('rejects version 18 naming the version, and foreign files as "not a Flyff O3D"', () => {
    const v18 = writeO3d(model({ version: 18 }));
    expect(() => parseO3d(v18)).toThrow(FormatError);
    expect(() => parseO3d(v18)).toThrow(/version 18/);
    const omsi = new Uint8Array([0x84, 0x19, 0x01, 0x17, 0, 0, 0, 0, 0, 0]);
    expect(o3dFormat.test(omsi)).toBe(false);
    expect(() => parseO3d(omsi)).toThrow(/not a Flyff O3D/);
    const first16 = new Uint8Array([16, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(() => parseO3d(first16)).toThrow(/not a Flyff O3D/);
    expect(() => parseO3d(new Uint8Array(0))).toThrow(FormatError);
  });

  it('detects by the XOR-decoded name and a version 20–22', () => {
    expect(o3dFormat.test(writeO3d(model()))).toBe(true);
    expect(o3dFormat.test(writeO3d(model({ version: 20 })))).toBe(true);
    expect(o3dFormat.test(writeO3d(model({ version: 18 })))).toBe(false);
    expect(o3dFormat.test(writeO3d(model({ name: 'test.ase' })))).toBe(false);
    expect(o3dFormat.id).toBe('o3d');
    expect(o3dFormat.extensions).toEqual(['.o3d']);
  });
});

describe('conversion to right-handed glTF space', () => {
  it('mirrors Z and reverses the winding of an asymmetric triangle', () => {
    const scene = parsed(model());
    const prim = scene.meshes[0].primitives[0];
    const p = prim.attributes.POSITION;
    const idx = prim.indices!;
    const corner = (k: number) => [p[idx[k] * 3], p[idx[k] * 3 + 1], p[idx[k] * 3 + 2]];
    // Stored (D3D) order 0,1,2 = (1,0,0), (0,1,0), (0,0,1); now (1,0,0), (0,0,-1), (0,1,0).
    expect([corner(0), corner(1), corner(2)]).toEqual([[1, 0, 0], [0, 0, -1], [0, 1, 0]]);
    // The counter-clockwise normal agrees with the converted stored normal's direction relation.
    const [a, b, c] = [corner(0), corner(1), corner(2)];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const ccw = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    // D3D: (p1−p0)×(p2−p0) of the stored triangle is (1,1,1); mirrored that is (1,1,−1).
    expect(ccw).toEqual([1, 1, -1]);
    expect(Array.from(prim.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, -1]);
  });

  it('transposes and mirrors matrices: world positions are the mirrored D3D row-vector results', () => {
    // localTM = R_z(30°) then T(1, 2, 3) in row-vector form.
    const a = Math.PI / 6;
    const local = [Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];
    const scene = parsed(model({ groups: [[{ type: 0, localTM: local, geometry: tri() }]] }));
    const world = computeWorldMatrices(scene);
    const node = scene.nodes.findIndex((n) => n.mesh !== undefined);
    const m = world.subarray(node * 16, node * 16 + 16);
    for (const p of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) {
      // D3D: p' = p · M.
      const d = [0, 1, 2].map((c) => p[0] * local[c] + p[1] * local[4 + c] + p[2] * local[8 + c] + local[12 + c]);
      const got = math.transformPoint(m, p[0], p[1], -p[2]);
      expect(got[0]).toBeCloseTo(d[0], 5);
      expect(got[1]).toBeCloseTo(d[1], 5);
      expect(got[2]).toBeCloseTo(-d[2], 5);
    }
    expect(scene.nodes[node].translation).toEqual([1, 2, -3]);
  });
});

describe('structure', () => {
  it('makes 3 LOD levels under the model root, group 0 first, with per-group object counts', () => {
    const o = () => ({ type: 0 as const, geometry: tri() });
    const scene = parsed(model({ lod: true, groups: [[o(), o()], [o()], [o()]] }));
    const root = scene.nodes[scene.roots[0]];
    expect(root.lods?.length).toBe(3);
    const counts = root.lods!.map((l) => scene.nodes[l.node].children.length);
    expect(counts).toEqual([2, 1, 1]);
    expect(scene.nodes[root.lods![0].node].name).toMatch(/LOD0$/);
    expect(readO3d(writeO3d(model({ lod: true, groups: [[o(), o()], [o()], [o()]] }))).groups.map((g) => g.length)).toEqual([2, 1, 1]);
  });

  it('turns the collision mesh into a trimesh collider with reversed winding', () => {
    const scene = parsed(model({ collision: tri({ materials: [], blocks: [] }) }));
    expect(scene.colliders.length).toBe(1);
    const shape = scene.colliders[0].shape;
    expect(shape.type).toBe('trimesh');
    if (shape.type !== 'trimesh') return;
    expect(Array.from(shape.indices)).toEqual([0, 2, 1]);
    expect(Array.from(shape.positions)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, -1]);
    // The block's own box (written from the vertices: (0,0,0)..(1,1,1)), Z mirrored.
    expect(scene.colliders[0].extras).toMatchObject({ faceCount: 1, bboxMin: [0, 0, -1], bboxMax: [1, 1, 0] });
  });

  it('builds the scene without writing to the file or its companions', () => {
    const { o3d, chr, ani } = writeSampleO3d();
    const withCollision = writeO3d(model({ collision: tri({ materials: [], blocks: [] }) }));
    const cases: [Uint8Array, O3dCompanions][] = [
      [o3d, { chr: readChr(chr), motions: [{ name: 'sway', ani: readAni(ani) }] }],
      [withCollision, { motions: [] }],
    ];
    for (const [bytes, companions] of cases) {
      const file = readO3d(bytes);
      const before = structuredClone({ file, companions });
      buildO3dScene(file, companions, {}, new WarningSink('o3d'));
      expect({ file, companions }).toEqual(before);
    }
  });

  it('follows object parents (type 0) and bone parents (type 2)', () => {
    const chr = writeChr({
      bones: [
        { name: 'Bip01', tm: translationMatrix(0, 1, 0), inverse: translationMatrix(0, -1, 0), local: translationMatrix(0, 1, 0), parent: -1 },
        { name: 'Bip01 R Hand', tm: translationMatrix(1, 1, 0), inverse: translationMatrix(-1, -1, 0), local: translationMatrix(1, 0, 0), parent: 0 },
      ],
    });
    const o3d = model({
      groups: [
        [
          { type: 0, localTM: translationMatrix(0, 0, 5), geometry: tri() },
          { type: 0, parent: 0, parentType: 0, localTM: translationMatrix(0, 0, 1), geometry: tri() },
          { type: 0, parent: 1, parentType: 2, localTM: translationMatrix(0, 0, 2), geometry: tri() },
        ],
      ],
    });
    const scene = parsed(o3d, { skeleton: chr });
    const world = computeWorldMatrices(scene);
    const objects = meshNodes(scene).map((n) => scene.nodes.indexOf(n));
    const origin = (i: number) => math.transformPoint(world.subarray(i * 16, i * 16 + 16), 0, 0, 0);
    expect(origin(objects[0])).toEqual([0, 0, -5]);
    expect(origin(objects[1])).toEqual([0, 0, -6]);
    expect(origin(objects[2])).toEqual([1, 1, -2]);
    expect(scene.nodes[scene.nodes[objects[2]].parent].name).toBe('Bip01 R Hand');
    // Without the skeleton the bone parent cannot be followed: a warning, model space.
    const alone = parseO3d(writeO3d(o3d));
    expect(alone.warnings.map((w) => w.code)).toContain('O3D_OBJECT_PARENT');
  });

  it('keeps bone-attached objects of LOD files inside their level, on followers that track the bone', () => {
    const keys = [[0, 0, 0, 1, 0, 1, 0], [...quatZ(Math.PI / 2), 0, 1, 0]];
    const attached = () => ({ type: 0 as const, parent: 1, parentType: 2, localTM: translationMatrix(1, 0, 0), geometry: tri() });
    const scene = parsed(
      model({
        lod: true,
        frameCount: 2,
        skeleton: {
          base: [IDENTITY, translationMatrix(0, 1, 0)],
          inverse: [IDENTITY, translationMatrix(0, -1, 0)],
          motion: [{ name: 'Root', parent: -1, matrix: IDENTITY }, { name: 'Arm', parent: 0, keys }],
        },
        groups: [[attached()], [attached()], [attached()]],
      }),
    );
    const objects = meshNodes(scene).map((n) => scene.nodes.indexOf(n));
    const hidden = hiddenLodNodes(scene, 0);
    expect(objects.map((o) => hidden.has(o))).toEqual([false, true, true]);
    const at = (time: number) => {
      const world = computeWorldMatrices(scene, sampleAnimation(scene, 'embedded', time).locals);
      return math.transformPoint(world.subarray(objects[1] * 16, objects[1] * 16 + 16), 0, 0, 0).map((v) => Math.round(v * 1e5) / 1e5 + 0);
    };
    // Rest: bone at (0, 1, 0), object 1 to the right. Frame 1: the bone turned 90° about D3D +Z.
    expect(at(0)).toEqual([1, 1, 0]);
    expect(at(1 / 30)).toEqual([0, 2, 0]);
  });

  it('maps materials: nMaterial 0 means 1, textureId picks, effect flags and light objects', () => {
    const geometry = tri({
      vertices: [...tri().vertices, { p: [2, 0, 0] }, { p: [2, 1, 0] }, { p: [2, 0, 1] }, { p: [3, 0, 0] }, { p: [3, 1, 0] }, { p: [3, 0, 1] }],
      indices: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      materials: [{ texture: 'a.dds' }, { texture: 'b.dds', emissive: [0.5, 0, 0, 0], power: 12 }],
      blocks: [
        { start: 0, count: 1, textureId: 0, effect: 0x2 | 0x4 },
        { start: 3, count: 1, textureId: 1, effect: 0x2, amount: 128 },
        { start: 6, count: 1, textureId: 1, effect: 0x8 },
      ],
    });
    const scene = parsed(model({ groups: [[{ type: 0, geometry }, { type: 0, light: true, geometry: tri() }]] }));
    const prims = scene.meshes[0].primitives;
    expect(prims.length).toBe(3);
    const [m0, m1, m2] = prims.map((p) => scene.materials[p.material!]);
    expect(m0.alphaMode).toBe('MASK');
    expect(m0.alphaCutoff).toBeCloseTo(0xb0 / 255);
    expect(m0.doubleSided).toBe(true);
    expect(scene.textures[m0.baseColorTexture!.texture].uri).toBe('a.dds');
    expect(m1.alphaMode).toBe('BLEND');
    expect(m1.baseColorFactor[3]).toBeCloseTo(128 / 255);
    expect(scene.textures[m1.baseColorTexture!.texture].uri).toBe('b.dds');
    expect(m1.legacy?.shininess).toBe(12);
    m1.emissiveFactor.forEach((v, i) => expect(v).toBeCloseTo([0.21404, 0, 0][i], 5)); // sRGB 0.5 → linear
    expect(m2.unlit).toBe(true);
    expect(m2.extras?.effect).toBe(0x8);
    // The light object (bit 31): additive, two-sided, unlit, flagged on the node.
    const lightNode = meshNodes(scene)[1];
    expect(lightNode.extras?.light).toBe(true);
    expect((lightNode.extras?.typeRaw as number) >>> 0).toBe(0x80000000);
    const lm = scene.materials[scene.meshes[lightNode.mesh!].primitives[0].material!];
    expect(lm.extras?.blend).toBe('additive');
    expect(lm.extras?.depthWrite).toBe(false);
    expect(lm.doubleSided).toBe(true);
    // nMaterial stored as 0 means one material record follows.
    expect(readO3d(writeO3d(model())).groups[0][0].geometry.materialCount).toBe(0);
    expect(readO3d(writeO3d(model())).groups[0][0].geometry.materials.length).toBe(1);
  });
});

describe('skinning', () => {
  const chrBones = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `Bone${i}`,
      tm: translationMatrix(0, i, 0),
      inverse: translationMatrix(0, -i, 0),
      local: translationMatrix(0, i ? 1 : 0, 0),
      parent: i - 1,
    }));

  it('resolves the palette block → object → global, slot = index / 3, and ignores idxB when w2 = 0', () => {
    const chr = writeChr({ bones: chrBones(6) });
    const vertices = [
      { p: [0, 0, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [3, 999] as [number, number] },
      { p: [1, 0, 0] as [number, number, number], w: [0.75, 0.25] as [number, number], idx: [0, 3] as [number, number] },
      { p: [0, 1, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [6, 6] as [number, number] },
    ];
    const joints = (o3d: WO3d) => {
      const scene = parsed(o3d, { skeleton: chr });
      const prim = scene.meshes[0].primitives[0];
      const skin = scene.skins[0];
      const names = (v: number) => [0, 1].map((k) => prim.attributes.WEIGHTS_0![v * 4 + k] > 0 ? scene.nodes[skin.joints[prim.attributes.JOINTS_0![v * 4 + k]]].name : '-');
      // Vertices come out in first-use order of the reversed corners (0, 2, 1).
      return { scene, v0: names(0), v1: names(2), v2: names(1), w1: Array.from(prim.attributes.WEIGHTS_0!.subarray(8, 10)) };
    };
    const global = joints(model({ groups: [[{ type: 1, geometry: tri({ vertices }) }]] }));
    expect(global.v0).toEqual(['Bone1', '-']);
    expect(global.v1).toEqual(['Bone0', 'Bone1']);
    expect(global.w1).toEqual([0.75, 0.25]);
    expect(global.v2).toEqual(['Bone2', '-']);
    expect(global.scene.warnings).toEqual([]);
    const object = joints(model({ groups: [[{ type: 1, bones: [5, 4, 3], geometry: tri({ vertices }) }]] }));
    expect(object.v0).toEqual(['Bone4', '-']);
    expect(object.v1).toEqual(['Bone5', 'Bone4']);
    const block = joints(model({ groups: [[{ type: 1, bones: [5, 4, 3], geometry: tri({ vertices, blocks: [{ start: 0, count: 1, bones: [2, 0, 1] }] }) }]] }));
    expect(block.v0).toEqual(['Bone0', '-']);
    expect(block.v2).toEqual(['Bone1', '-']);
  });

  it('takes inverse binds from the .chr, never from the .ani', () => {
    const chr = writeChr({ bones: chrBones(2) });
    const ani = writeAni({
      frameCount: 2,
      bones: [
        { name: 'Bone0', parent: -1, inverse: translationMatrix(9, 9, 9), matrix: IDENTITY },
        { name: 'Bone1', parent: 0, inverse: translationMatrix(7, 7, 7), keys: [[0, 0, 0, 1, 0, 1, 0], [...quatZ(0.5), 0, 1, 0]] },
      ],
    });
    const scene = parsed(model({ groups: [[{ type: 1, geometry: tri({ vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0], idx: [3, 0] })) }) }]] }), { skeleton: chr, motions: { move: ani } });
    const ibm = scene.skins[0].inverseBindMatrices;
    expect(Array.from(ibm.subarray(16 + 12, 16 + 15))).toEqual([0, -1, 0]);
    expect(scene.animations.map((a) => a.name)).toEqual(['move']);
    expect(scene.animations[0].duration).toBeCloseTo(1 / 30);
  });

  it('warns and draws the bind pose when no skeleton is given', () => {
    const scene = parsed(model({ groups: [[{ type: 1, geometry: tri() }]] }));
    expect(scene.skins).toEqual([]);
    expect(scene.warnings.map((w) => w.code)).toContain('O3D_NO_SKELETON');
  });

  it('skips a motion whose bone count differs from the skeleton', () => {
    const chr = writeChr({ bones: chrBones(2) });
    const ani = writeAni({ frameCount: 2, bones: [{ name: 'Bone0', parent: -1, matrix: IDENTITY }] });
    const scene = parsed(model({ groups: [[{ type: 1, geometry: tri() }]] }), { skeleton: chr, motions: { bad: ani } });
    expect(scene.animations).toEqual([]);
    expect(scene.warnings.map((w) => w.code)).toContain('O3D_MOTION_SKIPPED');
  });
});

describe('animation', () => {
  it('turns per-object TM keys into node channels at 30 frames per second', () => {
    const keys = [0, 1, 2].map((f) => [...quatZ(f * 0.1), f, 0, 1]);
    const scene = parsed(model({ frameCount: 3, groups: [[{ type: 0, tm: keys, geometry: tri() }]] }));
    expect(scene.animations.length).toBe(1);
    const clip = scene.animations[0];
    expect(clip.duration).toBeCloseTo(2 / 30);
    const t = clip.channels.find((c) => c.path === 'translation')!;
    const r = clip.channels.find((c) => c.path === 'rotation')!;
    expect(Array.from(t.times)).toEqual([0, 1 / 30, 2 / 30].map(Math.fround));
    expect(Array.from(t.values.subarray(6, 9))).toEqual([2, 0, -1]);
    // (x, y, z, w) → (−x, −y, z, w).
    const q = quatZ(0.2);
    expect(r.values[10]).toBeCloseTo(q[2]);
    expect(r.values[11]).toBeCloseTo(q[3]);
  });

  it('reads an embedded skeleton with its motion and skins with its inverse TMs', () => {
    const base = [translationMatrix(0, 0, 0), translationMatrix(0, 1, 0)];
    const inverse = [translationMatrix(0, 0, 0), translationMatrix(0, -1, 0)];
    const o3d = model({
      frameCount: 2,
      skeleton: {
        base,
        inverse,
        motion: [
          { name: 'Root', parent: -1, matrix: IDENTITY, inverse: translationMatrix(5, 5, 5) },
          { name: 'Tip', parent: 0, keys: [[0, 0, 0, 1, 0, 1, 0], [...quatZ(1), 0, 1, 0]], inverse: translationMatrix(5, 5, 5) },
        ],
      },
      groups: [[{ type: 1, geometry: tri({ vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0], idx: [3, 0] })) }) }]],
    });
    const raw = readO3d(writeO3d(o3d));
    expect(raw.skeleton?.baseTMs.length).toBe(2);
    expect(raw.skeleton?.sendVS).toBe(1);
    expect(raw.skeleton?.motion?.tracks.map((t) => (t.keys ? 'keys' : 'matrix'))).toEqual(['matrix', 'keys']);
    const scene = parsed(o3d);
    expect(scene.animations.map((a) => a.name)).toEqual(['embedded']);
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(['Root', 'Tip']);
    expect(Array.from(scene.skins[0].inverseBindMatrices.subarray(28, 31))).toEqual([0, -1, 0]);
  });

  it('reads the optional trailing frame attributes (v21) and tolerates their absence', () => {
    const attributes = [{ flags: 1, soundId: 7, frame: 0 }, { flags: 0, soundId: 0, frame: 1 }];
    const withAttrs = readO3d(writeO3d(model({ version: 21, frameCount: 2, attributes })));
    expect(withAttrs.attributes).toEqual(attributes);
    expect(readO3d(writeO3d(model({ version: 21, frameCount: 2 }))).attributes).toBeUndefined();
    const mismatch = readO3d(writeO3d(model({ version: 21, frameCount: 2, attributeCount: 5 })));
    expect(mismatch.attributes).toBeUndefined();
    expect(mismatch.attributeCount).toBe(5);
    const scene = parseO3d(writeO3d(model({ version: 21, frameCount: 2, attributes })));
    expect(scene.extras.attributes).toEqual([{ index: 0, frame: 0, flags: 1, soundId: 7 }]);
  });
});

describe('.chr and .ani', () => {
  it('reads chr versions 4–7 with events as two arrays', () => {
    const bones = [{ name: 'Bip01', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 }];
    expect(readChr(writeChr({ version: 4, bones })).events).toEqual([]);
    const v5 = readChr(writeChr({ version: 5, bones, events: [[1, 2, 3]], eventParents: [0, 0, 0, 0] }));
    expect(v5.events.length).toBe(4);
    expect(v5.events[0]).toEqual([1, 2, 3]);
    expect(v5.localLH).toBeUndefined();
    const v6 = readChr(writeChr({ version: 6, bones, eventParents: [0, 0, 0, 0, 0, 0, 0, 0] }));
    expect(v6.events.length).toBe(8);
    const v7 = readChr(writeChr({ version: 7, bones, leftHand: translationMatrix(1, 2, 3) }));
    expect(Array.from(v7.localLH!.subarray(12, 15))).toEqual([1, 2, 3]);
    expect(v7.bones[0].name).toBe('Bip01');
    expect(() => readChr(writeChr({ version: 3, bones }))).toThrow(/version 3/);
  });

  it('reads ani paths, frame attributes and events', () => {
    const ani = readAni(
      writeAni({
        frameCount: 2,
        path: [[0, 0, 0], [0, 0, 1]],
        bones: [{ name: 'Bip01', parent: -1, keys: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0, 1]] }],
        attributes: [{ flags: 0, soundId: 0, frame: 0 }, { flags: 1, soundId: 3, frame: 1 }],
        events: [[1, 1, 1]],
      }),
    );
    expect(Array.from(ani.path!)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(ani.attributes[1]).toEqual({ flags: 1, soundId: 3, frame: 1 });
    expect(ani.events).toEqual([[1, 1, 1]]);
    expect(ani.motion.poolSize).toBe(2);
    expect(() => readAni(writeAni({ version: 9, frameCount: 1, bones: [] }))).toThrow(/version 9/);
  });
});

describe('malformed geometry', () => {
  it('warns when the VB → vertex map points past the vertex list, and keeps the mesh', () => {
    const scene = parsed(model({ groups: [[{ type: 0, geometry: tri({ vertexList: [[0, 0, 0]], vertexMap: [0, 5, 9] }) }]] }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_VERTEX_MAP_RANGE']);
    expect(scene.meshes.length).toBe(1);
  });

  it('drops triangles whose indices run past the vertices, with a warning', () => {
    const scene = parsed(model({ groups: [[{ type: 0, geometry: tri({ indices: [0, 1, 2, 0, 1, 7], blocks: [{ start: 0, count: 2 }] }) }]] }));
    expect(scene.warnings.map((w) => w.code)).toContain('O3D_INDEX_RANGE');
    expect(scene.meshes[0].primitives[0].indices!.length).toBe(3);
  });

  it('rejects counts beyond the client limits', () => {
    expect(() => readO3d(writeO3d(model({ events: Array.from({ length: 9 }, () => [0, 0, 0] as [number, number, number]) })))).toThrow(/event count/);
    expect(() => readO3d(writeO3d(model({ groups: [[{ type: 0, bones: Array(29).fill(0), geometry: tri() }]] })))).toThrow(/palette/);
  });
});

describe('companions', () => {
  it('finds the skeleton and motions case-insensitively; player parts use mvr_male/mvr_female', () => {
    const listing = ['Mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'Mvr_AiBatt_walk.ANI', 'mvr_AiBatt2_walk.ani', 'mvr_female.chr', 'Mvr_female_GenStand.ani', 'mvr_male.chr'];
    expect(findCompanions('mvr_AiBatt.o3d', listing)).toEqual({ skeleton: 'Mvr_AiBatt.chr', motions: { stand: 'mvr_AiBatt_stand.ani', walk: 'Mvr_AiBatt_walk.ANI' } });
    expect(findCompanions('Part_femaleUpper.o3d', listing)).toEqual({ skeleton: 'mvr_female.chr', motions: { GenStand: 'Mvr_female_GenStand.ani' } });
    expect(findCompanions('part_mHead01.o3d', listing).skeleton).toBe('mvr_male.chr');
    expect(findCompanions('shadow.o3d', listing)).toEqual({ motions: {} });
  });

  it('answers from a sorted index exactly as a scan of the listing would (mixed case, boss skeletons, duplicates)', () => {
    /** The reference: one pass over the listing per question. */
    const scan = (file: string, listing: string[]) => {
      const wanted = file.replace(/\.o3d$/i, '.chr').replace(/^part_m.*$/i, 'mvr_male.chr').replace(/^part_f.*$/i, 'mvr_female.chr').toLowerCase();
      const prefix = `${wanted.slice(0, -4)}_`;
      const longer = listing.map((e) => e.toLowerCase()).filter((l) => l.endsWith('.chr') && l.startsWith(prefix) && l !== wanted).map((l) => `${l.slice(0, -4)}_`);
      const out: { skeleton?: string; motions: Record<string, string> } = { motions: {} };
      for (const entry of listing) {
        const lower = entry.toLowerCase();
        if (lower === wanted && out.skeleton === undefined) out.skeleton = entry;
        else if (lower.endsWith('.ani') && lower.startsWith(prefix) && lower.length > prefix.length + 4 && !longer.some((p) => lower.startsWith(p))) {
          const motion = entry.slice(prefix.length, -4);
          if (!(motion in out.motions)) out.motions[motion] = entry;
        }
      }
      return out;
    };
    const random = (() => { let x = 7; return () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32); })();
    const stems = ['mvr_Lawolf', 'Mvr_LAWOLF_Boss', 'mvr_male', 'Mvr_Female', 'obj_tree', 'mvr_a', 'mvr_a_b'];
    const listing: string[] = [];
    for (let i = 0; i < 400; i++) {
      const stem = stems[Math.floor(random() * stems.length)];
      const kind = random();
      const name = kind < 0.15 ? `${stem}.chr` : kind < 0.3 ? `${stem}.o3d` : `${stem}_${['stand', 'Walk', 'dmgDie', 'x'][Math.floor(random() * 4)]}${i % 3 ? '' : i}.ani`;
      listing.push(random() < 0.5 ? name : name.toUpperCase());
    }
    for (const file of ['mvr_Lawolf.o3d', 'MVR_LAWOLF_BOSS.o3d', 'Part_mUpper.o3d', 'part_fHead.o3d', 'mvr_a.o3d', 'mvr_a_b.o3d', 'nothing.o3d']) {
      expect(findCompanions(file, listing), file).toEqual(scan(file, listing));
    }
    expect(Object.keys(findCompanions('mvr_Lawolf.o3d', listing).motions).length).toBeGreaterThan(3);
    expect(Object.keys(findCompanions('Part_mUpper.o3d', listing).motions).length).toBeGreaterThan(3);
  });

  it('parse() resolves <name>.chr and named motions through an async resolver', async () => {
    const sample = writeSampleO3d();
    const asked: string[] = [];
    const files: Record<string, Uint8Array> = { 'mvr_sample.chr': sample.chr, 'mvr_sample_sway.ani': sample.ani };
    const scene = await parse(sample.o3d, {
      fileName: 'mvr_sample.o3d',
      motions: ['sway'],
      resolve: async (name) => {
        asked.push(name);
        return files[name];
      },
    });
    expect(asked).toEqual(['mvr_sample.chr', 'mvr_sample_sway.ani']);
    expect(scene.skins.length).toBe(1);
    expect(scene.animations.map((a) => a.name)).toEqual(['sway']);
    expect(validateScene(scene)).toEqual([]);
    // parseO3d uses a synchronous resolver, and says so when the resolver is async.
    const sync = parseO3d(sample.o3d, { fileName: 'mvr_sample.o3d', motions: ['sway'], resolve: (name) => files[name] });
    expect(sync.animations.length).toBe(1);
    const asyncOnly = parseO3d(sample.o3d, { fileName: 'mvr_sample.o3d', resolve: async (name) => files[name] });
    expect(asyncOnly.warnings.map((w) => w.code)).toContain('O3D_ASYNC_RESOLVER');
  });
});

describe('the viewer sample', () => {
  it('is a valid skinned, animated model whose pose moves the top and keeps the base', () => {
    const { o3d, chr, ani } = writeSampleO3d();
    const scene = parseO3d(o3d, { fileName: 'mvr_sample.o3d', skeleton: chr, motions: { sway: ani } });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings).toEqual([]);
    expect(scene.skins[0].joints.length).toBe(3);
    expect(scene.animations[0].duration).toBeCloseTo(1);
    const prim = scene.meshes[0].primitives[0];
    expect(prim.indices!.length).toBe(28 * 3);
    const skinAt = (time: number) => {
      const pose = sampleAnimation(scene, 0, time);
      const world = computeWorldMatrices(scene, pose.locals);
      const out = new Float32Array(prim.attributes.POSITION.length);
      skinVerticesReference(prim.attributes.POSITION, prim.attributes.JOINTS_0!, prim.attributes.WEIGHTS_0!, computeSkinMatrices(scene, 0, world), out);
      return out;
    };
    const bind = prim.attributes.POSITION;
    const rest = skinAt(0);
    for (let i = 0; i < bind.length; i++) expect(rest[i]).toBeCloseTo(bind[i], 5);
    const swayed = skinAt(0.25);
    let maxTop = 0, maxBase = 0;
    for (let v = 0; v < bind.length / 3; v++) {
      const d = Math.hypot(swayed[v * 3] - bind[v * 3], swayed[v * 3 + 1] - bind[v * 3 + 1], swayed[v * 3 + 2] - bind[v * 3 + 2]);
      if (bind[v * 3 + 1] === 0) maxBase = Math.max(maxBase, d);
      if (bind[v * 3 + 1] === 3) maxTop = Math.max(maxTop, d);
    }
    expect(maxBase).toBeLessThan(1e-5);
    expect(maxTop).toBeGreaterThan(0.5);
  });
});

describe('audit: every stored field reaches the raw structure or the scene', () => {
  it('chr v6/v7 events are two arrays (8 positions, then 8 parents), and reach scene.extras mirrored', () => {
    const bones = [
      { name: 'Bip01', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 },
      { name: 'Bip01 R Hand', tm: translationMatrix(1, 0, 0), inverse: translationMatrix(-1, 0, 0), local: translationMatrix(1, 0, 0), parent: 0 },
    ];
    const events = Array.from({ length: 8 }, (_, k) => [k + 1, 10 * (k + 1), 100 * (k + 1)] as [number, number, number]);
    const eventParents = [1, 0, 1, 1, 0, 0, 1, 0];
    const bytes = writeChr({ version: 7, bones, events, eventParents, rightHand: translationMatrix(1, 2, 3), shield: translationMatrix(4, 5, 6), knuckle: translationMatrix(7, 8, 9), leftHand: translationMatrix(-1, -2, -3) });
    // Independent check of the layout: after the bones, sendVS and three matrices come 8 × 12 B of
    // positions and then 8 ints (interleaving them would put a parent inside event 1).
    const view = new DataView(bytes.buffer);
    const eventsAt = 12 + bones.reduce((n, b) => n + 4 + b.name.length + 1 + 3 * 64 + 4, 0) + 4 + 3 * 64;
    expect(view.getFloat32(eventsAt + 12, true)).toBe(2);
    expect(view.getInt32(eventsAt + 96, true)).toBe(1);
    const chr = readChr(bytes);
    expect(chr.events).toEqual(events);
    expect(Array.from(chr.eventParents)).toEqual(eventParents);
    expect(Array.from(chr.localShield.subarray(12, 15))).toEqual([4, 5, 6]);
    expect(Array.from(chr.bones[1].localTM.subarray(12, 15))).toEqual([1, 0, 0]);
    const scene = parsed(model({ groups: [[{ type: 1, geometry: tri() }]] }), { skeleton: bytes });
    const extras = scene.extras.skeleton as { events: number[][]; eventParents: number[]; attachments: Record<string, number[]>; version: number };
    expect(extras.version).toBe(7);
    expect(extras.events[2]).toEqual([3, 30, -300]);
    expect(extras.eventParents).toEqual(eventParents);
    // Attachment matrices: column-major, Z mirrored (translation in elements 12..14).
    expect(extras.attachments.rightHand.slice(12, 15)).toEqual([1, 2, -3]);
    expect(extras.attachments.knuckle.slice(12, 15)).toEqual([7, 8, -9]);
    expect(extras.attachments.leftHand.slice(12, 15)).toEqual([-1, -2, 3]);
    const hand = scene.nodes.find((n) => n.name === 'Bip01 R Hand')!;
    expect((hand.extras?.localTM as number[]).slice(12, 15)).toEqual([1, 0, 0]);
  });

  it('reads the vertex list, the VB → vertex map, physique, a count-like material flag and the blocks', () => {
    const vertices = [
      { p: [0, 0, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [0, 0] as [number, number] },
      { p: [1, 0, 0] as [number, number, number], w: [0.5, 0.5] as [number, number], idx: [0, 3] as [number, number] },
      { p: [0, 1, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [3, 0] as [number, number] },
      { p: [0, 1, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [3, 0] as [number, number] },
    ];
    const geometry = tri({
      vertices,
      indices: [0, 1, 2, 0, 1, 3],
      vertexList: [[0, 0, 0], [1, 0, 0], [0, 1, 0]],
      vertexMap: [0, 1, 2, 2],
      physique: [0, 0, 1],
      materialFlag: 7,
      materialCount: 2,
      materials: [{ texture: 'a.dds' }, { texture: 'b.dds' }],
      blocks: [{ start: 0, count: 1, textureId: 1, effect: 0x10 | 0x1 }, { start: 3, count: 1, textureId: 0, effect: 0x20, bones: [1, 0] }],
      bump: 1,
      opacity: 1,
    });
    const o3d = model({ groups: [[{ type: 1, id: 42, bones: [0, 1], geometry }]] });
    const raw = readO3d(writeO3d(o3d));
    const g = raw.groups[0][0].geometry;
    expect(raw.groups[0][0].id).toBe(42);
    expect(Array.from(raw.groups[0][0].useBones)).toEqual([0, 1]);
    expect(Array.from(g.vertexList)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(Array.from(g.vertexMap)).toEqual([0, 1, 2, 2]);
    expect(Array.from(g.physique)).toEqual([0, 0, 1]);
    expect(g.materialFlag).toBe(7);
    expect(g.materialCount).toBe(2);
    expect(g.materials.map((m) => m.textureName)).toEqual(['a.dds', 'b.dds']);
    expect(g.blocks.map((b) => [b.startIndex, b.primitiveCount, b.textureId, b.effect, Array.from(b.useBones)])).toEqual([
      [0, 1, 1, 0x11, []],
      [3, 1, 0, 0x20, [1, 0]],
    ]);
    expect(Array.from(g.weights!)).toEqual([1, 0, 0.5, 0.5, 1, 0, 1, 0]);
    expect(Array.from(g.boneIndices!)).toEqual([0, 0, 0, 3, 3, 0, 3, 0]);
    expect([g.opacity, g.bump, g.rigid]).toEqual([1, 1, 0]);

    const chr = writeChr({ bones: [0, 1].map((i) => ({ name: `B${i}`, tm: translationMatrix(0, i, 0), inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, i, 0), parent: i - 1 })) });
    const scene = parsed(o3d, { skeleton: chr });
    const node = meshNodes(scene)[0];
    expect(node.extras).toMatchObject({ id: 42, useBones: [0, 1], vertexListCount: 3, physiqueCount: 3, materialFlag: 7, materialCount: 2, rigid: 0, opacity: 1, bump: 1 });
    // The object box, Z mirrored: min z = −max z.
    expect(node.extras?.bboxMin).toEqual([0, 0, 0]);
    const prims = scene.meshes[node.mesh!].primitives;
    expect(prims.map((p) => p.extras)).toEqual([
      { textureId: 1, effect: 0x11, amount: 0, startIndex: 0, primitiveCount: 1, useBones: [] },
      { textureId: 0, effect: 0x20, amount: 0, startIndex: 3, primitiveCount: 1, useBones: [1, 0] },
    ]);
    expect(scene.materials[prims[0].material!].extras?.effects).toEqual(['reflect', 'specular']);
    expect(scene.materials[prims[1].material!].extras?.effects).toEqual(['bump']);
    // Block 1 has its own palette [1, 0]: stored index 0 (slot 0) is bone B1 there.
    const skin = scene.skins[0];
    const jointName = (p: number, v: number) => scene.nodes[skin.joints[prims[p].attributes.JOINTS_0![v * 4]]].name;
    expect(jointName(0, 0)).toBe('B0');
    expect(jointName(1, 0)).toBe('B1');
  });

  it('warns on a pool size that differs from the objects, trailing bytes, a bad material index and a block past the indices', () => {
    const codes = (o: WO3d) => parsed(o).warnings.map((w) => w.code);
    expect(codes(model({ poolSize: 5 }))).toEqual(['O3D_POOL_SIZE']);
    // Version 20 has no attribute block: 4 trailing bytes stay unread.
    expect(codes(model({ version: 20, trailing: [1, 2, 3, 4] }))).toEqual(['O3D_TRAILING_BYTES']);
    expect(codes(model({ groups: [[{ type: 0, geometry: tri({ blocks: [{ start: 0, count: 1, textureId: 3 }] }) }]] }))).toEqual(['O3D_MATERIAL_INDEX']);
    expect(codes(model({ groups: [[{ type: 0, geometry: tri({ blocks: [{ start: 0, count: 1 }, { start: 3, count: 4 }] }) }]] }))).toEqual(['O3D_BLOCK_RANGE']);
  });

  it('binds bad bone references to bone 0 with a warning (not a palette slot × 3, past the palette, past the skeleton)', () => {
    const chr = writeChr({ bones: [0, 1].map((i) => ({ name: `B${i}`, tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: i - 1 })) });
    for (const [idx, bones, blockBones] of [[4, undefined, undefined], [9, [1, 0], undefined], [0, undefined, [7]]] as const) {
      const vertices = tri().vertices.map((v) => ({ ...v, w: [1, 0] as [number, number], idx: [idx, 0] as [number, number] }));
      const o3d = model({ groups: [[{ type: 1, bones: bones ? [...bones] : undefined, geometry: tri({ vertices, blocks: [{ start: 0, count: 1, bones: blockBones ? [...blockBones] : undefined }] }) }]] });
      const scene = parsed(o3d, { skeleton: chr });
      expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_BONE_INDEX']);
      const p = scene.meshes[0].primitives[0].attributes;
      expect(Array.from(p.JOINTS_0!.subarray(0, 4))).toEqual([0, 0, 0, 0]);
      expect(Array.from(p.WEIGHTS_0!.subarray(0, 4))).toEqual([1, 0, 0, 0]);
    }
  });

  it('an untextured block without a material list still gets its effects; a light object gets its material', () => {
    const scene = parsed(model({ groups: [[{ type: 0, geometry: tri({ materials: [], blocks: [{ start: 0, count: 1, effect: 0x4 }] }) }, { type: 0, light: true, geometry: tri({ materials: [] }) }]] }));
    const [a, b] = meshNodes(scene).map((n) => scene.materials[scene.meshes[n.mesh!].primitives[0].material!]);
    expect(a.doubleSided).toBe(true);
    expect(a.baseColorTexture).toBeUndefined();
    expect(b.extras?.blend).toBe('additive');
    // No effect, no light, no material list: no material.
    expect(parsed(model({ groups: [[{ type: 0, geometry: tri({ materials: [] }) }]] })).materials).toEqual([]);
  });

  it('a huge stored frame count with only constant keys costs one baked frame, not one per stored frame', () => {
    const attached = () => ({ type: 0 as const, parent: 0, parentType: 2, geometry: tri() });
    const o3d = model({
      lod: true,
      frameCount: 50_000_000,
      skeleton: { base: [translationMatrix(0, 1, 0)], inverse: [translationMatrix(0, -1, 0)], motion: [{ name: 'Root', parent: -1, matrix: translationMatrix(0, 2, 0) }] },
      groups: [[attached()], [attached()], [attached()]],
    });
    const started = performance.now();
    const scene = parsed(o3d);
    expect(performance.now() - started).toBeLessThan(1000);
    const clip = scene.animations[0];
    expect(clip.extras?.frameCount).toBe(50_000_000);
    const follower = clip.channels.find((c) => c.path === 'translation' && scene.nodes[c.node].name.includes('follower'))!;
    expect(Array.from(follower.values)).toEqual([0, 2, 0]);
  });

  it('an .ani root path, events and flagged frame attributes reach the clip extras in scene space', () => {
    const chr = writeChr({ bones: [{ name: 'Bip01', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 }] });
    const ani = writeAni({
      id: 77,
      frameCount: 2,
      path: [[0, 0, 1], [1, 2, 3]],
      bones: [{ name: 'Bip01', parent: -1, keys: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0, 1]] }],
      attributes: [{ flags: 0, soundId: 0, frame: 0 }, { flags: 3, soundId: 12, frame: 1 }],
      events: [[4, 5, 6]],
    });
    const scene = parsed(model({ groups: [[{ type: 1, geometry: tri() }]] }), { skeleton: chr, motions: { die: ani } });
    const clip = scene.animations[0];
    expect(clip.name).toBe('die');
    expect(clip.extras).toMatchObject({ id: 77, frameCount: 2, fps: 30, perSlerp: 0.5, rootPath: [0, 0, -1, 1, 2, -3], events: [[4, 5, -6]], attributes: [{ index: 1, frame: 1, flags: 3, soundId: 12 }] });
    expect(clip.extras?.loopDuration).toBeCloseTo(2 / 30);
    // Position key (0, 0, 1) in D3D is (0, 0, −1) in the scene.
    expect(Array.from(clip.channels.find((c) => c.path === 'translation')!.values)).toEqual([0, 0, 0, 0, 0, -1]);
  });

  it('a skeleton of zero bones is no skeleton: skin objects stay unskinned with a warning', () => {
    const scene = parsed(model({ groups: [[{ type: 1, geometry: tri() }]] }), { skeleton: writeChr({ bones: [] }) });
    expect(scene.skins).toEqual([]);
    expect(scene.warnings.map((w) => w.code)).toContain('O3D_NO_SKELETON');
  });

  it('embedded bones without a motion (frameCount 0): base and inverse TMs and sendVS are read, bones are roots', () => {
    const o3d = model({ skeleton: { base: [translationMatrix(0, 1, 0), translationMatrix(0, 2, 0)], inverse: [translationMatrix(0, -1, 0), translationMatrix(0, -2, 0)], sendVS: 1 }, groups: [[{ type: 1, geometry: tri() }]] });
    const raw = readO3d(writeO3d(o3d));
    expect(raw.skeleton?.motion).toBeUndefined();
    expect(raw.skeleton?.sendVS).toBe(1);
    expect(Array.from(raw.skeleton!.baseTMs[1].subarray(12, 15))).toEqual([0, 2, 0]);
    const scene = parsed(o3d);
    expect(scene.animations).toEqual([]);
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].translation)).toEqual([[0, 1, 0], [0, 2, 0]]);
  });
});

describe('vertex order: blocks that take the stored arrays (in order or reordered in place) or gather copies', () => {
  // Eight vertices with distinct positions, normals and uvs; four triangles over all of them.
  const vertices = Array.from({ length: 8 }, (_, i) => ({ p: [i, 10 + i, 20 + i] as [number, number, number], n: [0.1 * i, 1, -0.5 * i] as [number, number, number], uv: [i / 8, 1 - i / 8] as [number, number] }));
  const all = [5, 2, 7, 0, 3, 6, 1, 4, 2, 6, 5, 1];
  const subset = [0, 1, 2, 2, 1, 3];

  /** Each output corner is the stored vertex of the input corner (a, c, b), mirrored in z. */
  function expectCorners(scene: Scene, primitive: number, stored: number[]): void {
    const p = scene.meshes[0].primitives[primitive];
    const positions = p.attributes.POSITION as Float32Array;
    const normals = p.attributes.NORMAL as Float32Array;
    const uvs = p.attributes.TEXCOORD_0 as Float32Array;
    const indices = Array.from(p.indices!);
    expect(indices.length).toBe(stored.length);
    expect(positions.length / 3).toBe(new Set(stored).size);
    for (let t = 0; t < stored.length; t += 3) {
      const corners = [stored[t], stored[t + 2], stored[t + 1]];
      corners.forEach((v, k) => {
        const o = indices[t + k];
        expect(Array.from(positions.subarray(o * 3, o * 3 + 3))).toEqual([v, 10 + v, -(20 + v)]);
        expect(Array.from(normals.subarray(o * 3, o * 3 + 3))).toEqual(Array.from(Float32Array.of(0.1 * v, 1, 0.5 * v)));
        expect(Array.from(uvs.subarray(o * 2, o * 2 + 2))).toEqual(Array.from(Float32Array.of(v / 8, 1 - v / 8)));
      });
    }
  }

  const withBlocks = (indices: number[], blocks: { start: number; count: number }[]) =>
    model({ groups: [[{ type: 0, geometry: { vertices, indices, materials: [{ texture: 'tex.dds' }], blocks } }]] });

  it('one block over every vertex, first used out of order', () => {
    expectCorners(parsed(withBlocks(all, [{ start: 0, count: 4 }])), 0, all);
  });

  it('a subset block first, then a last block over every vertex', () => {
    const scene = parsed(withBlocks([...subset, ...all], [{ start: 0, count: 2 }, { start: 6, count: 4 }]));
    expectCorners(scene, 0, subset);
    expectCorners(scene, 1, all);
  });

  it('a block in stored order, then another over every vertex', () => {
    const inOrder = [0, 2, 1, 3, 5, 4, 6, 7, 7];
    const scene = parsed(withBlocks([...inOrder, ...all], [{ start: 0, count: 3 }, { start: 9, count: 4 }]));
    expectCorners(scene, 0, inOrder);
    expectCorners(scene, 1, all);
    // The in-order block holds all 8 vertices, as stored.
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 7]);
  });

  it('readO3d returns arrays of its own; parsing the same bytes changes nothing in them', () => {
    const bytes = writeO3d(withBlocks(all, [{ start: 0, count: 4 }]));
    const before = bytes.slice();
    const raw = readO3d(bytes);
    const g = raw.groups[0][0].geometry;
    for (const a of [g.positions, g.indices, g.vertexMap, g.vertexList]) expect(a.buffer).not.toBe(bytes.buffer);
    parseO3d(bytes);
    expect(bytes).toEqual(before);
    expect(Array.from(g.positions.subarray(0, 3))).toEqual([0, 10, 20]);
  });
});
