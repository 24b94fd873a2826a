// Synthetic O3D: bone palettes, inverse binds from the .chr, and skins without a usable skeleton.
import { describe, expect, it } from 'vitest';
import { IDENTITY, quatZ, translationMatrix, writeAni, writeChr, type WO3d } from '@relic3d/fixtures/o3d';
import { tri, model, parsed } from './helpers.js';

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
