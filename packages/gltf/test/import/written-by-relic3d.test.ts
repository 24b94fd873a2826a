// A scene with every feature → toGlb → fromGltf: what toGltf keeps in extras comes back in its
// fields (version, scene extras, legacy colours, other and unembedded maps by path, LOD screen
// coverage, clip durations, colliders), and a Document gives what its .glb gives.
import { beforeAll, describe, expect, it } from 'vitest';
import { validateScene, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { fromGltf, toDocument, toGlb } from '../../src/index.js';
import { packGlb } from '../../src/io/glb.js';
import { parseGlb } from '../gltf-json.js';
import { featureScene } from '../scenes.js';
import { resolve, wood } from '../synthetic/helpers.js';

let original: Scene, back: Scene;
beforeAll(async () => {
  original = featureScene();
  back = await fromGltf(await toGlb(original, { resolve }));
});
const material = (name: string) => back.materials.find((m) => m.name === name)!;
const node = (name: string) => back.nodes.findIndex((n) => n.name === name);

describe('a relic3d-written glTF comes back with what its extras keep', () => {
  it('is valid and has the same facts, version, name and scene extras', () => {
    expect(validateScene(back)).toEqual([]);
    expect(back.warnings).toEqual([]);
    expect(compareSceneFacts(sceneFacts(original), sceneFacts(back))).toEqual([]);
    expect([back.format, back.version, back.name]).toEqual(['gltf', 7, 'features']);
    expect(back.extras).toEqual({ exporter: 'unit test', big: [1, 2, 3] });
  });

  it('gives materials back their legacy colours, extras, and every map by its original path', () => {
    const textured = material('textured');
    expect(textured.legacy).toEqual(original.materials[0].legacy);
    expect(textured.extras).toEqual({ twoSided: false });
    expect(textured.emissiveStrength).toBe(4);
    const tex = (ref: { texture: number } | undefined) => back.textures[ref!.texture];
    // Embedded: the image, and the path the model wrote.
    expect(tex(textured.normalTexture)).toMatchObject({ uri: '..\\textures\\wood.png', image: { mimeType: 'image/png', data: wood }, extras: { original: 'wood' } });
    expect(textured.normalTexture).toMatchObject({ texCoord: 1, strength: 0.5 });
    expect(tex(textured.baseColorTexture)).toMatchObject({ name: 'embedded', wrapS: 'CLAMP_TO_EDGE', wrapT: 'MIRRORED_REPEAT' });
    expect(textured.baseColorTexture!.transform).toEqual({ offset: [0.5, 0], scale: [2, 2], rotation: expect.closeTo(Math.PI / 2, 6) });
    // Not embedded (missing, or an image glTF cannot carry): by path, as the legacy file had them.
    expect(tex(textured.emissiveTexture)).toEqual({ uri: 'missing.tga' });
    expect(tex(textured.occlusionTexture)).toEqual({ uri: 'old.bmp' });
    expect(textured.occlusionTexture!.strength).toBe(0.7);
    expect(Object.keys(textured.otherTextures!)).toEqual(['specular']);
    expect(tex(textured.otherTextures!.specular)).toEqual({ uri: '..\\textures\\wood.png' });
    expect(textured.otherTextures!.specular.strength).toBe(0.3);
    expect(material('unlit')).toMatchObject({ unlit: true, alphaMode: 'MASK', alphaCutoff: 0.25, doubleSided: true });
  });

  it('gives the LOD host its levels with their screen coverage', () => {
    const host = back.nodes[node('lodHost')];
    expect(host.lods!.map((l) => [back.nodes[l.node].name, l.screenCoverage])).toEqual([
      ['level0', 0.5],
      ['level1', 0.2],
      ['level2', 0.01],
    ]);
    for (const level of host.lods!) expect(back.nodes[level.node].parent).toBe(node('lodHost'));
    expect(back.nodes[node('level0')].extras).toBeUndefined();
  });

  it('gives colliders back with their node, offset and typed arrays', () => {
    expect(back.colliders).toEqual([
      { name: 'box', shape: { type: 'box', size: [1, 2, 3] }, node: node('spine'), translation: [0, 0.5, 0] },
      { name: 'hull', shape: { type: 'trimesh', positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: new Uint32Array([0, 1, 2]) } },
    ]);
  });

  it('keeps clip durations and extras (a clip moved to start at 0 keeps its length)', () => {
    expect(back.animations.map((a) => [a.name, a.duration])).toEqual(original.animations.map((a) => [a.name, a.duration]));
    expect(back.animations[3].extras).toEqual({ note: 'starts before 0' });
    expect(back.nodes[node('quad')].weights).toEqual([0.5, 0.5]);
    expect(back.meshes.find((m) => m.name === 'quad')!.primitives[0].targets!.map((t) => t.name)).toEqual(['lift', 'bend']);
  });

  it('reads the marks a relic3d file may put on nodes: bones outside a skin, the host of a one-level LOD group', async () => {
    // toGltf keeps neither today (a glTF skin needs a mesh to skin, MSFT_lod two levels); these
    // extras are how a file says them.
    const scene = featureScene();
    const { json, buffers } = parseGlb(await toGlb(scene, { resolve }));
    const named = (name: string) => json.nodes.find((n: { name: string }) => n.name === name);
    named('root').extras = { joint: true };
    named('lines').extras = { lodHost: 'nobody' };
    named('matrixNode').extras = { lodHost: 'root', lodDistances: [12] };
    const marked = await fromGltf(packGlb(json, buffers[0]));
    expect(validateScene(marked)).toEqual([]);
    const at = (name: string) => marked.nodes.findIndex((n) => n.name === name);
    expect(marked.nodes[at('root')]).toMatchObject({ joint: true });
    expect(marked.nodes[at('root')].extras).toBeUndefined();
    expect(marked.nodes[at('root')].lods).toEqual([{ node: at('matrixNode'), distance: 12 }]);
    expect(marked.nodes[at('matrixNode')].extras).toBeUndefined();
    // No parent of that name: left as it is.
    expect(marked.nodes[at('lines')].extras).toEqual({ lodHost: 'nobody' });
  });

  it('reads a Document as it reads the .glb written from it', async () => {
    const fromDocument = await fromGltf(await toDocument(original, { resolve }));
    expect(validateScene(fromDocument)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(back), sceneFacts(fromDocument))).toEqual([]);
    expect(fromDocument.extras).toEqual(back.extras);
    expect(fromDocument.materials.map((m) => m.legacy)).toEqual(back.materials.map((m) => m.legacy));
    expect(fromDocument.colliders).toEqual(back.colliders);
  });
});
