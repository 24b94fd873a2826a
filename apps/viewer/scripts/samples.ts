/**
 * Builds the O3D, MDL and LOD samples with the format packages' own fixture writers: no Flyff,
 * Circuit Chaos or LODka3D file of unclear licence is shipped, the viewer shows models our code wrote.
 * Run by the Vite plugin in vite.config.ts at dev and build time, or by hand with `pnpm --filter @relic3d/viewer samples`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SAMPLE_O3D = 'relic_column.o3d';
export const SAMPLE_MDL = 'relic_column.mdl';
export const SAMPLE_LOD = 'relic_serpent.lod';

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
    const o3d = await load(path.join(repo, 'packages/o3d/test/writer.ts'));
    const sample = (o3d.writeSampleO3d as () => { o3d: Uint8Array; chr: Uint8Array; ani: Uint8Array })();
    const base = SAMPLE_O3D.replace(/\.o3d$/, '');
    put(SAMPLE_O3D, sample.o3d);
    put(`${base}.chr`, sample.chr);
    put(`${base}_sway.ani`, sample.ani);
  } catch (error) {
    log(`[samples] O3D sample not built: ${(error as Error).message}`);
  }
  try {
    const mdl = await load(path.join(repo, 'packages/mdl/test/writer.ts'));
    put(SAMPLE_MDL, withCoarseLod(mdl) ?? (mdl.writeSampleMdl as () => Uint8Array)());
  } catch (error) {
    log(`[samples] MDL sample not built: ${(error as Error).message}`);
  }
  try {
    const lod = await load(path.join(repo, 'packages/lod/test/writer.ts'));
    put(SAMPLE_LOD, (lod.writeSampleLod as () => Uint8Array)());
  } catch (error) {
    log(`[samples] LOD sample not built: ${(error as Error).message}`);
  }
  writeFileSync(path.join(outDir, 'index.json'), JSON.stringify(written, null, 2));
  return written;
}

interface SampleMesh { vertices: unknown[]; indices: number[]; [key: string]: unknown }
interface SampleFile { root: { lods?: { viewDistance?: number; meshes: SampleMesh[] }[] } }

/**
 * The MDL sample with a second, coarser level of detail (the middle ring skipped: side quads span
 * base to top), so the viewer's LOD switch has something to switch. Undefined when the writer
 * does not offer `sampleModel`/`writeMdl` or the sample's shape has changed.
 */
function withCoarseLod(writer: Record<string, unknown>): Uint8Array | undefined {
  if (typeof writer.sampleModel !== 'function' || typeof writer.writeMdl !== 'function') return undefined;
  const file = (writer.sampleModel as () => SampleFile)();
  const fine = file.root.lods?.[0]?.meshes[0];
  if (!fine || fine.vertices.length !== 12) return undefined;
  const indices: number[] = [];
  for (let k = 0; k < 4; k++) {
    const a = k, b = (k + 1) % 4, c = 8 + a, d = 8 + b;
    indices.push(a, c, b, b, c, d);
  }
  file.root.lods!.push({ viewDistance: 12, meshes: [{ ...fine, name: 'column_coarse', indices }] });
  return (writer.writeMdl as (f: SampleFile) => Uint8Array)(file);
}
