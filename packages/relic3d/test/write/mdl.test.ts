// Every corpus model of every format → writeMdl → the MDL reader: the facts an Ultra MDL can hold
// are equal; each fact that differs is one the writer warned about.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSceneFacts, sceneFacts, type FactName, type SceneFacts } from '@relic3d/scene-facts';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { addNode, createScene, isFormatError, mdl, type Scene } from '../../src/index.js';
import { writeOutcome } from './written-files.js';
import { corpusScene, expectWrittenAlikeThroughGltf, throughModels, writtenCorpus, writtenOrThrow } from './corpus-writes.js';

const folders = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'];
const models = /\.(ms3d|ase|o3d|mdl|lod)$/i;

function corpusModels(): string[] {
  const root = corpusRoot();
  return folders.filter((f) => existsSync(path.join(root, f))).flatMap((f) => readdirSync(path.join(root, f)).filter((n) => models.test(n)).map((n) => `${f}/${n}`)).sort();
}

/** The facts a warning says the file could not keep as they were. */
const LOST: Record<string, FactName[]> = {
  MDL_WRITE_MATERIAL_RENAMED: ['materials'],
  MDL_WRITE_NODES_AS_BONES: ['joints', 'jointParents'],
  MDL_WRITE_ROOT_BONE_ADDED: ['joints', 'jointParents'],
  MDL_WRITE_SKINNED_MOVED: ['meshNodes', 'vertices', 'triangles'],
  MDL_WRITE_LOD_PART_UNLEVELLED: ['vertices', 'triangles', 'meshNodes'],
  MDL_WRITE_LOD_NODES_MERGED: ['meshNodes'],
  MDL_WRITE_CLIP_DURATION: ['clips'],
  MDL_WRITE_COLLIDER_APPROXIMATED: ['colliders'],
  MDL_WRITE_TEXTURE_DROPPED: ['textures'],
};

/**
 * The reader gives every NODE's meshes a level node `<name> LOD<k>` (one level when the file has
 * one), and a skinned level binds unweighted vertices to the model node, an extra skin joint.
 */
function normalised(facts: SceneFacts, modelNode?: string): SceneFacts {
  const out = { ...facts, meshNodes: [...new Set(facts.meshNodes.map((n) => n.replace(/ LOD\d+$/, '')))].sort(), lodLevels: facts.lodLevels.filter((n) => n > 1) };
  if (modelNode !== undefined && facts.joints.includes(modelNode)) {
    out.joints = facts.joints.filter((j) => j !== modelNode);
    out.jointParents = Object.fromEntries(Object.entries(facts.jointParents).filter(([j]) => j !== modelNode).map(([j, p]) => [j, p === modelNode ? null : p]));
  }
  return out;
}

async function sourceScene(file: string): Promise<Scene | undefined> {
  try {
    return await corpusScene(file);
  } catch (error) {
    if (isFormatError(error)) return undefined; // a file its own reader refuses has nothing to write
    throw error;
  }
}

describe.runIf(corpusNotice('mdl'))('every corpus model → Ultra MDL → its facts', () => {
  for (const file of corpusModels()) {
    it(file, async () => {
      const scene = await sourceScene(file);
      if (!scene) return;
      const { result, back } = writtenOrThrow(await writtenCorpus(mdl.mdlWriter, file));
      const codes = new Set(result.warnings.map((w) => w.code));
      const skip = [...codes].flatMap((c) => LOST[c] ?? []);
      const before = sceneFacts(scene);
      const top = back.nodes[back.roots[0]].name;
      const after = normalised(sceneFacts(back), before.joints.includes(top) ? undefined : top);
      expect(compareSceneFacts(normalised(before), after, { skip }), [...codes].join(', ')).toEqual([]);
      // A lost fact is always a warned one: nothing is skipped without its warning.
      for (const fact of skip) expect(Object.values(LOST).some((facts) => facts.includes(fact))).toBe(true);
    });
  }

  // legacy → toGlb → fromGltf → Ultra MDL reads back as the legacy scene written as MDL does.
  it.each(throughModels)('%s through glTF is written alike', (file) => expectWrittenAlikeThroughGltf(mdl.mdlWriter, file));
});

describe('hostile scenes → Ultra MDL: a typed refusal or a file that reads back valid', () => {
  const triangle = (extra: Partial<Scene['meshes'][number]['primitives'][number]> = {}) => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'm', primitives: [{ attributes: { POSITION: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0) }, indices: Uint16Array.of(0, 1, 2), ...extra }] });
    addNode(scene, { name: 'n', mesh: 0 });
    return scene;
  };

  it('refuses indices past the vertices', async () => {
    const outcome = await writeOutcome(mdl.mdlWriter, triangle({ indices: Uint16Array.of(0, 1, 9) }));
    expect('refused' in outcome && [outcome.refused.code, outcome.refused.limit]).toEqual(['INVALID_SCENE', 'INDEX_RANGE']);
  });

  it('writes NaN positions as 0, warned, and a zero-area triangle as it is', async () => {
    const scene = triangle({ attributes: { POSITION: Float32Array.of(NaN, 0, 0, 0, 0, 0, 0, 0, 0) } });
    const outcome = await writeOutcome(mdl.mdlWriter, scene);
    expect('scene' in outcome && outcome.result.warnings.map((w) => w.code)).toEqual(['MDL_WRITE_NOT_FINITE']);
  });
});
