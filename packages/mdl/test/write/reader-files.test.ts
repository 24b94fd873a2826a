// Files the reader makes from skinned, animated MDLs (the fixtures' sample, as Ultra v302 and as
// the documented G3D layout) come back from the writer as Ultra files with the same facts and records.
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { sampleModel, writeMdl as writeFixture } from '@relic3d/fixtures/mdl';
import { describe, expect, it } from 'vitest';
import { parseSync, readMdl } from '../../src/index.js';
import { roundTrip } from './helpers.js';

describe('skinned, animated files the reader made', () => {
  it('an Ultra v302 sample is written back with the same records', () => {
    const original = writeFixture({ ...sampleModel(), variant: 'ultra', version: 302 });
    const scene = parseSync(original);
    const { bytes, back, codes } = roundTrip(scene);
    // Its collider has a G3D shape id where Ultra has a tag: the reader kept the bytes raw, unread.
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_UNKNOWN_COLLIDER_SHAPE']);
    expect(codes).toEqual(['MDL_WRITE_COLLIDER_DATA_DROPPED']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-6 })).toEqual([]);
    const a = readMdl(original).root, b = readMdl(bytes).root;
    expect(b.bones.map((x) => [x.name, x.children.map((c) => c.name)])).toEqual([['base', ['top']]]);
    expect([b.animations[0].name, b.animations[0].speed, b.animations[0].keyframeCount]).toEqual(['bend', 1, 61]);
    // Keys as stored, but for the reader's normalisation of each quaternion.
    const [ka, kb] = [a.animations[0].tracks[0].rotation!, b.animations[0].tracks[0].rotation!];
    kb.forEach((v, k) => expect(Math.abs(v - ka[k])).toBeLessThan(1e-7));
    const [ma, mb] = [a.lods[0].meshes[0], b.lods[0].meshes[0]];
    // The whole vertex records, the unverified tail (bone ids, byte weights) included.
    expect(Buffer.compare(mb.vertexData, ma.vertexData)).toBe(0);
    expect(Array.from(mb.indices)).toEqual(Array.from(ma.indices));
    expect(b.collision.parts).toEqual([]);
  });

  it('a G3D v100 sample becomes an Ultra file with the same facts', () => {
    const scene = parseSync(writeFixture(sampleModel()));
    expect(scene.extras.variant).toBe('g3d');
    const { back, file, codes } = roundTrip(scene);
    expect(codes).toEqual([]);
    expect([file.variant, file.version]).toEqual(['ultra', 302]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-6 })).toEqual([]);
    expect(file.root.userProperties).toBe('{"sample": true}');
    expect(Array.from(file.root.lods[0].meshes[0].vertices.boneWeights.subarray(16, 20))).toEqual([128, 127, 0, 0]);
  });
});
