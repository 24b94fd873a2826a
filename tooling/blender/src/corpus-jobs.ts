// Every corpus model converted to .glb with our real API (parseFile with its folder's companions,
// toGlb with the folder's textures), and the Blender job for it: import, poses at 25/50/75% of
// each clip, export again.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { POSE_FRACTIONS } from '@relic3d/scene-facts';
import { corpusNotice, corpusRoot, readManifest } from '@relic3d/test-harness';
import { toGlb, type Scene } from 'relic3d';
import { folderResolver, parseFile } from 'relic3d/node';
import { blenderTrackNames, glbJson, type GltfJson } from './expectations.js';
import type { BlenderJob } from './run-blender.js';

export const MODEL_FOLDERS = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'] as const;
const MODEL_FILE = /\.(ms3d|ase|o3d|mdl|lod)$/i;

/** Corpus models (`folder/file`); companions (.chr, .ani, textures) come with them. Empty, loudly, without a corpus. */
export function corpusModels(): string[] {
  return MODEL_FOLDERS.flatMap((folder) => (corpusNotice(folder) ? readManifest(folder).filter((e) => MODEL_FILE.test(e.file)).map((e) => `${folder}/${e.file}`) : []));
}

export interface PreparedModel {
  model: string;
  scene: Scene;
  json: GltfJson;
  glb: string;
  exported: string;
  /** Blender track name of each of our clips, in clip order. */
  tracks: string[];
  job: BlenderJob;
}

const jobId = (model: string) => model.replace(/[^A-Za-z0-9_.-]+/g, '__');

/** Converts one model to `dir/<id>.glb` and plans its Blender job. */
export async function prepareModel(model: string, dir: string): Promise<PreparedModel> {
  const file = path.join(corpusRoot(), model);
  const scene = await parseFile(file);
  const bytes = await toGlb(scene, { resolve: folderResolver(path.dirname(file)) });
  const id = jobId(model);
  const glb = path.join(dir, `${id}.glb`);
  const exported = path.join(dir, `${id}.blender.glb`);
  writeFileSync(glb, bytes);
  const json = glbJson(bytes);
  const tracks = blenderTrackNames(json);
  const clips = scene.animations.map((clip, i) => ({ track: tracks[i], times: POSE_FRACTIONS.map((f) => clip.duration * f) }));
  return { model, scene, json, glb, exported, tracks, job: { id, glb, export: exported, clips } };
}
