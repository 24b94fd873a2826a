/**
 * Builds the O3D, MDL and LOD samples with the format packages' own fixture writers: no Flyff,
 * Circuit Chaos or LODka3D file of unclear licence is shipped, the viewer shows models our code wrote.
 * Run by the Vite plugin in vite.config.ts at dev and build time, or by hand with `pnpm --filter @relic3d/viewer samples`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The name the O3D fixture writer puts in the file's header: the client refuses a file named otherwise. */
export const SAMPLE_O3D = 'mvr_sample.o3d';
export const SAMPLE_MDL = 'relic_column.mdl';
export const SAMPLE_LOD = 'relic_serpent.lod';
/** The Ultra Engine material file the MDL sample names (`./sample.mat`). */
export const SAMPLE_MDL_MATERIAL = 'sample.mat';
/** Its JSON: a weathered verdigris bronze (linear colour), read by @relic3d/mdl (src/scene/material-files.ts). */
export const SAMPLE_MDL_MATERIAL_JSON = {
  material: { color: [0.16, 0.42, 0.36, 1], metallic: 0.3, roughness: 0.45 },
};

export interface GeneratedSample {
  file: string;
  bytes: number;
}

/** Writes the generated samples into `outDir`; a writer that is missing or fails is skipped with a message. */
export async function writeSamples(
  outDir: string,
  load: (id: string) => Promise<Record<string, unknown>>,
  log: (message: string) => void = console.log,
): Promise<GeneratedSample[]> {
  mkdirSync(outDir, { recursive: true });
  const written: GeneratedSample[] = [];
  const put = (file: string, bytes: Uint8Array) => {
    writeFileSync(path.join(outDir, file), bytes);
    written.push({ file, bytes: bytes.length });
  };
  const repo = path.resolve(import.meta.dirname, '../../..');
  try {
    const o3d = await load(path.join(repo, 'packages/fixtures/src/o3d.ts'));
    const sample = (o3d.writeSampleO3d as () => { o3d: Uint8Array; chr: Uint8Array; ani: Uint8Array })();
    const base = SAMPLE_O3D.replace(/\.o3d$/, '');
    put(SAMPLE_O3D, sample.o3d);
    put(`${base}.chr`, sample.chr);
    put(`${base}_sway.ani`, sample.ani);
  } catch (error) {
    log(`[samples] O3D sample not built: ${(error as Error).message}`);
  }
  try {
    const mdl = await load(path.join(repo, 'packages/fixtures/src/mdl.ts'));
    put(SAMPLE_MDL, (mdl.writeSampleMdl as () => Uint8Array)());
    // The model names './sample.mat'; the viewer's resolver fetches it from next to the model.
    put(SAMPLE_MDL_MATERIAL, new TextEncoder().encode(JSON.stringify(SAMPLE_MDL_MATERIAL_JSON, null, 2)));
  } catch (error) {
    log(`[samples] MDL sample not built: ${(error as Error).message}`);
  }
  try {
    const lod = await load(path.join(repo, 'packages/fixtures/src/lod.ts'));
    put(SAMPLE_LOD, (lod.writeSampleLod as () => Uint8Array)());
  } catch (error) {
    log(`[samples] LOD sample not built: ${(error as Error).message}`);
  }
  writeFileSync(path.join(outDir, 'index.json'), JSON.stringify(written, null, 2));
  return written;
}
