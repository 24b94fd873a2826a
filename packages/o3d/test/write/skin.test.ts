// Skins: one skeleton from the scene's joints (.chr), two influences per vertex, bone palettes of at
// most 28 per material block (a block is split when its triangles use more), posed like the source.
import { describe, expect, it } from 'vitest';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { addNode } from '@relic3d/core';
import { readChr, readO3d, writeO3d } from '../../src/index.js';
import { readBack } from './helpers.js';
import { bendClip, skinnedStrip } from './scenes.js';

const names = (scene: { nodes: { name: string }[] }, from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

describe('skins', () => {
  it('writes the skeleton as a .chr and each clip as an .ani; the scene reads back posed alike', async () => {
    const scene = skinnedStrip('strip', 6);
    scene.animations.push(bendClip('bend', names(scene, 1, 6), 1, 0.6));
    const result = writeO3d(scene);
    expect(Object.keys(result.files).sort()).toEqual(['strip.chr', 'strip.o3d', 'strip_bend.ani']);
    const chr = readChr(result.files['strip.chr']);
    expect(chr.bones.map((b) => b.name)).toEqual(['joint 0', 'joint 1', 'joint 2', 'joint 3', 'joint 4', 'joint 5']);
    expect(chr.bones.map((b) => b.parentIndex)).toEqual([-1, 0, 1, 2, 3, 4]);
    expect(chr.sendVS).toBe(1);
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'materials'] })).toEqual([]);
    expect(codes(result)).toEqual(['O3D_WRITE_NODE_NAMES', 'O3D_WRITE_MATERIAL_NAMES']);
  });

  it('names a player part\'s skeleton as the client does (mvr_female.chr), and warns that it is shared', async () => {
    const scene = skinnedStrip('Part_fTest', 3);
    scene.animations.push(bendClip('stand', [1, 2, 3], 1, 0.3));
    const result = writeO3d(scene);
    expect(Object.keys(result.files).sort()).toEqual(['Part_fTest.o3d', 'mvr_female.chr', 'mvr_female_stand.ani']);
    expect(codes(result)).toContain('O3D_WRITE_PLAYER_SKELETON');
    const back = await readBack(result, { motions: 'all' });
    expect(back.animations.map((a) => a.name)).toEqual(['stand']);
  });

  it('keeps the two largest of four influences, renormalised, w1 ≥ w2, and says so', async () => {
    const scene = skinnedStrip('four', 6, 4);
    scene.animations.push(bendClip('bend', names(scene, 1, 6), 1, 0.6));
    const result = writeO3d(scene);
    expect(codes(result)).toContain('O3D_WRITE_INFLUENCES');
    const g = readO3d(result.files['four.o3d']).groups[0][0].geometry;
    for (let v = 0; v < g.weights!.length / 2; v++) {
      const w1 = g.weights![v * 2], w2 = g.weights![v * 2 + 1];
      expect(w1 + w2).toBeCloseTo(1, 6);
      expect(w1).toBeGreaterThanOrEqual(w2);
    }
    // Moving 20% of a vertex's weight moves it a little: posed bounds within 5% of the diagonal.
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'materials'], tolerance: 0.05 })).toEqual([]);
  });

  it.each([40, 200])('splits a material block whose triangles use %i bones into blocks of at most 28', async (count) => {
    const scene = skinnedStrip('long', count);
    scene.animations.push(bendClip('bend', names(scene, 1, count), 1, 0.05));
    const result = writeO3d(scene);
    expect(codes(result)).toContain('O3D_WRITE_PALETTE_SPLIT');
    const o3d = readO3d(result.files['long.o3d']);
    const g = o3d.groups[0][0].geometry;
    expect(g.blocks.length).toBeGreaterThan(1);
    for (const block of g.blocks) {
      expect(block.useBones.length).toBeLessThanOrEqual(28);
      for (let k = block.startIndex; k < block.startIndex + block.primitiveCount * 3; k++) {
        const v = g.indices[k];
        expect(g.boneIndices![v * 2] % 3).toBe(0);
        expect(g.boneIndices![v * 2] / 3).toBeLessThan(block.useBones.length);
      }
    }
    expect(readChr(result.files['long.chr']).sendVS).toBe(0);
    const back = await readBack(result);
    // Vertices shared by two blocks are written once per block.
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'materials', 'vertices'] })).toEqual([]);
  });

  it('moves a second skin\'s vertices into the skeleton\'s bind space when it binds the joints otherwise', async () => {
    const scene = skinnedStrip('twoskins', 4);
    // The same strip, its vertices 5 units along x, bound by a skin that takes them back.
    const strip = scene.meshes[0].primitives[0];
    const shifted = strip.attributes.POSITION.map((v, i) => (i % 3 === 0 ? v + 5 : v));
    scene.meshes.push({ name: 'shifted', primitives: [{ ...strip, attributes: { ...strip.attributes, POSITION: shifted } }] });
    const ibm = scene.skins[0].inverseBindMatrices.map((v, i) => (i % 16 === 12 ? v - 5 : v));
    scene.skins.push({ name: 'shifted skin', joints: [...scene.skins[0].joints], inverseBindMatrices: ibm });
    addNode(scene, { name: 'shifted node', mesh: 1, skin: 1 }, 0);
    scene.animations.push(bendClip('bend', names(scene, 1, 4), 1, 0.6));
    const result = writeO3d(scene);
    expect(codes(result)).not.toContain('O3D_WRITE_SKIN_BIND');
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['bounds', 'posed', 'vertices', 'joints'] })).toEqual([]);
  });

  it('writes joints no skin uses as bones, with objects attached to them', async () => {
    const scene = skinnedStrip('attached', 3);
    // A rigid box on the last joint, and no skin at all.
    scene.skins = [];
    scene.nodes[4].skin = undefined;
    scene.nodes[4].parent = 3;
    scene.nodes[0].children = scene.nodes[0].children.filter((c) => c !== 4);
    scene.nodes[3].children.push(4);
    scene.meshes[0].primitives[0].attributes = { POSITION: scene.meshes[0].primitives[0].attributes.POSITION };
    scene.animations.push(bendClip('bend', [1, 2, 3], 1, 0.5));
    const result = writeO3d(scene);
    const object = readO3d(result.files['attached.o3d']).groups[0][0];
    expect([object.parentIndex, object.parentType]).toEqual([2, 2]);
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['posed', 'bounds', 'clips', 'triangles'] })).toEqual([]);
  });
});
