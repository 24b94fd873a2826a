// Issue 30 item 9: texture names are looked up once each (any case, either slash), a listing
// answers without a request, and each missing name is reported once.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, defaultMaterial, type Scene } from '@relic3d/core';
import { bmp24 } from '@relic3d/fixtures/images';
import { toThree } from '../src/index.js';

function texturedScene(uris: string[]): Scene {
  const scene = createScene('test');
  addNode(scene, { name: 'quad', mesh: 0 });
  scene.meshes.push({ name: 'quad', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, material: 0 }] });
  uris.forEach((uri, i) => {
    scene.textures.push({ uri });
    scene.materials.push({ ...defaultMaterial(`m${i}`), baseColorTexture: { texture: i } });
  });
  return scene;
}

// One texture that is there, three missing ones, one of them named twice in another case and slash.
const URIS = ['Wood.bmp', 'gone1.dds', 'Sub\\GONE1.DDS', 'sub/gone1.dds', 'gone2.tga', 'gone3.bmp'];
const MISSING = ['gone1.dds', 'Sub\\GONE1.DDS', 'gone2.tga', 'gone3.bmp'];

describe('texture lookups', () => {
  it('a resolver with a listing (lacks) is asked only for listed names; each missing name is reported once', async () => {
    const asked: string[] = [];
    const resolve = Object.assign((name: string) => (asked.push(name), name === 'Wood.bmp' ? bmp24() : undefined), {
      lacks: (name: string) => name.toLowerCase() !== 'wood.bmp',
    });
    const result = toThree(texturedScene(URIS), { resolve });
    await result.ready;
    expect(asked).toEqual(['Wood.bmp']);
    const missing = result.warnings.filter((w) => w.code === 'TEXTURE_MISSING').map((w) => /'([^']+)'/.exec(w.message)![1]);
    expect(missing).toEqual(MISSING);
    expect(result.textures[0]!.image).toBeTruthy();
  });

  it('without a listing, each distinct name is asked for once (not once per texture)', async () => {
    const asked: string[] = [];
    const resolve = (name: string) => (asked.push(name), name === 'Wood.bmp' ? bmp24() : undefined);
    const result = toThree(texturedScene(URIS), { resolve });
    await result.ready;
    expect(asked).toEqual(['Wood.bmp', 'gone1.dds', 'Sub\\GONE1.DDS', 'gone2.tga', 'gone3.bmp']);
    expect(result.warnings.filter((w) => w.code === 'TEXTURE_MISSING')).toHaveLength(MISSING.length);
  });
});
