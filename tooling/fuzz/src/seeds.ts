// Seeds per format: the corpus (with each O3D's .chr and .ani), and the synthetic files each
// package lists in @relic3d/fixtures/<format>-seeds (built with its test writer; its hardening test uses them too),
// including the ASE corners no corpus file has (TCB/Bezier/linear keys, *MESH_WEIGHTS, shapes,
// camera/light/visibility animation, mesh animation).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusRoot, readManifest, type SyntheticSeed } from '@relic3d/test-harness';
import { findCompanions } from '@relic3d/o3d';
import { syntheticSeeds as aseSynthetic } from '@relic3d/fixtures/ase-seeds';
import { syntheticSeeds as lodSynthetic } from '@relic3d/fixtures/lod-seeds';
import { syntheticSeeds as mdlSynthetic } from '@relic3d/fixtures/mdl-seeds';
import { writeMdl, type WNode } from '@relic3d/fixtures/mdl';
import { syntheticSeeds as ms3dSynthetic } from '@relic3d/fixtures/ms3d-seeds';
import { syntheticSeeds as o3dSynthetic } from '@relic3d/fixtures/o3d-seeds';
import { gltfSeeds } from './seeds-gltf.js';
import { resSeeds } from './seeds-res.js';
import type { FormatId, ReaderId, Seed } from './types.js';

/** Corpus folders read for each format (foreign and bad files exercise detection and refusal). */
const FOLDERS: Record<ReaderId, { folder: string; test: RegExp }[]> = {
  ms3d: [{ folder: 'ms3d', test: /\.ms3d$/i }],
  ase: [{ folder: 'ase', test: /./ }, { folder: 'bad', test: /\.ase$/i }],
  o3d: [{ folder: 'o3d', test: /\.o3d$/i }, { folder: 'bad', test: /\.o3d$/i }],
  mdl: [{ folder: 'mdl', test: /\.mdl$/i }, { folder: 'foreign', test: /\.mdl$/i }],
  lod: [{ folder: 'lod', test: /\.lod$/i }],
};

/** Motions requested per O3D model (a few keep the parse of large models affordable). */
const MOTIONS_PER_MODEL = 2;

export function corpusSeeds(format: ReaderId, root = corpusRoot()): Seed[] {
  const seeds: Seed[] = [];
  for (const { folder, test } of FOLDERS[format]) {
    const dir = path.join(root, folder);
    let entries: string[];
    try {
      entries = readManifest(folder).map((e) => e.file);
    } catch {
      continue; // no corpus: synthetic seeds only
    }
    const listing = format === 'o3d' ? readdirSync(dir) : [];
    for (const file of entries.filter((f) => test.test(f))) {
      const companions: Record<string, Uint8Array> = {};
      let motions: string[] | undefined;
      if (format === 'o3d') {
        const found = findCompanions(file, listing);
        if (found.skeleton) companions[found.skeleton] = new Uint8Array(readFileSync(path.join(dir, found.skeleton)));
        motions = Object.keys(found.motions).slice(0, MOTIONS_PER_MODEL);
        for (const m of motions) companions[found.motions[m]] = new Uint8Array(readFileSync(path.join(dir, found.motions[m])));
      }
      seeds.push({ name: `corpus:${folder}/${file}`, fileName: file, bytes: new Uint8Array(readFileSync(path.join(dir, file))), companions, motions, source: 'corpus' });
    }
  }
  return seeds;
}

const synthetic = (seed: SyntheticSeed): Seed => ({ ...seed, name: `synthetic:${seed.name}`, companions: seed.companions ?? {}, source: 'synthetic' });

/** G3D nodes nested 300 deep: a seed of the fuzzer's own, after the mdl package's. */
function deepMdl(): SyntheticSeed {
  let node: WNode = { name: 'n300' };
  for (let d = 299; d >= 0; d--) node = { name: `n${d}`, children: [node] };
  return { name: 'G3D nodes nested 300 deep', fileName: 'deep.mdl', bytes: writeMdl({ variant: 'g3d', root: node }) };
}

const SYNTHETIC: Record<ReaderId, () => SyntheticSeed[]> = {
  ms3d: ms3dSynthetic,
  ase: aseSynthetic,
  o3d: o3dSynthetic,
  mdl: () => [...mdlSynthetic(), deepMdl()],
  lod: lodSynthetic,
};

/** The synthetic seeds of a reader's format. */
export function readerSeeds(format: ReaderId): Seed[] {
  return SYNTHETIC[format]().map(synthetic);
}

/** Every seed of a format: synthetic first (small), then the corpus; glTF's are the others written with toGlb. */
export async function seedsFor(format: FormatId): Promise<Seed[]> {
  if (format === 'gltf') return gltfSeeds();
  if (format === 'res') return resSeeds();
  return [...readerSeeds(format), ...corpusSeeds(format)];
}
