// G3D v100 in the documented layout: LODs, indices, vertex fields, bones, clips, morphs, PRIM/PICK, COLL, KIDS, strings, properties.
import { computeBounds, sampleAnimation } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync as parseMdl, readMdl } from '../../src/index.js';
import { sampleModel, writeMdl, writeSampleMdl, type V3, type WFile, type WVertex } from '@relic3d/fixtures/mdl';
import { valid, errorOf, tri } from './helpers.js';

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
