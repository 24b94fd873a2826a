// Through glTF: every corpus model of every format, legacy → toGlb → fromGltf, gives the scene the
// legacy file gives (facts). Each writer making of it what it makes of the legacy scene itself (files
// that read back with the same facts, or the same typed refusal) is checked in that writer's suite
// (<format>.test.ts, on corpus-writes.ts: the legacy scene is written there once for both checks).
// A skinned, animated glTF made here with glTF-Transform, written in each format and read back, is
// posed as the glTF is.
import { describe, expect, it } from 'vitest';
import { Document, NodeIO } from '@gltf-transform/core';
import { writers } from '@relic3d/formats';
import { compareSceneFacts, sceneFacts, type SceneFacts } from '@relic3d/scene-facts';
import { fromGltf, isWriteError, math, type FormatWriter, type Scene } from 'relic3d';
import { corpusScene, throughModels, throughScene } from './corpus-writes.js';
import { readBack } from './written-files.js';

/** What a writer makes of a scene: the facts of the files it wrote, read back, or its refusal. */
async function outcome(writer: FormatWriter, scene: Scene): Promise<{ facts: SceneFacts } | { refused: string }> {
  let result;
  try {
    result = writer.write(scene, { name: 'through' });
  } catch (error) {
    expect(isWriteError(error), `${writer.id} threw ${String(error)}`).toBe(true);
    return { refused: `${(error as { code: string }).code} ${(error as { limit?: string }).limit ?? ''}`.trim() };
  }
  return { facts: sceneFacts(await readBack(writer, result)) };
}

describe('legacy → glTF → fromGltf', () => {
  it('finds the corpus', () => {
    if (throughModels.length) expect(throughModels.length).toBeGreaterThanOrEqual(95);
  });

  it.each(throughModels)('%s', async (file) => {
    const legacy = await corpusScene(file);
    const back = await throughScene(file);
    expect(compareSceneFacts(sceneFacts(legacy), sceneFacts(back))).toEqual([]);
    expect(back.version).toBe(legacy.version);
  });

  it('every writer checks the scenes through glTF in its own suite', () => {
    expect(writers.map((w) => w.id).sort()).toEqual(['ase', 'lod', 'mdl', 'ms3d', 'o3d']);
  });
});

/** A skinned column of 3 joints, one clip with LINEAR rotation, STEP and CUBICSPLINE translation keys. */
async function skinnedGlb(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint16Array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const root = doc.createNode('Hips');
  const spine = doc.createNode('Spine').setTranslation([0, 1, 0]);
  const head = doc.createNode('Head').setTranslation([0, 1, 0]);
  root.addChild(spine);
  spine.addChild(head);
  const positions: number[] = [], joints: number[] = [], weights: number[] = [], indices: number[] = [];
  for (let level = 0; level <= 3; level++) {
    positions.push(-0.3, level, 0, 0.3, level, 0);
    const joint = Math.min(level, 2);
    joints.push(joint, 0, 0, 0, joint, 0, 0, 0);
    weights.push(1, 0, 0, 0, 1, 0, 0, 0);
    if (level) indices.push((level - 1) * 2, (level - 1) * 2 + 1, level * 2 + 1, (level - 1) * 2, level * 2 + 1, level * 2);
  }
  const material = doc.createMaterial('Skin').setBaseColorFactor([0.8, 0.6, 0.5, 1]);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(positions)))
    .setAttribute('JOINTS_0', accessor('VEC4', new Uint16Array(joints)))
    .setAttribute('WEIGHTS_0', accessor('VEC4', new Float32Array(weights)))
    .setIndices(accessor('SCALAR', new Uint16Array(indices)))
    .setMaterial(material);
  const ibm = new Float32Array(48);
  [0, 1, 2].forEach((k) => ibm.set(math.fromTRS([0, -k, 0], [0, 0, 0, 1], [1, 1, 1]), k * 16));
  const skin = doc.createSkin('Rig').setSkeleton(root).setInverseBindMatrices(accessor('MAT4', ibm)).addJoint(root).addJoint(spine).addJoint(head);
  const body = doc.createNode('Body').setMesh(doc.createMesh('Body').addPrimitive(prim)).setSkin(skin);
  doc.createScene().addChild(root).addChild(body);
  const clip = doc.createAnimation('Sway');
  const add = (node: typeof root, path: 'rotation' | 'translation', interpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE', times: number[], values: number[]) => {
    const sampler = doc.createAnimationSampler().setInput(accessor('SCALAR', new Float32Array(times))).setOutput(accessor(path === 'rotation' ? 'VEC4' : 'VEC3', new Float32Array(values))).setInterpolation(interpolation);
    clip.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  };
  const q = (angle: number) => math.quatFromAxisAngle([0, 0, 1], angle);
  add(spine, 'rotation', 'LINEAR', [0, 1, 2], [...q(0), ...q(0.5), ...q(0)]);
  // Steps at 0.3 s and 1.7 s: away from the 25, 50 and 75% poses.
  add(head, 'translation', 'STEP', [0, 0.3, 1.7], [0, 1, 0, 0.3, 1, 0, 0, 1, 0]);
  // [in-tangent, value, out-tangent] per key. (Joint scale keys are left out: MS3D and O3D have none.)
  add(root, 'translation', 'CUBICSPLINE', [0, 2], [0, 0, 0, 0, 0, 0, 0.5, 0, 0, 0.5, 0, 0, 0.3, 0.2, 0, 0, 0, 0]);
  return new NodeIO().writeBinary(doc);
}

describe('a skinned, animated glTF → each writer → its reader', () => {
  it('is posed as the glTF is, at 25, 50 and 75% of its clip', async () => {
    const scene = await fromGltf(await skinnedGlb());
    const facts = sceneFacts(scene);
    expect(facts.joints).toEqual(['Head', 'Hips', 'Spine']);
    expect(facts.clips).toEqual([{ name: 'Sway', duration: 2 }]);
    for (const writer of writers) {
      const result = await outcome(writer, scene);
      expect('facts' in result, `${writer.id} refused the sample: ${JSON.stringify(result)}`).toBe(true);
      if (!('facts' in result)) continue;
      // Formats that name their one clip after the file: the pose is what counts.
      const read = result.facts;
      if (read.clips.length === 1 && read.clips[0].name !== 'Sway') {
        read.posed = { Sway: read.posed[read.clips[0].name] };
        read.clips = [{ ...read.clips[0], name: 'Sway' }];
      }
      expect(compareSceneFacts(facts, read, { only: ['vertices', 'triangles', 'joints', 'clips', 'bounds', 'posed'] }), writer.id).toEqual([]);
    }
  });
});
