// Size of `--optimize` output: every corpus model (all five formats, with companions) to .glb, then
// optimizeGlb with each preset and compression; per format and in total, output ÷ plain .glb bytes,
// and optimisation time ÷ export time, both measured in this one run.
//
// Standalone: `node --import tsx src/optimize-size.ts [--variants=default,size,fast,draco,none]`
// (`pnpm --filter @relic3d/bench bench:optimize`); needs `$RELIC3D_CORPUS` and built packages.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimizeGlb, parse, toGlb, type OptimizeOptions } from 'relic3d';
import { corpusInputs } from './export.js';

const VARIANTS: Record<string, OptimizeOptions> = {
  default: {},
  size: { preset: 'size' },
  fast: { preset: 'fast' },
  draco: { compress: 'draco' },
  none: { compress: 'none' },
};

interface Totals {
  files: number;
  glb: number;
  exportMs: number;
  out: Record<string, number>;
  ms: Record<string, number>;
}

export async function optimizeSizeBench(corpus: string, variants: string[]): Promise<Record<string, Totals>> {
  const rows: Record<string, Totals> = {};
  const failures: string[] = [];
  for (const format of ['ms3d', 'ase', 'o3d', 'mdl', 'lod']) {
    const row: Totals = { files: 0, glb: 0, exportMs: 0, out: {}, ms: {} };
    for (const input of corpusInputs(corpus, format)) {
      let glb: Uint8Array;
      const t = performance.now();
      try {
        const scene = await parse(input.bytes, { fileName: input.name, resolve: input.resolve, motions: input.motions });
        glb = await toGlb(scene, { resolve: input.resolve });
      } catch {
        continue; // the corpus's refused files on purpose are not part of the comparison
      }
      row.exportMs += performance.now() - t;
      row.files++;
      row.glb += glb.byteLength;
      for (const v of variants) {
        const start = performance.now();
        try {
          const out = await optimizeGlb(glb, VARIANTS[v]);
          row.out[v] = (row.out[v] ?? 0) + out.byteLength;
        } catch (e) {
          failures.push(`${format}/${input.name} ${v}: ${(e as Error).message}`);
          row.out[v] = (row.out[v] ?? 0) + glb.byteLength;
        }
        row.ms[v] = (row.ms[v] ?? 0) + performance.now() - start;
      }
    }
    rows[format] = row;
  }
  for (const f of failures) console.log(`FAILED ${f}`);
  return rows;
}

/** A Markdown table: per format and in total, each variant's bytes ÷ plain .glb bytes and its time ÷ parse+export time. */
export function optimizeSizeTable(rows: Record<string, Totals>, variants: string[]): string {
  const total: Totals = { files: 0, glb: 0, exportMs: 0, out: {}, ms: {} };
  for (const r of Object.values(rows)) {
    total.files += r.files;
    total.glb += r.glb;
    total.exportMs += r.exportMs;
    for (const v of variants) {
      total.out[v] = (total.out[v] ?? 0) + (r.out[v] ?? 0);
      total.ms[v] = (total.ms[v] ?? 0) + (r.ms[v] ?? 0);
    }
  }
  const lines = [`| format | files | .glb bytes | ${variants.map((v) => `${v} size ratio | ${v} time ÷ parse+export`).join(' | ')} |`, `|---|---:|---:|${variants.map(() => '---:|---:').join('|')}|`];
  for (const [name, r] of [...Object.entries(rows), ['total', total] as const]) {
    if (!r.files) continue;
    lines.push(`| ${name} | ${r.files} | ${r.glb} | ${variants.map((v) => `${((r.out[v] ?? 0) / r.glb).toFixed(3)} | ${((r.ms[v] ?? 0) / r.exportMs).toFixed(1)}`).join(' | ')} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
  const variants = (args.variants ?? Object.keys(VARIANTS).join(',')).split(',').filter((v) => v in VARIANTS);
  const corpus = process.env.RELIC3D_CORPUS ?? path.resolve('../../shared/corpus');
  const load = os.loadavg();
  const rows = await optimizeSizeBench(corpus, variants);
  console.log(optimizeSizeTable(rows, variants));
  console.log(`\nload average before: ${load.map((l) => l.toFixed(2)).join(' / ')}, after: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
}
