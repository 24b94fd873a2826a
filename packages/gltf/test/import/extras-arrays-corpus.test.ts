// Corpus models whose extras hold typed arrays (MilkShape's per-vertex and per-triangle records,
// MDL tangents kept out of the attributes) through toGlb({ extrasArrays: 'all' }) → fromGltf: each
// array comes back at its place with its type, length and values.
import { describe, expect, it } from 'vitest';
import { validateScene, type Scene } from '@relic3d/core';
import { fromGltf, toGlb } from '../../src/index.js';
import { corpusModels, corpusResolver, corpusScene } from '../corpus-scenes.js';

/** Every typed array under an `extras` key, by path (`meshes.0.primitives.1.extras.tangents`). */
function extrasArrays(scene: Scene): Map<string, ArrayBufferView> {
  const found = new Map<string, ArrayBufferView>();
  const stack: [unknown, string, boolean, number][] = [[scene, '', false, 0]];
  while (stack.length) {
    const [value, path, inExtras, depth] = stack.pop()!;
    if (!value || typeof value !== 'object' || depth > 12) continue;
    if (ArrayBuffer.isView(value)) {
      if (inExtras) found.set(path, value);
      continue;
    }
    for (const [key, child] of Object.entries(value)) stack.push([child, path ? `${path}.${key}` : key, inExtras || key === 'extras', depth + 1]);
  }
  return found;
}

const withArrays = ['ms3d/glscene__Woman4.ms3d', 'ms3d/assimp__Wuson.ms3d', 'ms3d/assimp__jeep1.ms3d', 'mdl/circuitchaos__vrteleportdestination_v300.mdl', 'mdl/circuitchaos__vrteleporttarget_v300.mdl'];
const models = corpusModels().filter(([name]) => withArrays.includes(name));

describe('typed arrays in corpus extras come back from glTF as they were', () => {
  it('finds the corpus files', () => {
    if (corpusModels().length) expect(models.map(([name]) => name).sort()).toEqual([...withArrays].sort());
  });

  it.each(models)('%s', async (name, entry) => {
    const scene = await corpusScene(entry);
    const back = await fromGltf(await toGlb(scene, { resolve: corpusResolver(entry), extrasArrays: 'all' }));
    expect(validateScene(back)).toEqual([]);
    expect(back.warnings).toEqual([]);
    const before = extrasArrays(scene);
    const after = extrasArrays(back);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [path, array] of before) {
      const got = after.get(path)!;
      expect(got.constructor.name, path).toBe(array.constructor.name);
      expect(got, path).toEqual(array);
    }
    // Facts from the corpus MANIFEST, independent of the readers.
    if (name === 'ms3d/glscene__Woman4.ms3d') {
      // 1789 vertices; 664 multi-bone vertices (vertexExtra sv3: 3 extra ids and weights each, for every vertex).
      expect(back.extras.vertexFlags).toBeInstanceOf(Uint8Array);
      expect((back.extras.vertexFlags as Uint8Array).length).toBe(1789);
      expect((back.extras.vertexExtraBoneIds as Int8Array).length).toBe(3 * 1789);
      expect(back.extras.vertexExtraBoneIds).toBeInstanceOf(Int8Array);
    }
    if (name === 'mdl/circuitchaos__vrteleportdestination_v300.mdl') {
      // 2237 vertices: their tangents (xyzw) are kept in extras, as float32.
      const tangents = back.meshes[0].primitives[0].extras!.tangents as Float32Array;
      expect(tangents).toBeInstanceOf(Float32Array);
      expect(tangents.length).toBe(4 * 2237);
    }
  });
});
