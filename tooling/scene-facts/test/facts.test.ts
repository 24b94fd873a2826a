import { describe, expect, it } from 'vitest';
import { addNode, createScene, defaultMaterial, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '../src/index.js';

function twoTriangles(offset = 0): Scene {
  const scene = createScene('test');
  scene.materials.push({ ...defaultMaterial(), name: 'skin', baseColorTexture: { texture: 0 } });
  scene.textures.push({ uri: 'Tex\\Skin.BMP' });
  scene.meshes.push({ name: 'm', primitives: [{ attributes: { POSITION: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1 + offset, 0, 1, 1, 0) }, indices: Uint16Array.of(0, 1, 2, 2, 1, 3), material: 0 }] });
  const root = addNode(scene, { name: 'root' });
  addNode(scene, { name: 'body', mesh: 0 }, root);
  const hip = addNode(scene, { name: 'hip', joint: true }, root);
  const knee = addNode(scene, { name: 'knee', joint: true }, hip);
  scene.skins.push({ joints: [hip, knee], inverseBindMatrices: new Float32Array(32) });
  scene.animations.push({ name: 'walk', duration: 2, channels: [{ node: 1, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 2), values: Float32Array.of(0, 0, 0, 4, 0, 0) }] });
  return scene;
}

describe('sceneFacts', () => {
  it('reads counts, names, hierarchy, textures and posed bounds', () => {
    const f = sceneFacts(twoTriangles());
    expect(f).toMatchObject({ vertices: 4, triangles: 2, meshNodes: ['body'], joints: ['hip', 'knee'], jointParents: { hip: null, knee: 'hip' }, materials: ['skin'], textures: ['skin.bmp'], clips: [{ name: 'walk', duration: 2 }] });
    expect(f.bounds).toEqual({ min: [0, 0, 0], max: [1, 1, 0] });
    expect(f.posed.walk.map((b) => b?.min[0])).toEqual([1, 2, 3]);
  });
});

describe('compareSceneFacts', () => {
  it('is empty for equal scenes and names each difference', () => {
    expect(compareSceneFacts(sceneFacts(twoTriangles()), sceneFacts(twoTriangles()))).toEqual([]);
    const diff = compareSceneFacts(sceneFacts(twoTriangles()), sceneFacts(twoTriangles(0.5)));
    expect(diff.length).toBe(4);
    expect(diff[0]).toMatch(/^bounds: /);
    expect(compareSceneFacts(sceneFacts(twoTriangles()), sceneFacts(twoTriangles(0.5)), { skip: ['bounds', 'posed'] })).toEqual([]);
    expect(compareSceneFacts(sceneFacts(twoTriangles()), sceneFacts(twoTriangles(0.0005)))).toEqual([]);
  });
});
