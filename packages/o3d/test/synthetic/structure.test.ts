// Synthetic O3D: LOD levels, colliders, object and bone parents, and materials.
import { describe, expect, it } from 'vitest';
import { computeWorldMatrices, hiddenLodNodes, WarningSink, math, sampleAnimation } from '@relic3d/core';
import { parseSync as parseO3d, readAni, readChr, readO3d } from '../../src/index.js';
import type { O3dCompanions } from '../../src/read/companions.js';
import { buildO3dScene } from '../../src/scene/index.js';
import { IDENTITY, quatZ, translationMatrix, writeChr, writeO3d, writeSampleO3d } from '@relic3d/fixtures/o3d';
import { tri, model, parsed, meshNodes } from './helpers.js';

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
