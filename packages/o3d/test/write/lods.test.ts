// LOD groups and the collision mesh: a scene's LOD levels become the O3D's three groups (shared
// nodes in each), a trimesh collider the collision mesh; what does not map is warned.
import { describe, expect, it } from 'vitest';
import { addNode } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { readO3d, writeO3d } from '../../src/index.js';
import { readBack } from './helpers.js';
import { box, meshScene } from './scenes.js';

const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

function lodScene(levels: number) {
  const scene = meshScene('lod', [[box(2)], [box(1.5)], [box(1)], [box(0.2, [0, 3, 0])]]);
  // Nodes 1..3 are the levels under the root; node 4 (shared) is in every level.
  scene.nodes[0].lods = [1, 2, 3].slice(0, levels).map((node) => ({ node }));
  if (levels < 3) {
    scene.nodes[0].children = scene.nodes[0].children.filter((c) => c !== 3);
    scene.nodes.splice(3, 1, { name: 'unused', parent: -1, children: [] });
    scene.roots.push(3);
  }
  return scene;
}

describe('LODs and collision', () => {
  it('writes three LOD levels as the three groups, shared nodes in each', async () => {
    const scene = lodScene(3);
    const result = writeO3d(scene);
    const o3d = readO3d(result.files['lod.o3d']);
    expect(o3d.lodFlag).toBe(1);
    expect(o3d.groups.map((g) => g.length)).toEqual([2, 2, 2]);
    expect(o3d.groups.map((g) => g[0].geometry.bboxMax[0])).toEqual([1, 0.75, 0.5]);
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'materials'] })).toEqual([]);
  });

  it('repeats the last of two levels and says so', () => {
    const scene = lodScene(2);
    const result = writeO3d(scene);
    expect(codes(result)).toContain('O3D_WRITE_LODS');
    expect(readO3d(result.files['lod.o3d']).groups.map((g) => g[0].geometry.bboxMax[0])).toEqual([1, 0.75, 0.75]);
  });

  it('writes a trimesh collider in model space as the collision mesh; other shapes are warned', async () => {
    const scene = meshScene('coll', [[box(1)]]);
    const shape = box(2).attributes.POSITION;
    const holder = addNode(scene, { name: 'holder', translation: [0, 1, 0] }, 0);
    scene.colliders.push(
      { shape: { type: 'trimesh', positions: shape, indices: Uint32Array.from(box(2).indices!) }, node: holder, translation: [1, 0, 0] },
      { shape: { type: 'box', size: [1, 1, 1] } },
    );
    const result = writeO3d(scene);
    expect(codes(result)).toContain('O3D_WRITE_COLLIDER');
    const collision = readO3d(result.files['coll.o3d']).collision!;
    expect([collision.bboxMin, collision.bboxMax]).toEqual([[0, 0, -1], [2, 2, 1]]);
    expect(collision.faceCount).toBe(12);
    const back = await readBack(result);
    expect(back.colliders.map((c) => c.shape.type)).toEqual(['trimesh']);
    const positions = (back.colliders[0].shape as { positions: Float32Array }).positions;
    expect(Math.min(...positions.filter((_, i) => i % 3 === 0))).toBe(0);
    expect(Math.max(...positions.filter((_, i) => i % 3 === 1))).toBe(2);
  });
});
