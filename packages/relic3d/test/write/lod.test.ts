// Every corpus model of every format → writeLod → the LOD reader: the facts a .lod can hold are
// equal; every difference is one the writer warned about (what LOD has no place for).
import path from 'node:path';
import { isWriteError, type Warning } from '@relic3d/core';
import { lodWriter } from '@relic3d/lod';
import { compareSceneFacts, sceneFacts, type SceneFacts } from '@relic3d/scene-facts';
import { corpusFiles } from '@relic3d/test-harness';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusScene, expectWrittenAlikeThroughGltf, throughModels, writtenCorpus } from './corpus-writes.js';

const MODELS = /\.(ms3d|ase|o3d|mdl|lod)$/i;
const folders = ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'bad'];
const files = folders.flatMap((folder) => corpusFiles(folder).filter((e) => MODELS.test(e.file) && e.bytes < 20e6).map((e) => ({ folder, file: e.file })));
/** The one-frame clip the writer puts first when no clip starts in the rest pose (lod/src/write/animation.ts). */
const BIND_CLIP = 'bind pose';

const outcome = { clean: [] as string[], warned: new Map<string, string[]>(), refused: new Map<string, string>(), unreadable: [] as string[] };

const warned = (warnings: Warning[], code: string) => warnings.find((w) => w.code === code);
/** Whether a warning of `code` names `name` in its message. */
const names = (warnings: Warning[], code: string, name: string) => !!warned(warnings, code)?.message.includes(`${name}`);

/**
 * The facts of the scene read back, with what the writer said it changes taken out again, and the
 * source's facts with what it said it could not write taken out: both must then be equal.
 */
function expectedDifferencesOnly(a: SceneFacts, b: SceneFacts, w: Warning[], jointNodes: string[]): string[] {
  const source = structuredClone(a);
  const back = structuredClone(b);
  if (warned(w, 'LOD_WRITE_LOD_LEVELS')) {
    expect(back.lodLevels).toEqual([]);
    source.lodLevels = [];
  }
  // Bones the reader makes joints: every source joint, joint-flagged nodes, and mesh nodes made bones (warned).
  const extra = back.joints.filter((j) => !source.joints.includes(j));
  for (const j of extra) expect(jointNodes.includes(j) || !!warned(w, 'LOD_WRITE_NODE_BONES'), `joint ${j}`).toBe(true);
  expect(source.joints.every((j) => back.joints.includes(j))).toBe(true);
  back.joints = source.joints;
  back.jointParents = Object.fromEntries(Object.entries(back.jointParents).filter(([j]) => source.joints.includes(j)));
  if (extra.length) source.jointParents = Object.fromEntries(Object.entries(source.jointParents).map(([j, p]) => [j, back.jointParents[j] === undefined ? p : back.jointParents[j]]));
  if (warned(w, 'LOD_WRITE_BIND_CLIP')) back.clips = back.clips.filter((c) => c.name !== BIND_CLIP);
  source.clips = source.clips.filter((c) => !(warned(w, 'LOD_WRITE_CLIP_DROPPED') && names(w, 'LOD_WRITE_CLIP_DROPPED', c.name)));
  for (const c of source.clips) {
    const got = back.clips.find((x) => x.name === c.name);
    const slack = names(w, 'LOD_WRITE_CLIP_DURATION', `"${c.name}"`) ? 0.01 : 1e-3;
    if (got && Math.abs(got.duration - c.duration) <= slack) got.duration = c.duration;
  }
  for (const clip of Object.keys(source.posed)) {
    const skip = !back.clips.some((c) => c.name === clip) || names(w, 'LOD_WRITE_SCALE_KEYS', clip) || warned(w, 'LOD_WRITE_WEIGHTS_REDUCED');
    if (skip) delete source.posed[clip];
  }
  if (warned(w, 'LOD_WRITE_COLLIDER_SHAPE')) source.colliders = source.colliders.filter((c) => c !== 'trimesh' && c !== 'convex');
  if (warned(w, 'LOD_WRITE_TEXTURE_DROPPED')) {
    expect(back.textures.every((t) => source.textures.includes(t))).toBe(true);
    source.textures = back.textures;
  }
  if (warned(w, 'LOD_WRITE_MATERIAL_NAME')) source.materials = back.materials;
  return compareSceneFacts(source, back);
}

describe.skipIf(!files.length)('every corpus model → LOD → read back', () => {
  it.each(files)('$folder/$file', async ({ folder, file }) => {
    const name = `${folder}/${file}`;
    let scene;
    try {
      scene = await corpusScene(`${folder}/${file}`);
    } catch {
      outcome.unreadable.push(name); // bad/ files the readers refuse: nothing to write
      return;
    }
    const written = await writtenCorpus(lodWriter, name, file);
    if ('refused' in written) {
      expect(isWriteError(written.refused), String(written.refused)).toBe(true);
      outcome.refused.set(name, written.refused.message);
      return;
    }
    const { result, back } = written;
    expect(back.warnings).toEqual([]);
    const jointNodes = scene.nodes.filter((n) => n.joint).map((n) => n.name);
    expect(expectedDifferencesOnly(sceneFacts(scene), sceneFacts(back), result.warnings, jointNodes)).toEqual([]);
    const codes = [...new Set(result.warnings.map((x) => x.code))].sort();
    if (codes.length) outcome.warned.set(name, codes);
    else outcome.clean.push(name);
  });

  // legacy → toGlb → fromGltf → LOD reads back as the legacy scene written as LOD does.
  it.each(throughModels)('%s through glTF is written alike', (file) => expectWrittenAlikeThroughGltf(lodWriter, file, path.basename(file)));

  afterAll(() => {
    const byCode = new Map<string, number>();
    for (const codes of outcome.warned.values()) for (const c of codes) byCode.set(c, (byCode.get(c) ?? 0) + 1);
    console.log(
      [
        `LOD round trip of ${files.length} corpus files: ${outcome.clean.length} without warnings, ${outcome.warned.size} with, ${outcome.refused.size} refused, ${outcome.unreadable.length} unreadable sources`,
        ...[...byCode].sort().map(([c, n]) => `  ${c}: ${n}`),
        ...[...outcome.warned].map(([f, c]) => `  ${f}: ${c.join(" ")}`),
        ...[...outcome.refused].map(([f, m]) => `  refused ${f}: ${m}`),
      ].join('\n'),
    );
  });
});
