// No bulk data as JSON (issue #25): with default options, every per-vertex and per-triangle list a
// reader keeps in extras goes into a buffer view, so no extras array in a corpus file's JSON chunk
// holds more than 64 values, and fromGltf gives each list back with its type and values.
import { describe, expect, it } from 'vitest';
import type { Scene } from '@relic3d/core';
import { fromGltf, toGlb } from '../src/index.js';
import { corpusModels, corpusResolver, corpusScene } from './corpus-scenes.js';
import { parseGlb } from './gltf-json.js';

/** The longest JSON array under any `extras` key of a glTF's JSON, with its path. */
function longestExtrasArray(json: unknown): { path: string; length: number } {
  let longest = { path: '', length: 0 };
  const stack: [unknown, string, boolean][] = [[json, '', false]];
  while (stack.length) {
    const [value, path, inExtras] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value) && inExtras && value.length > longest.length) longest = { path, length: value.length };
    for (const [key, child] of Object.entries(value)) stack.push([child, `${path}.${key}`, inExtras || key === 'extras']);
  }
  return longest;
}

/** Every typed array in a scene's extras, by path. */
function extrasTypedArrays(scene: Scene): Map<string, ArrayBufferView> {
  const found = new Map<string, ArrayBufferView>();
  const stack: [unknown, string, boolean][] = [[scene, '', false]];
  while (stack.length) {
    const [value, path, inExtras] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (ArrayBuffer.isView(value)) {
      if (inExtras) found.set(path, value);
      continue;
    }
    for (const [key, child] of Object.entries(value)) stack.push([child, `${path}.${key}`, inExtras || key === 'extras']);
  }
  return found;
}

const models = corpusModels().filter(([name]) => /^(ms3d|mdl)\//.test(name));

describe('bulk extras go to buffer views by default', () => {
  it('finds the MilkShape and MDL corpus files', () => {
    if (corpusModels().length) expect(models.length).toBeGreaterThan(40);
  });

  it.each(models)('%s', async (_name, entry) => {
    const scene = await corpusScene(entry);
    const glb = await toGlb(scene, { resolve: corpusResolver(entry) });
    const { json } = parseGlb(glb);
    const longest = longestExtrasArray(json);
    expect(longest.length, `longest extras array ${longest.path}`).toBeLessThanOrEqual(64);
    // Each typed array longer than 64 values comes back as the same typed array.
    const back = await fromGltf(glb);
    const after = extrasTypedArrays(back);
    for (const [path, array] of extrasTypedArrays(scene)) {
      if ((array as unknown as ArrayLike<number>).length <= 64) continue;
      expect(after.get(path)?.constructor.name, path).toBe(array.constructor.name);
      expect(after.get(path), path).toEqual(array);
    }
  });

  it("Woman4's vertex lists are in buffer views (1,789 vertices, as its MANIFEST says)", async () => {
    const woman = models.find(([name]) => name === 'ms3d/glscene__Woman4.ms3d');
    if (!woman) return expect(corpusModels().length).toBe(0);
    const { json } = parseGlb(await toGlb(await corpusScene(woman[1])));
    const flags = json.scenes[0].extras.vertexFlags;
    expect(flags).toMatchObject({ count: 1789, arrayType: 'Uint8Array', componentType: 5121 });
    expect(json.bufferViews[flags.bufferView].byteLength).toBe(1789);
    expect(json.scenes[0].extras.vertexExtraBoneIds).toMatchObject({ count: 3 * 1789, arrayType: 'Int8Array' });
  });
});
