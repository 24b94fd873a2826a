// The synthetic seeds (every chunk of the format, built by the fixtures' test writer from the
// spec's tables): parse → write → parse keeps every chunk the writer carries, raw field by field.
import { syntheticSeeds } from '@relic3d/fixtures/lod-seeds';
import { PNG } from '@relic3d/fixtures/lod-files';
import { writeSampleLod } from '@relic3d/fixtures/lod';
import { compareSceneFacts, sceneFacts, type SceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { parseSync, readLod } from '../../src/index.js';
import { BIND_CLIP_NAME } from '../../src/write/animation.js';
import { chunkTree, codes, roundTrip } from './helpers.js';

const seed = (name: string) => syntheticSeeds().find((s) => s.name === name)!.bytes;

/** Facts without what the writer says it adds: bones for mesh nodes, the bind clip, morph clips of instanced meshes. */
function without(f: SceneFacts, extra: { joints?: string[]; clips?: string[] }): SceneFacts {
  const joints = new Set(extra.joints ?? []);
  const clips = new Set(extra.clips ?? []);
  return {
    ...f,
    joints: f.joints.filter((j) => !joints.has(j)),
    jointParents: Object.fromEntries(Object.entries(f.jointParents).filter(([j]) => !joints.has(j))),
    clips: f.clips.filter((c) => !clips.has(c.name)),
  };
}

const plain = <T>(v: T): unknown => JSON.parse(JSON.stringify(v, (_, x) => (ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x)));

describe('synthetic seeds: parse → write → parse', () => {
  it('every chunk: text, materials, embedded image, bump shader, skeleton, clips, morphs, physics, lights, colliders, screenshot', () => {
    const bytes = seed('every chunk');
    const scene = parseSync(bytes);
    const { result, file, back } = roundTrip(scene);
    // Box and its proxy copy are unskinned meshes of a skeletal file: GLScene needs bone data for every vertex.
    expect(codes(result)).toEqual(['LOD_WRITE_MORPHS', 'LOD_WRITE_NODE_BONES']);
    expect(Object.keys(result.files).sort()).toEqual(['model.lod', 'stone.png']);
    expect(result.files['stone.png']).toEqual(PNG);
    expect(compareSceneFacts(sceneFacts(scene), without(sceneFacts(back), { joints: ['Box', 'copy'], clips: ['copy/copy'] }))).toEqual([]);
    const [a, b] = [readLod(bytes), readLod(file)];
    expect(b.info).toMatchObject({ count: 1, text: 'Модель: тест' });
    expect(plain(b.screenshot)).toEqual(plain(a.screenshot));
    expect(plain(b.materialLibraries)).toEqual(plain(a.materialLibraries));
    expect(plain(b.shaderLibraries[0].shaders.map((s) => s.bump && { ...s.bump, reserve: [] }))).toEqual(plain(a.shaderLibraries[0].shaders.map((s) => s.bump && { ...s.bump, reserve: [] })));
    expect(b.textureLibraries[0].textures.map((t) => [t.materialName, t.textureName, Array.from(t.data)])).toEqual([['stone', 'stone.png', Array.from(PNG)]]);
    expect(plain(b.lightSchemes)).toEqual(plain(a.lightSchemes));
    expect(plain(b.physics)).toEqual(plain(a.physics));
    expect(plain(b.colliderSets)).toEqual(plain(a.colliderSets));
    // The stored collection comes back; the proxy copy of the morphed Box gets one of its own.
    expect(plain(b.morphCollections!.collections[0])).toEqual(plain(a.morphCollections!.collections[0]));
    expect(b.morphCollections!.collections.map((c) => c.name)).toEqual(['coll', 'copy']);
    expect(b.animations.map((x) => [x.name, x.interval, x.mode, x.frameCount])).toEqual(a.animations.map((x) => [x.name, x.interval, x.mode, x.frameCount]));
    // Proxies are written as the meshes they place (GLScene does not read PXL1); mesh indices stay.
    expect(b.meshes.slice(0, 3).map((m) => m.name)).toEqual(a.meshes.map((m) => m.name));
    expect(b.proxies).toEqual([]);
    // TXTL and SHDL sit in LOD1 beside MAL1: GLScene reads only MAL1's first child, and exactly Count children of LOD1.
    const tree = chunkTree(file);
    expect(tree.lod.children!.map((c) => c.id)).toEqual(['INF1', 'MAL1', 'TXTL', 'SHDL', 'SKL1', 'MSL1', 'ANS1', 'MAN1', 'MMD1', 'PHS1', 'LGS1', 'CLL1', 'IMG1']);
    expect(tree.lod.count).toBe(13);
    expect(tree.lod.children![1].children!.map((c) => c.id)).toEqual(['MAT1']);
  });

  it('written with another up axis than it was read with, stored lights and physics move with the scene', () => {
    const scene = parseSync(seed('every chunk'));
    const { back } = roundTrip(scene, { upAxis: 'z' }, { upAxis: 'z' });
    const placed = (s: typeof scene) => [
      s.colliders.map((c) => [c.name, c.shape, c.translation?.map((v) => +v.toFixed(5))]),
      s.nodes.filter((n) => n.light !== undefined).map((n) => [n.name, n.translation?.map((v) => +v.toFixed(5))]),
    ];
    expect(placed(back)).toEqual(placed(scene));
    expect(compareSceneFacts(sceneFacts(scene), without(sceneFacts(back), { joints: ['Box', 'copy'], clips: ['copy/copy'] }), { tolerance: 1e-5 })).toEqual([]);
  });

  it('a static mode-3 mesh: same facts, no warning; its unknown material gets a library entry', () => {
    const scene = parseSync(seed('static mode 3'));
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-6 })).toEqual([]);
    const raw = readLod(file);
    expect(raw.materialLibraries[0].materials.map((m) => m.name)).toEqual(['stone']);
    expect(raw.meshes[0].faceGroups.map((g) => [g.name, g.vertexIndices.length])).toEqual([['front', 6], ['empty', 0]]);
  });

  it('weighted skin, two UV sets with a lightmap material, morph frames: the bind clip comes first', () => {
    const scene = parseSync(seed('weights, two UV sets, morph, proxy'));
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_BIND_CLIP', 'LOD_WRITE_MORPHS']);
    expect(compareSceneFacts(sceneFacts(scene), without(sceneFacts(back), { clips: [BIND_CLIP_NAME, 'p/p'] }), { tolerance: 1e-6 })).toEqual([]);
    const w = readLod(file).meshes[0];
    expect([w.meshMode, w.texCoords.length, w.weightType, w.weights!.bonesPerVertex, w.weights!.recordSize]).toEqual([3, 2, 1, 2, 5]);
    expect(w.faceGroups[0].materialNames).toEqual(['a', 'b']);
    // Runs of records per vertex, heaviest first (ties by bone), the top bit closing each: [0 1] [0 .5, 1 .5] [1 1].
    expect(Array.from(w.weights!.boneFields)).toEqual([0x80, 0x00, 0x81, 0x81]);
    expect(Array.from(w.weights!.weights)).toEqual([1, 0.5, 0.5, 1]);
  });

  it('150 bones: weights reduced to the heaviest bone per vertex (GLScene misreads 6-byte records), byte bone ids below 255 bones', () => {
    const scene = parseSync(seed('two UV sets interleaved, 6-byte weights'));
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_BIND_CLIP', 'LOD_WRITE_NODE_BONES', 'LOD_WRITE_WEIGHTS_REDUCED']);
    expect(compareSceneFacts(sceneFacts(scene), without(sceneFacts(back), { joints: ['lm'], clips: [BIND_CLIP_NAME] }), { only: ['vertices', 'triangles', 'meshNodes', 'joints', 'jointParents', 'bounds'] })).toEqual([]);
    const raw = readLod(file);
    expect(raw.skeleton!.bones.length).toBe(151);
    const w6 = raw.meshes.find((m) => m.name === 'w6')!;
    expect([w6.weightType, w6.boneAssoc.length, w6.boneAssoc.BYTES_PER_ELEMENT]).toEqual([0, 3, 1]);
    // [[129, 1]], [[128, .5], [3, .5]] (a tie: the lower bone), [[0, .2], [1, .3], [140, .5]].
    expect(Array.from(w6.boneAssoc)).toEqual([129, 3, 140]);
  });

  it("the viewer's sample serpent: weight type 1, two looping clips, no warning, same facts", () => {
    const scene = parseSync(writeSampleLod());
    const { result, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-5 })).toEqual([]);
  });
});
