import { WarningSink } from '@relic3d/core';
import { buildMdlScene } from '../src/scene/index.js';
import { computeBounds, isFormatError, sampleAnimation, validateScene, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { mdlFormat, parse, parseSync as parseMdl, readMdl } from '../src/index.js';
import { sampleModel, writeMdl, writeSampleMdl, type V3, type WFile, type WMesh, type WVertex } from '@relic3d/fixtures/mdl';

const valid = (scene: Scene) => {
  expect(validateScene(scene)).toEqual([]);
  return scene;
};

function errorOf(fn: () => unknown): Error & { code?: string; offset?: number } {
  try {
    fn();
  } catch (e) {
    expect(isFormatError(e)).toBe(true);
    return e as Error;
  }
  throw new Error('expected a FormatError');
}

const tri = (name = 'tri', extra: Partial<WMesh> = {}): WMesh => ({
  name,
  material: '',
  vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
  indices: [0, 1, 2],
  ...extra,
});

describe('G3D v100 (documented layout, written by the tests)', () => {
  it('multiple LODs with view distances', () => {
    const lod = (size: number, distance: number) => ({
      viewDistance: distance,
      meshes: [tri(`lod${distance}`, { vertices: [{ position: [0, 0, 0] as V3 }, { position: [size, 0, 0] as V3 }, { position: [0, size, 0] as V3 }] })],
    });
    const scene = valid(parseMdl(writeMdl({ variant: 'g3d', root: { name: 'lods', lods: [lod(1, 0), lod(2, 10), lod(4, 50)] } })));
    expect(scene.version).toBe(100);
    expect(scene.extras.unverifiedLayout).toBe(true);
    const root = scene.nodes[0];
    expect(root.lods!.map((l) => l.distance)).toEqual([0, 10, 50]);
    expect(root.lods!.map((l) => scene.nodes[l.node].parent)).toEqual([0, 0, 0]);
    expect(root.lods!.map((l) => scene.meshes[scene.nodes[l.node].mesh!].name)).toEqual(['lod0', 'lod10', 'lod50']);
    expect(computeBounds(scene).max).toEqual([1, 1, 0]);
    expect(computeBounds(scene, { lod: 2 }).max).toEqual([4, 4, 0]);
  });

  it('2- and 4-byte indices, with the winding reversed', () => {
    for (const indexSize of [2, 4] as const) {
      const file = readMdl(writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('t', { indexSize })] }] } }));
      const mesh = file.root.lods[0].meshes[0];
      expect(mesh.indexSize).toBe(indexSize);
      expect(mesh.indices).toBeInstanceOf(indexSize === 2 ? Uint16Array : Uint32Array);
      expect(Array.from(mesh.indices)).toEqual([0, 1, 2]);
      const scene = valid(parseMdl(writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('t', { indexSize })] }] } })));
      expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 2, 1]);
      expect(scene.meshes[0].primitives[0].extras!.indexSize).toBe(indexSize);
    }
  });

  it('reads every documented vertex field and keeps the bytes past 80 raw', () => {
    const v: WVertex = {
      position: [1, 2, 3], normal: [0, 0, 1], uv0: [0.25, 0.75], uv1: [0.5, 0.125], displacement: 0.5,
      tangent: [1, 0, 0], bitangent: [0, 1, 0], bones: [0, 0, 0, 0], weights: [0, 0, 0, 0],
    };
    const file = readMdl(writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('t', { vertices: [v, v, v] })] }] } }));
    const m = file.root.lods[0].meshes[0];
    expect(m.strideField).toBe(84);
    expect(m.vertexStride).toBe(84);
    expect(Array.from(m.vertices.position.subarray(0, 3))).toEqual([1, 2, 3]);
    expect(Array.from(m.vertices.texcoord1.subarray(0, 2))).toEqual([0.5, 0.125]);
    expect(m.vertices.displacement[0]).toBe(0.5);
    expect(Array.from(m.vertices.bitangent.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(Array.from(m.vertices.padding!)).toEqual(new Array(12).fill(0xee));
    const p = valid(parseMdl(writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('t', { vertices: [v, v, v] })] }] } }))).meshes[0].primitives[0];
    expect(Array.from(p.attributes.POSITION.subarray(0, 3))).toEqual([1, 2, -3]);
    expect(Array.from(p.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, -1]);
    expect(Array.from(p.attributes.TEXCOORD_1!.subarray(0, 2))).toEqual([0.5, 0.125]);
    // Tangent (1,0,0), bitangent (0,1,0), normal (0,0,−1) after conversion: N×T = (0,−1,0) → w = −1.
    expect(Array.from(p.attributes.TANGENT!.subarray(0, 4))).toEqual([1, 0, 0, -1]);
    expect(p.extras!.displacement).toBe(0.5);
    // A stride below the 80 documented bytes is rejected.
    const bad = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('t', { strideField: 76 })] }] } });
    expect(errorOf(() => parseMdl(bad)).message).toMatch(/vertex stride of at least 80/);
  });

  it('a 3-level bone hierarchy with 4 weights per vertex: joints, weights and posed bounds by hand', () => {
    // Bones (depth-first): 0 hip (0,0,0) → 1 spine (0,1,0) → 2 head (0,1,0); 3 leg (0.5,0,0) under hip.
    const vertices: WVertex[] = [
      { position: [0, 0, -0.25], bones: [0, 0, 0, 0], weights: [255, 0, 0, 0] },
      { position: [0, 2, 0], bones: [2, 0, 0, 0], weights: [255, 0, 0, 0] },
      { position: [1, 1, 0], bones: [1, 2, 0, 0], weights: [128, 127, 0, 0] },
      { position: [0, 1.5, 0], bones: [0, 1, 2, 3], weights: [64, 64, 64, 63] },
      { position: [2, 0, 0.5], bones: [0, 3, 0, 0], weights: [100, 100, 0, 0] }, // sums to 200: renormalised
    ];
    const s = Math.SQRT1_2;
    const file: WFile = {
      variant: 'g3d',
      root: {
        name: 'rig',
        position: [10, 0, 0],
        lods: [{ meshes: [{ name: 'body', vertices, indices: [0, 1, 2, 2, 3, 4] }] }],
        bones: [{ name: 'hip', children: [{ name: 'spine', position: [0, 1, 0], children: [{ name: 'head', position: [0, 1, 0] }] }, { name: 'leg', position: [0.5, 0, 0] }] }],
        animations: [
          {
            name: 'bend',
            speed: 0.5,
            keyframes: 2,
            tracks: [
              { boneId: 1, flags: 2, keys: [{ rotation: [0, 0, 0, 1] }, { rotation: [0, 0, s, s] }] },
              { boneId: 2, flags: 1, keys: [{ position: [0, 1, 0] }, { position: [0, 2, 0] }] },
            ],
          },
          {
            name: 'wave',
            speed: 2,
            keyframes: 3,
            tracks: [
              { boneId: 0, flags: 4, keys: [{ scale: [1, 1, 1] }, { scale: [2, 2, 2] }, { scale: [1, 1, 1] }] },
              { boneId: 3, flags: 7, keys: [0, 1, 2].map((k) => ({ position: [0.5, 0, k] as V3, rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as V3 })) },
            ],
          },
        ],
      },
    };
    const scene = valid(parseMdl(writeMdl(file)));
    const names = scene.nodes.map((n) => n.name);
    const skin = scene.skins[0];
    expect(scene.skins).toHaveLength(1);
    expect(skin.joints.map((j) => names[j])).toEqual(['hip', 'spine', 'head', 'leg']);
    expect(skin.joints.every((j) => scene.nodes[j].joint)).toBe(true);
    expect(scene.nodes[skin.joints[0]].parent).toBe(0); // bones hang under the model node
    expect(scene.nodes[skin.joints[2]].parent).toBe(skin.joints[1]);
    // Inverse bind of head = translate(0, −2, 0) (rest relative to the model node).
    expect(Array.from(skin.inverseBindMatrices.subarray(2 * 16 + 12, 2 * 16 + 15))).toEqual([0, -2, 0]);
    const lodNode = scene.nodes[scene.nodes[0].lods![0].node];
    expect(lodNode.skin).toBe(0);
    const p = scene.meshes[lodNode.mesh!].primitives[0];
    expect(Array.from(p.attributes.JOINTS_0!.subarray(12, 16))).toEqual([0, 1, 2, 3]);
    const w3 = Array.from(p.attributes.WEIGHTS_0!.subarray(12, 16));
    [64, 64, 64, 63].forEach((w, k) => expect(w3[k]).toBeCloseTo(w / 255, 6));
    expect(Array.from(p.attributes.WEIGHTS_0!.subarray(16, 20))).toEqual([0.5, 0.5, 0, 0]);

    // Rest: x 10..12, y 0..2, z −0.5..0.25 (z mirrored).
    const rest = computeBounds(scene);
    expect(rest.min).toEqual([10, 0, -0.5]);
    expect(rest.max).toEqual([12, 2, 0.25]);
    // Clip 'bend' at its last key (1/30 s): spine turned 90° about Z, head moved to (0,2,0) in spine
    // space, so the head vertex lands at (−2, 1, 0) and the shared vertex at (−127/255, 2, 0).
    const clip = scene.animations[0];
    expect(clip.name).toBe('bend');
    expect(clip.duration).toBeCloseTo(2 / 60 / 0.5, 9);
    expect(Array.from(clip.channels[0].times)).toEqual([0, Math.fround(1 / 30)]);
    const posed = computeBounds(scene, { animation: 'bend', time: 1 / 30 });
    [8, 0, -0.5].forEach((v, c) => expect(posed.min[c]).toBeCloseTo(v, 5));
    [12, 2, 0.25].forEach((v, c) => expect(posed.max[c]).toBeCloseTo(v, 5));
    // And one vertex exactly: the 4-weight vertex, by hand x = −128/255, y = 318.5/255.
    const pose = sampleAnimation(scene, 'bend', 1 / 30);
    expect(pose.locals.length).toBe(scene.nodes.length * 16);
    const only3 = structuredClone(scene);
    only3.meshes[0].primitives[0].attributes.POSITION = p.attributes.POSITION.slice(9, 12);
    only3.meshes[0].primitives[0].attributes.JOINTS_0 = p.attributes.JOINTS_0!.slice(12, 16);
    only3.meshes[0].primitives[0].attributes.WEIGHTS_0 = p.attributes.WEIGHTS_0!.slice(12, 16);
    const b3 = computeBounds(only3, { animation: 'bend', time: 1 / 30 });
    expect(b3.min[0]).toBeCloseTo(10 - 128 / 255, 5);
    expect(b3.min[1]).toBeCloseTo(318.5 / 255, 5);
  });

  it('two clips with different per-bone flags', () => {
    const scene = valid(parseMdl(writeSampleMdl()));
    expect(scene.animations).toHaveLength(1);
    const file = sampleModel();
    file.root.animations!.push({
      name: 'stretch',
      speed: 2,
      keyframes: 3,
      tracks: [
        { boneId: 0, flags: 5, keys: [0, 1, 2].map((k) => ({ position: [0, 0, k] as V3, scale: [1, 1 + k, 1] as V3 })) },
        { boneId: 1, flags: 6, keys: [0, 1, 2].map(() => ({ rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [2, 2, 2] as V3 })) },
      ],
    });
    const two = valid(parseMdl(writeMdl(file)));
    expect(two.animations.map((a) => a.name)).toEqual(['bend', 'stretch']);
    const [bend, stretch] = two.animations;
    expect(bend.duration).toBeCloseTo(61 / 60, 9);
    expect(bend.channels.map((c) => c.path)).toEqual(['rotation']);
    expect(bend.extras!.keyframeFlags).toEqual({ top: 2 });
    expect(stretch.duration).toBeCloseTo(3 / 60 / 2, 9);
    expect(stretch.channels.map((c) => `${two.nodes[c.node].name}.${c.path}`)).toEqual(['base.translation', 'base.scale', 'top.rotation', 'top.scale']);
    expect(stretch.extras!.keyframeFlags).toEqual({ base: 5, top: 6 });
    // Translation keys have z mirrored; key times are evenly spaced at 1/60/speed.
    expect(Array.from(stretch.channels[0].values)).toEqual([0, 0, 0, 0, 0, -1, 0, 0, -2]);
    expect(Array.from(stretch.channels[0].times)).toEqual([0, 1 / 120, 2 / 120].map(Math.fround));
    expect(Array.from(stretch.channels[1].values)).toEqual([1, 1, 1, 1, 2, 1, 1, 3, 1]);
  });

  it('two morphs: absolute positions become converted deltas (or deltas with morphTargets: delta)', () => {
    const base = tri('m');
    const morph = (dy: number) => base.vertices.map((v) => ({ position: [v.position[0], v.position[1] + dy, v.position[2] + 1] as V3, normal: [0, 1, 0] as V3 }));
    const bytes = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [{ ...base, morphs: [morph(1), morph(2)] }] }] } });
    const raw = readMdl(bytes).root.lods[0].meshes[0];
    expect(raw.morphs).toHaveLength(2);
    expect(Array.from(raw.morphs[1].position.subarray(0, 3))).toEqual([0, 2, 1]);
    const scene = valid(parseMdl(bytes));
    const mesh = scene.meshes[0];
    expect(mesh.weights).toEqual([0, 0]);
    const [t0, t1] = mesh.primitives[0].targets!;
    expect(Array.from(t0.POSITION!.subarray(0, 3))).toEqual([0, 1, -1]);
    expect(Array.from(t1.POSITION!.subarray(0, 3))).toEqual([0, 2, -1]);
    expect(mesh.extras!.morphSemantics).toMatch(/absolute/);
    const delta = valid(parseMdl(bytes, { morphTargets: 'delta' }));
    expect(Array.from(delta.meshes[0].primitives[0].targets![1].POSITION!.subarray(0, 3))).toEqual([0, 2, -1]);
    expect(Array.from(delta.meshes[0].primitives[0].targets![1].POSITION!.subarray(3, 6))).toEqual([1, 2, -1]);
  });

  it('PRIM flags and PICK data are kept', () => {
    const bytes = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('p', { primitiveFlags: [5], pick: [1, 2, 3, 4, 5] })] }] } });
    const raw = readMdl(bytes).root.lods[0].meshes[0];
    expect(Array.from(raw.primitiveFlags)).toEqual([5]);
    expect(Array.from(raw.pick)).toEqual([1, 2, 3, 4, 5]);
    const p = valid(parseMdl(bytes)).meshes[0].primitives[0];
    expect(Array.from(p.extras!.primitiveFlags as Uint8Array)).toEqual([5]);
    expect(Array.from(p.extras!.pick as Uint8Array)).toEqual([1, 2, 3, 4, 5]);
    // A PRIM count that is neither 0 nor one per primitive is an error.
    const bad = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('p', { primitiveFlags: [7, 7] })] }] } });
    expect(errorOf(() => parseMdl(bad)).message).toMatch(/0 or 1 primitive flags/);
  });

  it('COLL parts: box, sphere, capsule and polygons; an undocumented payload is kept raw', () => {
    const bytes = writeMdl({
      variant: 'g3d',
      root: {
        lods: [{ meshes: [tri()] }],
        parts: [
          { shape: 0, offset: [1, 2, 3], rotation: [0.5, 0.5, 0.5, 0.5], size: [2, 4, 6] },
          { shape: 2, size: [3, 3, 3] },
          { shape: 4, size: [1, 3, 1] },
          { shape: 7, mesh: { flag: 0, polygons: [[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]] } },
        ],
      },
    });
    const raw = readMdl(bytes).root.collision;
    expect(raw.parts.map((p) => p.shapeId)).toEqual([0, 2, 4, 7]);
    const scene = valid(parseMdl(bytes));
    const [box, sphere, capsule, poly] = scene.colliders;
    expect(box.shape).toEqual({ type: 'box', size: [2, 4, 6] });
    expect(box.translation).toEqual([1, 2, -3]);
    expect(box.rotation).toEqual([-0.5, -0.5, 0.5, 0.5]);
    expect(sphere.shape).toEqual({ type: 'sphere', radius: 1.5 });
    expect(capsule.shape).toEqual({ type: 'capsule', radius: 0.5, height: 2 });
    expect(poly.shape.type).toBe('trimesh');
    if (poly.shape.type === 'trimesh') {
      expect(Array.from(poly.shape.indices)).toEqual([0, 2, 1, 0, 3, 2]);
      expect(poly.shape.positions.length).toBe(12);
    }
    const odd = writeMdl({ variant: 'g3d', root: { parts: [{ shape: 9, raw: [1, 2, 3, 4] }] } });
    const oddScene = valid(parseMdl(odd));
    expect(oddScene.colliders).toEqual([]);
    expect(oddScene.warnings.map((w) => w.code)).toEqual(['MDL_COLLIDER_UNVERIFIED']);
    expect((oddScene.nodes[0].extras!.colliderData as Uint8Array).length).toBe(16);
  });

  it('a child node attached to a bone hangs under that joint', () => {
    const file = sampleModel();
    file.root.children = [{ name: 'hat', attachBone: 1, position: [0, 0.5, 1], lods: [{ meshes: [tri('hat')] }] }];
    const scene = valid(parseMdl(writeMdl(file)));
    const hat = scene.nodes.findIndex((n) => n.name === 'hat');
    expect(scene.nodes[scene.nodes[hat].parent].name).toBe('top');
    expect(scene.nodes[hat].extras!.attachBone).toBe(1);
    expect(scene.nodes[hat].translation).toEqual([0, 0.5, -1]);
    expect(readMdl(writeMdl(file)).root.children[0].attachBone).toBe(1);
  });

  it('KIDS has no count: children are read while the next tag is NODE (nested siblings are ambiguous)', () => {
    const nested = parseMdl(writeMdl({ variant: 'g3d', root: { name: 'root', children: [{ name: 'a', children: [{ name: 'a1' }] }] } }));
    expect(valid(nested).nodes.map((n) => `${n.name}<${n.parent}`)).toEqual(['root<-1', 'a<0', 'a1<1']);
    // Written as root → [a, b], read back as root → a → b: the documented layout cannot tell them apart.
    const siblings = parseMdl(writeMdl({ variant: 'g3d', root: { name: 'root', children: [{ name: 'a' }, { name: 'b' }] } }));
    expect(valid(siblings).nodes.map((n) => `${n.name}<${n.parent}`)).toEqual(['root<-1', 'a<0', 'b<1']);
  });

  it('G3D KIDS with a child count (as the real format writes it) is read as a count, with or without children', () => {
    const tree = { name: 'root', children: [{ name: 'a', children: [{ name: 'a1' }] }, { name: 'b' }] };
    const counted = writeMdl({ variant: 'g3d', g3dChildCount: true, root: tree });
    const scene = valid(parseMdl(counted));
    expect(scene.nodes.map((n) => `${n.name}<${n.parent}`)).toEqual(['root<-1', 'a<0', 'a1<1', 'b<0']);
    expect(scene.warnings).toEqual([]);
    expect(readMdl(counted).trailingBytes).toBe(0);
    // A count of 0 at the end of the file is a count, not 4 trailing bytes.
    const leaf = valid(parseMdl(writeMdl({ variant: 'g3d', g3dChildCount: true, root: { name: 'only' } })));
    expect([leaf.nodes.length, leaf.warnings.length]).toEqual([1, 0]);
    // The documented form is unchanged beside it: children right after KIDS.
    const bare = valid(parseMdl(writeMdl({ variant: 'g3d', root: { name: 'root', children: [{ name: 'a' }] } })));
    expect(bare.nodes.map((n) => `${n.name}<${n.parent}`)).toEqual(['root<-1', 'a<0']);
  });

  it('G3D KIDS followed by neither NODE nor a count its bytes can hold: no children, the rest is trailing', () => {
    const bytes = writeMdl({ variant: 'g3d', root: { name: 'root' } });
    const withJunk = (value: number, extra: number[] = []) => {
      const out = new Uint8Array(bytes.length + 4 + extra.length);
      out.set(bytes);
      new DataView(out.buffer).setInt32(bytes.length, value, true);
      out.set(extra, bytes.length + 4);
      return out;
    };
    // Two children claimed with only 4 bytes after the count, or -1: not counts.
    for (const junk of [withJunk(2, [1, 2, 3, 4]), withJunk(-1)]) {
      const scene = valid(parseMdl(junk));
      expect(scene.nodes).toHaveLength(1);
      expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_TRAILING_BYTES']);
    }
  });

  it('empty strings everywhere', () => {
    const bytes = writeMdl({ variant: 'g3d', root: { name: '', lods: [{ meshes: [tri('', { material: '' })] }], bones: [{ name: '' }] } });
    const raw = readMdl(bytes);
    expect(raw.root.name).toBe('');
    expect(raw.root.engineProperties).toBe('');
    expect(raw.root.bones[0].name).toBe('');
    expect(raw.root.lods[0].meshes[0].materialPath).toBe('');
    const scene = valid(parseMdl(bytes));
    expect(scene.materials).toEqual([]);
    expect(scene.meshes[0].primitives[0].material).toBeUndefined();
  });

  it('engine and user properties: JSON parsed when valid, raw text always kept', () => {
    const bytes = writeMdl({ variant: 'g3d', root: { engine: '{"mass": 2}', user: '{not json' } });
    const scene = valid(parseMdl(bytes));
    expect(scene.nodes[0].extras).toMatchObject({ engineProperties: '{"mass": 2}', engine: { mass: 2 }, userProperties: '{not json' });
    expect(scene.nodes[0].extras!.user).toBeUndefined();
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_BAD_JSON']);
  });
});

describe('"Ultra Model" v300–302 corners (written by the tests)', () => {
  it('v301 node floats, 96-byte records whatever the stride field says, RGBA8 colour', () => {
    const vertex = (x: number): WVertex => ({ position: [x, 0, 0], color: [255, 0, 0, 128], displacement: 0.25 });
    const mesh = tri('c', { strideField: 1234, vertices: [vertex(0), vertex(1), vertex(2)], indices: [0, 1, 2] });
    mesh.vertices[2].position = [0, 1, 0];
    const bytes = writeMdl({ variant: 'ultra', version: 301, root: { name: 'n', unknownFloats: [1, 2, 3], lods: [{ meshes: [mesh] }] } });
    const raw = readMdl(bytes);
    expect(raw.root.unknownNodeFloats).toEqual([1, 2, 3]);
    expect(raw.root.lods[0].meshes[0].strideField).toBe(1234);
    expect(raw.root.lods[0].meshes[0].vertexStride).toBe(96);
    const p = valid(parseMdl(bytes)).meshes[0].primitives[0];
    expect(Array.from(p.attributes.COLOR_0!.subarray(0, 4))).toEqual([1, 0, 0, 128 / 255].map(Math.fround));
    expect(p.extras!.displacement).toBe(0.25);
    expect(readMdl(writeMdl({ variant: 'ultra', version: 300, root: {} })).root.unknownNodeFloats).toBeUndefined();
  });

  it('quads (polyVerts 4) are fanned into triangles; lines stay lines', () => {
    const quad = {
      polyVerts: 4, vertices: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]].map((p) => ({ position: p as V3 })),
      indices: [0, 1, 2, 3], primitiveFlags: [3],
    };
    const scene = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [quad] }] } })));
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 2, 1, 0, 3, 2]);
    expect(scene.meshes[0].primitives[0].extras!.polyVerts).toBe(4);
    const lines = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [{ ...quad, polyVerts: 2, primitiveFlags: [] }] }] } })));
    expect(lines.meshes[0].primitives[0].mode).toBe('LINES');
    expect(Array.from(lines.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2, 3]);
  });

  it('PHYS: BOX_, CYLI, MESH; an unknown shape tag is skipped by size with a warning', () => {
    const bytes = writeMdl({
      variant: 'ultra',
      root: {
        lods: [{ meshes: [tri()] }],
        parts: [
          { shape: 'CYLI', offset: [0, 1, 2], rotation: [-0.7069, 0, 0, 0.7073], size: [0.5, 2, 0.5] },
          { shape: 'MESH', mesh: { flag: 1, polygons: [[[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]]] } },
          { shape: 'CONE', raw: [1, 2, 3, 4, 5, 6, 7, 8] },
        ],
      },
    });
    const warnings: string[] = [];
    const scene = valid(parseMdl(bytes, { onWarning: (w) => warnings.push(w.message) }));
    expect(warnings).toEqual(['unknown collider shape CONE; the rest of PHYS (8 bytes) was skipped']);
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_UNKNOWN_COLLIDER_SHAPE']);
    const [cyl, mesh] = scene.colliders;
    expect(cyl.shape).toEqual({ type: 'cylinder', radius: 0.25, height: 2 });
    expect(cyl.translation).toEqual([0, 1, -2]);
    cyl.rotation!.forEach((v, c) => expect(v).toBeCloseTo([0.7069, 0, 0, 0.7073][c] / Math.hypot(0.7069, 0.7073), 6));
    expect(mesh.extras).toMatchObject({ shapeTag: 'MESH', flag: 1, polygonSizes: [3, 4] });
    expect(Array.from((mesh.shape as { indices: Uint32Array }).indices)).toEqual([0, 2, 1, 3, 5, 4, 3, 6, 5]);
    expect(readMdl(bytes).root.collision.raw!.length).toBe(8);
  });

  it('KIDS with a child count', () => {
    const bytes = writeMdl({ variant: 'ultra', version: 302, root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }, { name: 'd' }] } });
    const scene = valid(parseMdl(bytes));
    expect(scene.nodes.map((n) => `${n.name}<${n.parent}`)).toEqual(['a<-1', 'b<0', 'c<1', 'd<0']);
  });

  it('bones and animations in an Ultra file are read the documented way when the tags line up', () => {
    const file = sampleModel();
    const bytes = writeMdl({ ...file, variant: 'ultra', version: 302 });
    const scene = valid(parseMdl(bytes));
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(['base', 'top']);
    expect(scene.animations[0].name).toBe('bend');
  });

  it('misaligned bones or animations fail with "layout unverified"', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { bones: [{ name: 'b' }] } });
    // Break the BONE child count so the documented reading does not end at ATCH.
    const at = bytes.length - 4 * 8 - 4; // the bone's child count, before ATCH ASET PHYS KIDS
    const broken = bytes.slice();
    new DataView(broken.buffer).setInt32(at, 1, true);
    const e = errorOf(() => parseMdl(broken));
    expect(e.message).toMatch(/^Ultra MDL with bones\/animations: layout unverified/);
    expect(e.code).toBe('UNSUPPORTED');
  });

  it('a tag that does not line up names both tags and the offset', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri()] }] } });
    const s = new TextDecoder().decode(bytes);
    const pick = s.lastIndexOf('PICK');
    expect(pick).toBeGreaterThan(0);
    const broken = bytes.slice();
    broken.set([0x58, 0x58, 0x58, 0x58], pick);
    expect(errorOf(() => parseMdl(broken)).message).toBe(`mdl: expected 'PICK' at offset ${pick}, found 'XXXX'`);
  });

  it('weights in bytes 60–95 are used only with a skeleton, and marked unverified', () => {
    const v = (x: number, y: number): WVertex => ({ position: [x, y, 0], bones: [0, 0, 0, 0], weights: [255, 0, 0, 0] });
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('w', { vertices: [v(0, 0), v(1, 0), v(0, 1)] })] }], bones: [{ name: 'root' }] } });
    const scene = valid(parseMdl(bytes));
    const p = scene.meshes[0].primitives[0];
    expect(p.attributes.JOINTS_0).toBeDefined();
    expect(p.extras!.unverified).toMatch(/bytes 60–95/);
    const noSkeleton = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('w', { vertices: [v(0, 0), v(1, 0), v(0, 1)] })] }] } })));
    expect(noSkeleton.meshes[0].primitives[0].attributes.JOINTS_0).toBeUndefined();
    expect(noSkeleton.warnings.map((w) => w.code)).toEqual(['MDL_WEIGHTS_WITHOUT_SKELETON']);
  });
});

describe('detection and header errors', () => {
  const head = (text: string, ...ints: number[]) => {
    const b = new Uint8Array(64);
    b.set(Array.from(text, (c) => c.charCodeAt(0)));
    ints.forEach((v, k) => new DataView(b.buffer).setInt32(text.length + k * 4, v, true));
    return b;
  };
  it.each([
    [head('IDPO', 6), /Quake 1 MDL \(IDPO v6\)/],
    [head('IDST', 10), /Half-Life 1 MDL \(IDST v10\)/],
    [head('IDSQ', 10), /Half-Life 1 sequence group file/],
    [head('IDST', 49), /Source engine MDL \(IDST v49\)/],
    [head('', 1, 1, 4, 1), /Leadwerks 3\/4 MDL \(chunk format, version 1\)/],
    [head('version https://git-lfs.github.com/spec/v1\n'), /Git LFS pointer/],
    [head('MDL7'), /3D GameStudio/],
    [head('UMD2'), /Urho3D/],
    [head('// text model\n'), /text MDL/],
    [head('', 0, 12, 34), /Neverwinter Nights \/ KotOR binary MDL/],
    [new Uint8Array(0), /an empty file/],
    [head('JUNK'), /expected an Ultra Engine MDL file/],
  ])('%#: names the format', (bytes, message) => {
    expect(mdlFormat.test(bytes)).toBe(false);
    expect(errorOf(() => parseMdl(bytes)).message).toMatch(message);
  });

  it('unsupported versions', () => {
    const e = errorOf(() => parseMdl(writeMdl({ variant: 'ultra', version: 303, root: {} })));
    expect(e.message).toBe('unsupported Ultra MDL version 303 (this reader knows 300–302)');
    expect(e.code).toBe('BAD_VERSION');
    expect(mdlFormat.test(writeMdl({ variant: 'ultra', version: 303, root: {} }))).toBe(true);
    expect(mdlFormat.test(writeMdl({ variant: 'g3d', version: 101, root: {} }))).toBe(false);
    expect(errorOf(() => parseMdl(writeMdl({ variant: 'g3d', version: 101, root: {} }))).message).toMatch(/unsupported G3D MDL version 101/);
  });

  it('trailing bytes after the root node are reported', () => {
    const bytes = writeMdl({ variant: 'ultra', root: {} });
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    expect(valid(parseMdl(longer)).warnings.map((w) => w.code)).toEqual(['MDL_TRAILING_BYTES']);
  });
});

describe('materials through the resolver', () => {
  const mat = JSON.stringify({ material: { color: [1, 0.5, 0.25, 1], metallic: 1, roughness: 0.5, texture0: './tex/base.dds', texture1: 'Materials/normal.dds', texture3: './extra.dds' } });
  const file = (path: string) => writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('m', { material: path })] }] } });

  it('an alpha cut-off that is not a finite number ≥ 0 falls back to 0.5 with a warning (fuzz: "alphacutoff": 1e999)', () => {
    for (const [text, expected] of [['1e999', 0.5], ['-1', 0.5], ['0.25', 0.25]] as const) {
      const json = `{"material": {"alphamask": true, "alphacutoff": ${text}}}`;
      const scene = valid(parseMdl(file('./a.mat'), { resolve: (n) => (n.endsWith('.mat') ? new TextEncoder().encode(json) : undefined) }));
      expect(scene.materials[0].alphaMode).toBe('MASK');
      expect(scene.materials[0].alphaCutoff).toBe(expected);
      expect(scene.warnings.some((w) => w.code === 'MDL_MATERIAL_VALUE')).toBe(expected !== 0.25);
    }
  });

  it('./ is relative to the model, anything else to the base folder', async () => {
    const asked: string[] = [];
    const resolve = (name: string) => {
      asked.push(name);
      return name.endsWith('.mat') ? new TextEncoder().encode(mat) : undefined;
    };
    const scene = valid(await parse(file('./mats/wood.mat'), { resolve: async (n) => resolve(n), baseFolder: '../..' }));
    expect(asked).toEqual(['mats/wood.mat']);
    const m = scene.materials[0];
    expect(m.name).toBe('wood');
    expect(m.extras).toMatchObject({ materialPath: './mats/wood.mat', materialFile: 'mats/wood.mat' });
    expect(m.baseColorFactor).toEqual([1, 0.5, 0.25, 1]);
    expect(m.roughnessFactor).toBe(0.5);
    expect(scene.textures.map((t) => t.uri)).toEqual(['mats/tex/base.dds', '../../Materials/normal.dds', 'mats/extra.dds']);
    expect(m.otherTextures!.texture3.texture).toBe(2);
    const base = valid(parseMdl(file('Materials/wood.mat'), { resolve }));
    expect(base.materials[0].extras!.materialFile).toBe('Materials/wood.mat');
    expect(base.textures[0].uri).toBe('Materials/tex/base.dds');
  });

  it('stored paths cannot climb out of where they start; absolute ones go by base name; no warning quotes a companion', () => {
    const secret = new TextEncoder().encode('root:x:0:0:root:/root:/bin/bash\nSECRET=hunter2\n');
    const asked: string[] = [];
    const resolve = (name: string) => {
      asked.push(name);
      return secret;
    };
    const paths = ['/etc/passwd', '/proc/self/environ', 'C:\\Windows\\win.ini', '\\\\host\\share\\a.mat', '../../../../etc/shadow', './../../up.mat', '..\\..\\Materials\\x.mat', 'Materials/../../../y.mat', './mats/./z.mat'];
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: paths.map((p, i) => tri(`m${i}`, { material: p })) }] } });
    const scene = valid(parseMdl(bytes, { resolve }));
    expect(asked).toEqual(['passwd', 'environ', 'win.ini', 'a.mat', 'etc/shadow', 'up.mat', 'Materials/x.mat', 'y.mat', 'mats/z.mat']);
    expect(scene.materials.map((m) => m.extras!.materialPath)).toEqual(paths);
    // The caller's base folder is the only way up.
    asked.length = 0;
    valid(parseMdl(bytes, { resolve, baseFolder: '../..' }));
    expect(asked).toEqual(['passwd', 'environ', 'win.ini', 'a.mat', '../../etc/shadow', 'up.mat', '../../Materials/x.mat', '../../y.mat', 'mats/z.mat']);
    // Each companion was not JSON: the warnings say so without a byte of what it holds.
    expect(scene.warnings.map((w) => w.code)).toEqual(Array(paths.length).fill('MDL_MATERIAL_JSON'));
    for (const w of scene.warnings) expect(w.message).not.toMatch(/root|hunter|SECRET|bash/);
    expect(scene.warnings[0].message).toBe(`material file 'passwd' is not JSON (${secret.length} bytes); not applied`);
  });

  it('texture paths inside a .mat are contained the same way', () => {
    const mat = JSON.stringify({ material: { texture0: '/home/user/secret.png', texture1: '../../../../etc/x.dds', texture2: './../t.dds' } });
    const scene = valid(parseMdl(file('./mats/wood.mat'), { resolve: (n) => (n.endsWith('.mat') ? new TextEncoder().encode(mat) : undefined), baseFolder: '../..' }));
    expect(scene.textures.map((t) => t.uri)).toEqual(['mats/secret.png', '../../etc/x.dds', 'mats/t.dds']);
  });

  it('bad JSON in node properties warns without quoting it', () => {
    const scene = valid(parseMdl(writeMdl({ variant: 'g3d', root: { user: '{"password": hunter2' } })));
    expect(scene.warnings.map((w) => w.message)).toEqual(["user properties of node '' are not valid JSON (20 characters); the raw text is kept"]);
  });

  it('parseMdl skips an async resolver with a warning; a missing file warns', () => {
    const scene = valid(parseMdl(file('./a.mat'), { resolve: async () => undefined }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_ASYNC_RESOLVER']);
    const missing = valid(parseMdl(file('./a.mat'), { resolve: () => undefined }));
    expect(missing.warnings.map((w) => w.code)).toEqual(['MDL_MATERIAL_NOT_FOUND']);
  });
});

describe('writeSampleMdl (the viewer sample)', () => {
  it('loads: a visible, skinned, animated mesh with a material and a collider', () => {
    const scene = valid(parseMdl(writeSampleMdl()));
    expect(scene.version).toBe(100);
    expect(scene.meshes[0].primitives[0].material).toBe(0);
    expect(scene.materials[0].extras!.materialPath).toBe('./sample.mat');
    expect(scene.skins[0].joints).toHaveLength(2);
    expect(scene.animations[0].duration).toBeCloseTo(61 / 60, 6);
    expect(scene.colliders[0].shape).toEqual({ type: 'box', size: [0.5, 2, 0.5] });
    expect(scene.nodes[0].extras!.user).toEqual({ sample: true });
    const b = computeBounds(scene);
    expect(b.min).toEqual([-0.25, 0, -0.25]);
    expect(b.max).toEqual([0.25, 2, 0.25]);
    // Mid-clip the top bends towards −x.
    const bent = computeBounds(scene, { animation: 0, time: 0.5 });
    expect(bent.min[0]).toBeLessThan(-0.9);
    // Outward-facing triangles after conversion (counter-clockwise seen from outside).
    const p = scene.meshes[0].primitives[0];
    const P = p.attributes.POSITION, I = p.indices!;
    for (let t = 0; t < I.length; t += 3) {
      const a = I[t] * 3, b2 = I[t + 1] * 3, c = I[t + 2] * 3;
      const ux = P[b2] - P[a], uz = P[b2 + 2] - P[a + 2], uy = P[b2 + 1] - P[a + 1];
      const vx = P[c] - P[a], vy = P[c + 1] - P[a + 1], vz = P[c + 2] - P[a + 2];
      const nx = uy * vz - uz * vy, nz = ux * vy - uy * vx;
      const cx = (P[a] + P[b2] + P[c]) / 3, cz = (P[a + 2] + P[b2 + 2] + P[c + 2]) / 3;
      expect(nx * cx + nz * cz).toBeGreaterThan(0);
    }
  });
});

describe('audit additions', () => {
  const m3 = (z = 0): V3[] => [[0, 0, z], [1, 0, z], [0, 1, z]];

  it('Ultra PRIM, MSET and PICK in the real order, each read back field by field', () => {
    const morph = m3(2).map((p) => ({ position: p, normal: [0, 0, 1] as V3, tangent: [0, 1, 0] as V3, bitangent: [1, 0, 0] as V3 }));
    const mesh = tri('u', { primitiveFlags: [6], pick: [9, 8, 7], morphs: [morph] });
    const bytes = writeMdl({ variant: 'ultra', version: 301, root: { lods: [{ meshes: [mesh] }] } });
    // Independent check of the order on the bytes: PRIM, then MSET, MORP, then PICK.
    const text = new TextDecoder('latin1').decode(bytes);
    const at = (t: string) => text.indexOf(t);
    expect(at('PRIM')).toBeLessThan(at('MSET'));
    expect(at('MSET')).toBeLessThan(at('MORP'));
    expect(at('MORP')).toBeLessThan(at('PICK'));
    const raw = readMdl(bytes).root.lods[0].meshes[0];
    expect(Array.from(raw.primitiveFlags)).toEqual([6]);
    expect(Array.from(raw.pick)).toEqual([9, 8, 7]);
    expect(raw.morphs).toHaveLength(1);
    expect(raw.morphs[0].offset).toBe(at('MORP'));
    expect(Array.from(raw.morphs[0].position)).toEqual([0, 0, 2, 1, 0, 2, 0, 1, 2]);
    expect(Array.from(raw.morphs[0].normal.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(Array.from(raw.morphs[0].tangent.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(Array.from(raw.morphs[0].bitangent.subarray(0, 3))).toEqual([1, 0, 0]);
    const p = valid(parseMdl(bytes)).meshes[0].primitives[0];
    // Absolute morph → delta (0, 0, 2) in the file → (0, 0, −2) after the Z mirror.
    expect(Array.from(p.targets![0].POSITION!)).toEqual([0, 0, -2, 0, 0, -2, 0, 0, -2]);
    // Normal (0,0,1) − base (0,1,0), mirrored: (0, −1, −1).
    expect(Array.from(p.targets![0].NORMAL!.subarray(0, 3))).toEqual([0, -1, -1]);
    expect(Array.from((p.extras!.morphBitangents as Float32Array[])[0].subarray(0, 3))).toEqual([1, 0, 0]);
    expect(Array.from(p.extras!.primitiveFlags as Uint8Array)).toEqual([6]);
    expect(Array.from(p.extras!.pick as Uint8Array)).toEqual([9, 8, 7]);
  });

  it('an Ultra file with the documented MSET-before-PRIM order fails at the tag with both names', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri()] }] } });
    const text = new TextDecoder('latin1').decode(bytes);
    const prim = text.indexOf('PRIM'), mset = text.indexOf('MSET');
    const swapped = bytes.slice();
    swapped.set(bytes.subarray(mset, mset + 8), prim);
    swapped.set(bytes.subarray(prim, prim + 8), mset);
    const e = errorOf(() => parseMdl(swapped));
    expect(e.message).toBe(`mdl: expected 'PRIM' at offset ${prim}, found 'MSET'`);
    expect(e.offset).toBe(prim);
    expect(e.code).toBe('BAD_TAG');
  });

  it('Ultra ATCH: a child attached to a bone hangs under that joint', () => {
    const file = sampleModel();
    file.root.children = [{ name: 'hat', attachBone: 1, lods: [{ meshes: [tri('hat')] }] }];
    const bytes = writeMdl({ ...file, variant: 'ultra', version: 302 });
    expect(readMdl(bytes).root.children[0].attachBone).toBe(1);
    expect(readMdl(bytes).root.attachBone).toBe(-1);
    const scene = valid(parseMdl(bytes));
    const hat = scene.nodes.findIndex((n) => n.name === 'hat');
    expect(scene.nodes[scene.nodes[hat].parent].name).toBe('top');
  });

  it('node colour and view distance go to extras', () => {
    const scene = valid(parseMdl(writeMdl({ variant: 'g3d', root: { color: [0.5, 0.25, 1, 0.75], lods: [{ viewDistance: 12.5, meshes: [tri()] }] } })));
    expect(scene.nodes[0].extras!.color).toEqual([0.5, 0.25, 1, 0.75]);
    expect(scene.nodes[scene.nodes[0].lods![0].node].extras!.viewDistance).toBe(12.5);
  });

  it('rotations about X keep their meaning after the Z mirror (node and animation keys)', () => {
    const s = Math.SQRT1_2;
    // File frame: +90° about X takes (0, 1, 0) to (0, 0, 1); mirrored that is (0, 0, −1).
    const node = valid(parseMdl(writeMdl({ variant: 'g3d', root: { rotation: [s, 0, 0, s], lods: [{ meshes: [tri('r', { vertices: [{ position: [0, 1, 0] }, { position: [0, 1, 0] }, { position: [0, 1, 0] }] })] }] } })));
    expect(node.nodes[0].rotation![0]).toBeCloseTo(-s, 6);
    const b = computeBounds(node);
    [0, 0, -1].forEach((v, c) => expect(b.min[c]).toBeCloseTo(v, 6));
    [0, 0, -1].forEach((v, c) => expect(b.max[c]).toBeCloseTo(v, 6));
    const w: WVertex = { position: [0, 1, 0], bones: [0, 0, 0, 0], weights: [255, 0, 0, 0] };
    const animated = valid(parseMdl(writeMdl({
      variant: 'g3d',
      root: {
        lods: [{ meshes: [tri('a', { vertices: [w, w, w] })] }],
        bones: [{ name: 'root' }],
        animations: [{ name: 'tilt', speed: 1, keyframes: 2, tracks: [{ boneId: 0, flags: 2, keys: [{ rotation: [0, 0, 0, 1] }, { rotation: [s, 0, 0, s] }] }] }],
      },
    })));
    const posed = computeBounds(animated, { animation: 'tilt', time: 1 / 60 });
    [0, 0, -1].forEach((v, c) => expect(posed.min[c]).toBeCloseTo(v, 5));
    [0, 0, -1].forEach((v, c) => expect(posed.max[c]).toBeCloseTo(v, 5));
  });

  it('unknown data stays in extras: G3D bytes past 80, partly zero tangents, weights without a skeleton', () => {
    const v = (x: number, y: number, tangent: V3): WVertex => ({ position: [x, y, 0], tangent, bones: [3, 0, 0, 0], weights: [255, 0, 0, 0] });
    const bytes = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('x', { vertices: [v(0, 0, [1, 0, 0]), v(1, 0, [0, 0, 0]), v(0, 1, [0, 0, 1])] })] }] } });
    const scene = valid(parseMdl(bytes));
    const p = scene.meshes[0].primitives[0];
    expect(Array.from(p.extras!.vertexPadding as Uint8Array)).toEqual(new Array(12).fill(0xee));
    expect(p.attributes.TANGENT).toBeUndefined();
    expect(p.extras!.zeroTangents).toBe(1);
    expect(Array.from(p.extras!.tangents as Float32Array)).toEqual([1, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 1]);
    expect(Array.from(p.extras!.boneIds as Uint16Array)).toEqual([3, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0]);
    expect(Array.from(p.extras!.boneWeights as Uint8Array)).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]);
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_WEIGHTS_WITHOUT_SKELETON']);
  });

  it('warnings for suspicious but readable content', () => {
    const codes = (file: WFile) => valid(parseMdl(writeMdl(file))).warnings.map((w) => w.code);
    const rig = sampleModel();
    rig.root.animations = [
      { name: 'slow', speed: 0, keyframes: 1, tracks: [{ boneId: 7, flags: 2, keys: [{ rotation: [0, 0, 0, 1] }] }] },
      { name: 'flags', speed: 1, keyframes: 1, tracks: [{ boneId: 0, flags: 8 | 1, keys: [{ position: [0, 0, 0] }] }] },
    ];
    expect(codes(rig)).toEqual(['MDL_UNKNOWN_KEY_FLAGS', 'MDL_BAD_SPEED', 'MDL_BAD_TRACK_BONE']);
    const slow = valid(parseMdl(writeMdl(rig))).animations[0];
    expect(slow.duration).toBeCloseTo(1 / 60, 9); // speed 1 used instead of 0
    // A denormal speed (found by the long fuzz run) made key 3 of 4 Infinity.
    const denormal = sampleModel();
    denormal.root.animations = [{ name: 'tiny', speed: 1e-40, keyframes: 4, tracks: [{ boneId: 0, flags: 2, keys: new Array(4).fill({ rotation: [0, 0, 0, 1] }) }] }];
    const tiny = valid(parseMdl(writeMdl(denormal)));
    expect(tiny.warnings.map((w) => w.code)).toEqual(['MDL_BAD_SPEED']);
    expect(Array.from(tiny.animations[0].channels[0].times)).toEqual([0, 1, 2, 3].map((k) => Math.fround(k / 60)));
    expect(codes({ variant: 'g3d', root: { animations: [{ name: 'a', speed: 1, keyframes: 0, tracks: [] }] } })).toEqual(['MDL_ANIMATION_WITHOUT_BONES']);
    expect(codes({ variant: 'g3d', root: { children: [{ name: 'k', attachBone: 4 }] } })).toEqual(['MDL_BAD_ATTACH_BONE']);
    expect(codes({ variant: 'g3d', root: { rotation: [0, 0, 0, 2] } })).toEqual(['MDL_ROTATION_NOT_UNIT']);
    const bent = valid(parseMdl(writeMdl({ variant: 'g3d', root: { bones: [{ name: 'b', rotation: [0, 0, 0, 3] }] } })));
    expect(bent.warnings.map((w) => w.code)).toEqual(['MDL_ROTATION_NOT_UNIT']);
    expect(bent.nodes[1].rotation).toEqual([0, 0, 0, 1]);
    expect(bent.nodes[1].extras!.storedRotation).toEqual([0, 0, 0, 3]);
    expect(codes({ variant: 'g3d', root: { bones: [{ name: 'a' }, { name: 'b' }] } })).toEqual(['MDL_SEVERAL_ROOT_BONES']);
    expect(codes({ variant: 'ultra', root: { children: [{ name: 'k', bones: [{ name: 'b' }] }] } })).toEqual(['MDL_BONES_IN_CHILD']);
    expect(codes({ variant: 'ultra', root: { parts: [{ shape: 'BOX_', raw: new Array(44).fill(0) }] } })).toEqual(['MDL_COLLIDER_TAIL']);
    const nan = valid(parseMdl(writeMdl({ variant: 'ultra', root: { position: [NaN, 0, 0], lods: [{ meshes: [tri('n', { vertices: [{ position: [Infinity, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }] })] }] } })));
    expect(nan.warnings.map((w) => w.code)).toEqual(['MDL_NOT_FINITE']);
    expect(nan.nodes[0].translation).toEqual([0, 0, 0]);
    expect(nan.meshes[0].primitives[0].attributes.POSITION[0]).toBe(0);
  });
});

describe('audit additions: counts', () => {
  it('many empty meshes at the end of a file are valid (the minimum mesh size is exact)', () => {
    const empty: WMesh = { name: '', vertices: [], indices: [] };
    // Smallest meshes: G3D 52 bytes, Ultra 56; 3 (G3D) or 11 (Ultra) of them used to be refused.
    for (const [variant, count] of [['g3d', 3], ['ultra', 11]] as const) {
      const raw = readMdl(writeMdl({ variant, root: { lods: [{ meshes: new Array(count).fill(empty) }] } }));
      expect(raw.root.lods[0].meshes).toHaveLength(count);
      expect(raw.root.lods[0].meshes.every((m) => m.vertexCount === 0 && m.indices.length === 0)).toBe(true);
      expect(valid(parseMdl(writeMdl({ variant, root: { lods: [{ meshes: new Array(count).fill(empty) }] } }))).meshes[0].primitives).toHaveLength(count);
    }
  });

  it('a count too large for the file fails at the offset of the count field, before allocating', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [{ vertices: [{ position: [0, 0, 0] }], indices: [] }] }] } });
    // magic 12 + version 4, NODE 4 + 3 empty strings 12 + 14 floats 56 + LOD count 4,
    // LOD_ 4 + distance 4 + mesh count 4, MESH 4 + polyVerts 4 + 2 empty strings 8 + stride 4.
    const at = 16 + 4 + 12 + 56 + 4 + 12 + 4 + 4 + 8 + 4;
    expect(new DataView(bytes.buffer).getInt32(at, true)).toBe(1);
    const broken = bytes.slice();
    new DataView(broken.buffer).setInt32(at, 0x7fffffff, true);
    const e = errorOf(() => parseMdl(broken));
    expect(e.offset).toBe(at);
    expect(e.code).toBe('BAD_COUNT');
    expect(e.message).toBe(`mdl: expected 2147483647 vertices (206158430112 bytes) at offset ${at}, found ${bytes.length - at - 4} bytes left`);
    new DataView(broken.buffer).setInt32(at, -1, true);
    expect(errorOf(() => parseMdl(broken)).message).toBe(`mdl: expected a count of vertices at offset ${at}, found -1`);
  });
});

describe('audit additions: tangent handedness without a stored bitangent', () => {
  it('w comes from the UVs: +1 for a plain layout, −1 for mirrored V (worked by hand)', () => {
    // File frame: triangle (0,0,0) (1,0,0) (0,1,0), normal (0,0,1), tangent (1,0,0) = dP/du.
    // glTF frame: N' = (0,0,−1), T' = (1,0,0), N'×T' = (0,−1,0). With v growing along +y the
    // normal map's "up" (−v) is −y, so w = +1; with v growing along −y it is +y, so w = −1.
    const mesh = (v: number): WMesh => ({
      vertices: ([[0, 0, 0], [1, 0, 0], [0, 1, 0]] as V3[]).map((position, k) => ({ position, normal: [0, 0, 1] as V3, tangent: [1, 0, 0] as V3, uv0: [k === 1 ? 1 : 0, k === 2 ? v : 0] as [number, number] })),
      indices: [0, 1, 2],
    });
    for (const [v, w] of [[1, 1], [-1, -1]]) {
      const p = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [mesh(v)] }] } }))).meshes[0].primitives[0];
      expect(Array.from(p.attributes.TANGENT!)).toEqual([1, 0, 0, w, 1, 0, 0, w, 1, 0, 0, w]);
      expect(p.extras!.tangentHandedness).toBe('texcoord gradient');
    }
  });
});

describe('Ultra vertex records whose zero ranges are not copied (speed path)', () => {
  // The reader skips copying texcoord1 (bytes 32–39) and the tail (60–95) when every record has
  // them zero. A single non-zero value in the last record must switch each back on.
  const vertices = (last: Partial<WVertex>): WVertex[] => [
    { position: [0, 0, 0], uv0: [0, 0], tangent: [1, 0, 0] },
    { position: [1, 0, 0], uv0: [1, 0], tangent: [1, 0, 0] },
    { position: [0, 1, 0], uv0: [0, 1], tangent: [1, 0, 0], ...last },
  ];
  const read = (last: Partial<WVertex>) =>
    readMdl(writeMdl({ variant: 'ultra', version: 300, root: { lods: [{ meshes: [tri('t', { vertices: vertices(last) })] }] } })).root.lods[0].meshes[0];

  it('all zero: zero arrays of the right lengths, tail unused, and the scene has no TEXCOORD_1', () => {
    const m = read({});
    expect(m.vertices.tailUsed).toBe(false);
    expect(Array.from(m.vertices.texcoord1)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(m.vertices.bitangent.length).toBe(9);
    expect(m.vertices.boneIds.length).toBe(12);
    expect(m.vertices.boneWeights.length).toBe(12);
    expect(m.vertices.unknown!.length).toBe(9);
    expect(Array.from(m.vertices.position)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const scene = valid(parseMdl(writeMdl({ variant: 'ultra', version: 300, root: { lods: [{ meshes: [tri('t', { vertices: vertices({}) })] }] } })));
    expect(scene.meshes[0].primitives[0].attributes.TEXCOORD_1).toBeUndefined();
  });

  it('texcoord1 set on the last vertex only is read', () => {
    const m = read({ uv1: [0.5, 0.25] });
    expect(m.vertices.tailUsed).toBe(false);
    expect(Array.from(m.vertices.texcoord1)).toEqual([0, 0, 0, 0, 0.5, 0.25]);
  });

  it('one tail byte on the last vertex (a bone weight) turns the tail on and is read', () => {
    const m = read({ bones: [0, 0, 0, 7], weights: [0, 0, 0, 9] });
    expect(m.vertices.tailUsed).toBe(true);
    expect(Array.from(m.vertices.boneIds)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
    expect(Array.from(m.vertices.boneWeights)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]);
  });

  it('a −0 bitangent (only the sign byte set) also counts as a used tail', () => {
    const m = read({ bitangent: [0, 0, -0] });
    expect(m.vertices.tailUsed).toBe(true);
    expect(Object.is(m.vertices.bitangent[8], -0)).toBe(true);
  });
});

describe('non-finite vertex values (arrays checked while built are skipped by the final scan)', () => {
  it('a NaN normal and an infinite texcoord are replaced and counted; finite meshes beside them are untouched', () => {
    const bad = tri('bad', {
      vertices: [
        { position: [0, 0, 0], normal: [NaN, 0, 1] },
        { position: [1, 0, 0], uv0: [Infinity, 0.5] },
        { position: [0, 1, 0] },
      ],
    });
    const scene = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri('good'), bad] }] } })));
    const [good, fixed] = scene.meshes[0].primitives.map((p) => p.attributes);
    expect(scene.warnings.map((w) => [w.code, w.message])).toEqual([['MDL_NOT_FINITE', '2 non-finite values (NaN or infinity) were replaced']]);
    expect(Array.from(fixed.NORMAL!.subarray(0, 3))).toEqual([0, 0, -1]); // z mirrored, NaN → 0
    expect(Array.from(fixed.TEXCOORD_0!.subarray(2, 4))).toEqual([0, 0.5]);
    expect(Array.from(good.POSITION)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });
});

describe('the scene builder only reads the file', () => {
  it('buildMdlScene leaves every array of the file as read: vertices, morphs, bitangents, keys, colliders, non-finite values', () => {
    const g3dVertex = (x: number, y: number): WVertex => ({ position: [x, y, 1], normal: [0, 0, 1], tangent: [1, 0, 0.25], bitangent: [0, 1, 0.5], uv1: [x, y] });
    const morph = [0, 1, 2].map((i) => ({ position: [i, i, 2] as V3, normal: [0, 1, 1] as V3, tangent: [1, 0, 1] as V3, bitangent: [0, 1, 1] as V3 }));
    const g3d = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('m', { vertices: [g3dVertex(0, 0), g3dVertex(1, 0), g3dVertex(0, 1)], morphs: [morph] })] }] } });
    const nonFinite = writeMdl({
      variant: 'ultra',
      root: { lods: [{ meshes: [tri('n', { vertices: [{ position: [0, 0, 1], normal: [NaN, 0, 1] }, { position: [1, 0, 1], uv0: [Infinity, 0.5] }, { position: [0, 1, 1] }] })] }] },
    });
    for (const bytes of [writeSampleMdl(), g3d, nonFinite]) {
      const file = readMdl(bytes);
      const before = structuredClone(file);
      buildMdlScene(file, {}, new WarningSink('mdl'));
      expect(file).toEqual(before);
    }
  });
});
