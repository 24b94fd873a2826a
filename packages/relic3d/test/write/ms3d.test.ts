// Every corpus model of every format → writeMs3d → the MS3D reader: the facts MS3D can hold are
// equal, and what it cannot hold is warned (each relaxation below needs its warning).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePage, codePageEncoder, fixedName, hiddenLodNodes, WarningSink, type Scene } from 'relic3d';
import { ms3d } from 'relic3d';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { compareSceneFacts, sceneFacts, type FactName, type SceneFacts } from '@relic3d/scene-facts';
import { corpusScene, expectWrittenAlikeThroughGltf, throughModels, writtenCorpus, writtenOrThrow } from './corpus-writes.js';

const { ms3dWriter } = ms3d;
const folders = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'];
const models = /\.(ms3d|ase|o3d|mdl|lod)$/i;

function corpusModels(): string[] {
  const root = corpusRoot();
  return folders
    .filter((f) => existsSync(path.join(root, f)))
    .flatMap((f) => readdirSync(path.join(root, f)).filter((n) => models.test(n)).map((n) => `${f}/${n}`))
    .sort();
}

/** A name as MS3D's 32-byte field holds it (windows-1252, 31 bytes and a NUL). */
const field = (name: string) => codePage('windows-1252').decode(fixedName(name, 32, codePageEncoder('windows-1252'), new WarningSink('test'), ''));

/** Clips MS3D can carry: those that move a node (the others are warned MS3D_WRITE_CLIP_DROPPED). */
const moving = (scene: Scene) => scene.animations.filter((c) => c.channels.some((ch) => ch.path !== 'weights' && ch.times.length > 0));

/** Some drawn triangle primitive has no material: it reads back with the reader's 'ms3d default'. */
function drawsWithoutMaterial(scene: Scene): boolean {
  const hidden = hiddenLodNodes(scene, 0);
  return scene.nodes.some((node, i) => !hidden.has(i) && node.mesh !== undefined && scene.meshes[node.mesh]?.primitives.some((p) => (p.mode ?? 'TRIANGLES') === 'TRIANGLES' && (p.indices?.length ?? p.attributes.POSITION.length / 3) >= 3 && (p.material === undefined || !scene.materials[p.material])));
}

/** The source's facts as MS3D holds them, and the facts to leave out; each change needs its warning. */
function heldFacts(source: Scene, back: Scene, codes: Set<string>, name: string): { facts: SceneFacts; skip: FactName[] } {
  const facts = sceneFacts(source);
  const skip: FactName[] = [];
  const needs = (code: string, why: boolean) => {
    if (why) expect(codes, `${code} expected`).toContain(code);
    return why;
  };
  // One model, named after the file: every drawn mesh is a group of it.
  facts.meshNodes = facts.triangles ? [name] : [];
  if (needs('MS3D_WRITE_LODS', facts.lodLevels.length > 0)) facts.lodLevels = [];
  if (needs('MS3D_WRITE_COLLIDERS', facts.colliders.length > 0)) facts.colliders = [];
  if (needs('MS3D_WRITE_MORPHS', facts.morphTargets > 0)) facts.morphTargets = 0;
  // Meshes that move with a node become skinned to a joint.
  if (codes.has('MS3D_WRITE_NODE_JOINTS') || codes.has('MS3D_WRITE_RIGID_BIND')) skip.push('joints', 'jointParents');
  facts.materials = [...new Set([...facts.materials.map(field), ...(drawsWithoutMaterial(source) ? ['ms3d default'] : [])])].sort();
  // A clip needs a joint to move (a clip that moves only a camera is dropped when nothing else moves).
  const kept = back.nodes.some((n) => n.joint) ? moving(source).map((c) => c.name) : [];
  if (needs('MS3D_WRITE_CLIP_DROPPED', kept.length < source.animations.length)) {
    facts.clips = facts.clips.filter((c) => kept.includes(c.name));
    for (const clip of Object.keys(facts.posed)) if (!kept.includes(clip)) delete facts.posed[clip];
  }
  // Renamed and joined clips are warned (other tools see one timeline named after the file); relic3d's
  // reader cuts them apart again from the model comment's clip= lines, names and poses kept.
  if (facts.clips.length === 1 && facts.clips[0].name !== name) expect(codes).toContain('MS3D_WRITE_CLIP_NAME');
  else needs('MS3D_WRITE_CLIPS_JOINED', facts.clips.length > 1);
  // Scale MS3D joints cannot hold (animated, or non-uniform above a joint) changes the poses.
  if (codes.has('MS3D_WRITE_SCALE_KEYS') || codes.has('MS3D_WRITE_SCALE')) skip.push('posed');
  return { facts, skip };
}

/** The reader's identity joint for rigid vertices is not a joint of the source. */
function withoutRigidJoint(facts: SceneFacts): SceneFacts {
  const joints = facts.joints.filter((j) => j !== 'ms3d rigid');
  const jointParents = Object.fromEntries(Object.entries(facts.jointParents).filter(([j]) => j !== 'ms3d rigid'));
  return { ...facts, joints, jointParents };
}

describe.runIf(corpusNotice('ms3d'))('every corpus model written as MS3D', () => {
  const files = corpusModels();

  it('covers the corpus of every format', () => {
    expect(files.length).toBeGreaterThan(90);
  });

  describe.each(files)('%s', (file) => {
    it('reads back with the facts MS3D holds; the rest is warned', async () => {
      const scene = await corpusScene(file);
      const { result, back } = writtenOrThrow(await writtenCorpus(ms3dWriter, file));
      const name = Object.keys(result.files).find((n) => n.endsWith('.ms3d'))!.replace(/\.ms3d$/, '');
      const codes = new Set(result.warnings.map((w) => w.code));
      const { facts, skip } = heldFacts(scene, back, codes, name);
      expect(compareSceneFacts(facts, withoutRigidJoint(sceneFacts(back)), { skip })).toEqual([]);
    });
  });

  // legacy → toGlb → fromGltf → MS3D reads back as the legacy scene written as MS3D does.
  it.each(throughModels)('%s through glTF is written alike', (file) => expectWrittenAlikeThroughGltf(ms3dWriter, file));
});
