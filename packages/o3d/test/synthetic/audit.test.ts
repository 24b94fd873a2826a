// Synthetic O3D: every stored field reaches the raw structure or the scene.
import { describe, expect, it } from 'vitest';
import { cpuClock } from '@relic3d/test-harness';
import { readChr, readO3d } from '../../src/index.js';
import { IDENTITY, translationMatrix, writeAni, writeChr, writeO3d, type WO3d } from '@relic3d/fixtures/o3d';
import { tri, model, parsed, meshNodes } from './helpers.js';

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
    const cpuMs = cpuClock();
    const scene = parsed(o3d);
    // One baked frame costs milliseconds; one per stored frame would be minutes of CPU.
    expect(cpuMs()).toBeLessThan(5000);
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
