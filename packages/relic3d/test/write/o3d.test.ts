// Every corpus model of every format → writeO3d → the O3D reader: the facts O3D can hold are equal,
// and a fact it cannot hold differs only alongside the warning that says so (object and material
// names, LOD levels other than three, non-mesh colliders, clips that move nothing O3D keeps).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import { o3d, type Scene } from 'relic3d';
import { compareSceneFacts, sceneFacts, type FactName, type SceneFacts } from '@relic3d/scene-facts';
import { corpusRoot } from '@relic3d/test-harness';
import { corpusScene, expectWrittenAlikeThroughGltf, throughModels, writtenCorpus, writtenOrThrow } from './corpus-writes.js';

const folders = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'];
const models = /\.(ms3d|ase|o3d|mdl|lod)$/i;
const files = folders
  .flatMap((f) => (existsSync(path.join(corpusRoot(), f)) ? readdirSync(path.join(corpusRoot(), f)).filter((n) => models.test(n)).map((n) => `${f}/${n}`) : []))
  .sort();

/** The warnings that account for a fact O3D cannot keep. */
const BECAUSE: Partial<Record<FactName, string[]>> = {
  meshNodes: ['O3D_WRITE_NODE_NAMES', 'O3D_WRITE_OBJECT_SPLIT'],
  materials: ['O3D_WRITE_MATERIAL_NAMES', 'O3D_WRITE_DEFAULT_MATERIAL'],
  vertices: ['O3D_WRITE_PALETTE_SPLIT', 'O3D_WRITE_OBJECT_SPLIT', 'O3D_WRITE_PRIMITIVE_MODE', 'O3D_WRITE_INDEX'],
  triangles: ['O3D_WRITE_PRIMITIVE_MODE', 'O3D_WRITE_INDEX'],
  clips: ['O3D_WRITE_CLIP_NAME', 'O3D_WRITE_CLIP_DROPPED'],
  lodLevels: ['O3D_WRITE_LODS'],
  colliders: ['O3D_WRITE_COLLIDER'],
  morphTargets: ['O3D_WRITE_MORPHS'],
};

/** The clip O3D keeps as its own frames reads back as "embedded": compare it under its source name. */
function renameFrameClip(source: SceneFacts, back: SceneFacts): void {
  const missing = source.clips.filter((c) => !back.clips.some((b) => b.name === c.name));
  const embedded = back.clips.find((c) => c.name === 'embedded' && !source.clips.some((s) => s.name === 'embedded'));
  const match = embedded && missing.find((c) => Math.abs(c.duration - embedded.duration) < 1e-3);
  if (embedded && match) {
    back.posed[match.name] = back.posed.embedded;
    delete back.posed.embedded;
  }
  // A clip not written moved nothing O3D keeps (a camera, bones no mesh follows): posed, the source is at rest.
  for (const c of missing) back.posed[c.name] ??= [back.bounds, back.bounds, back.bounds];
}

async function parsed(file: string): Promise<Scene | undefined> {
  try {
    return await corpusScene(file);
  } catch {
    return undefined; // the bad and foreign files other suites cover
  }
}

describe.skipIf(!files.length)('every corpus model → O3D → O3D reader', () => {
  it.each(files)('%s', { timeout: 60_000 }, async (file) => {
    const source = await parsed(file);
    if (!source) return;
    const { result, back } = writtenOrThrow(await writtenCorpus(o3d.o3dWriter, file));
    const codes = new Set(result.warnings.map((w) => w.code));
    const before = sceneFacts(source), after = sceneFacts(back);
    renameFrameClip(before, after);
    // A clip that scales what Flyff keys cannot scale keeps its rotations (warned, naming the clip).
    for (const w of result.warnings.filter((w) => w.code === 'O3D_WRITE_OBJECT_SCALE' || w.code === 'O3D_WRITE_BONE_SCALE')) {
      const clip = /^clip "(.*?)":/.exec(w.message)?.[1];
      if (clip !== undefined) (delete before.posed[clip], delete after.posed[clip], delete after.posed.embedded);
    }
    // Each fact O3D cannot keep is left out only when its warning was given.
    const skip = Object.entries(BECAUSE).flatMap(([fact, why]) => (why.some((c) => codes.has(c)) ? [fact as FactName] : []));
    expect(compareSceneFacts(before, after, { skip, tolerance: 2e-3 }), [...codes].join(', ')).toEqual([]);
    // The facts that differ are only those warned about.
  });

  // legacy → toGlb → fromGltf → O3D reads back as the legacy scene written as O3D does.
  it.each(throughModels)('%s through glTF is written alike', (file) => expectWrittenAlikeThroughGltf(o3d.o3dWriter, file));
});
