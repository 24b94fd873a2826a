// Every corpus model: legacy → toGlb → fromGltf gives the same scene facts (counts, names, joint
// hierarchy, materials, textures, clips, LODs, colliders, morphs, bind and posed bounds) and keeps
// what toGltf put in extras (scene extras, version, node / material / mesh extras, legacy colours).
import { describe, expect, it } from 'vitest';
import { validateScene, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { fromGltf } from '../../src/index.js';
import { toJSONValue } from '../../src/export/extras.js';
import { corpusConversion, corpusModels } from '../corpus-scenes.js';

const all = corpusModels();

function usedMaterials(scene: Scene) {
  const used = new Set(scene.meshes.flatMap((m) => m.primitives.map((p) => p.material)));
  return scene.materials.filter((_, i) => used.has(i));
}
/** As JSON holds it (typed arrays as arrays, -0 as 0). */
const json = (value: unknown) => JSON.parse(JSON.stringify(toJSONValue(value ?? {})));

describe('every corpus model comes back from glTF with the same facts', () => {
  it('finds the corpus', () => {
    if (all.length) expect(all.length).toBeGreaterThanOrEqual(95);
  });

  it.each(all)('%s', async (_name, entry) => {
    // One parse for the scene and the .glb when this suite converts the model first.
    const { scene, glb } = await corpusConversion(entry);
    const back: Scene = await fromGltf(glb);
    expect(validateScene(back)).toEqual([]);
    expect(back.format).toBe('gltf');
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back))).toEqual([]);
    expect(back.warnings).toEqual([]);
    // What toGltf keeps in extras comes back where it was.
    expect(back.version).toBe(scene.version);
    expect(json(back.extras)).toEqual(json(scene.extras));
    expect(back.nodes.map((n) => n.name)).toEqual(scene.nodes.map((n, i) => n.name || `node_${i}`));
    expect(back.nodes.map((n) => json(n.extras))).toEqual(scene.nodes.map((n) => json(n.extras)));
    // glTF holds the materials primitives use, in the order they are first used.
    const materials = (s: Scene) => new Map(usedMaterials(s).map((m) => [m.name, json({ legacy: m.legacy, extras: m.extras })]));
    expect(materials(back)).toEqual(materials(scene));
    expect(back.meshes.map((m) => json(m.extras))).toEqual(scene.meshes.map((m) => json(m.extras)));
    expect(back.nodes.map((n) => json(n.lods))).toEqual(scene.nodes.map((n) => json(n.lods)));
    // Joints are joints again, bones outside every skin too (cubby__Human.ms3d's skeleton without a mesh).
    expect(back.nodes.map((n) => !!n.joint)).toEqual(scene.nodes.map((n) => !!n.joint));
    expect(back.skins.map((s) => json({ ...s, inverseBindMatrices: undefined }))).toEqual(scene.skins.map((s) => json({ ...s, inverseBindMatrices: undefined })));
    expect(json(back.cameras)).toEqual(json(scene.cameras));
    expect(json(back.lights)).toEqual(json(scene.lights));
    expect(json(back.colliders)).toEqual(json(scene.colliders));
    expect(back.animations.map((a) => [a.name, json(a.extras)])).toEqual(scene.animations.map((a) => [a.name, json(a.extras)]));
    // Durations as the keys give them (float32), or exactly from extras when the clip is longer.
    back.animations.forEach((a, i) => expect(a.duration).toBeCloseTo(scene.animations[i].duration, 6));
  });
});
