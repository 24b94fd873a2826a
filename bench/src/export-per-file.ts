// toGlb ÷ parse per file (issue #25's target: toGlb ≤ parse, per file): every corpus model of the
// formats asked for, and the small generated files, each parsed and exported in the same interleaved
// rounds (CPU time, each repeated until 10 ms have passed), the ratio of the medians per file.
// `node --expose-gc --import tsx src/export-per-file.ts [--formats=ms3d,lod] [--sets=corpus,small]
// [--rounds=5] [--over=1]` prints the files whose ratio is over `--over` (all with --over=0), and the
// spread of the ratios per set. `--loop=FILE-NAME-PART --seconds=20` exports the matching files in a
// loop instead, for `node --cpu-prof` (then `src/profile-summary.ts … --under=packages/gltf`).
import os from 'node:os';
import { parse, ready, toGlb, type Scene } from 'relic3d';
import { corpusInputs, smallGeneratedInputs, type ExportInput } from './export.js';
import { cpuMs, fmt, median } from './timing.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')) as [string, string][]);
const formats = (args.formats ?? 'o3d,ms3d,ase,mdl,lod').split(',');
const sets = new Set((args.sets ?? 'corpus,small').split(','));
const rounds = Number(args.rounds ?? 5);
const over = Number(args.over ?? 1);

const parseOf = (input: ExportInput) => parse(input.bytes, { fileName: input.name, resolve: input.resolve, motions: input.motions });

/** CPU ms of one call of `fn`, repeated until 10 ms have passed. */
async function cpuOf(fn: () => Promise<unknown>): Promise<number> {
  let reps = 0;
  const start = cpuMs();
  do {
    await fn();
    reps++;
  } while (cpuMs() - start < 10);
  return (cpuMs() - start) / reps;
}

interface FileRatio { set: string; format: string; name: string; bytes: number; parseMs: number; exportMs: number; ratio: number }

async function measureFile(set: string, input: ExportInput): Promise<FileRatio | undefined> {
  let scene: Scene;
  try {
    scene = await parseOf(input);
  } catch {
    return undefined; // files a parser refuses (the corpus has some on purpose)
  }
  await toGlb(scene, { resolve: input.resolve });
  const parses: number[] = [];
  const exports: number[] = [];
  for (let r = 0; r < rounds; r++) {
    parses.push(await cpuOf(() => parseOf(input)));
    exports.push(await cpuOf(() => toGlb(scene, { resolve: input.resolve })));
  }
  const parseMs = median(parses);
  const exportMs = median(exports);
  return { set, format: input.format, name: input.name, bytes: input.bytes.length, parseMs, exportMs, ratio: exportMs / parseMs };
}

function inputsOf(set: string, format: string): ExportInput[] {
  if (set === 'corpus') return process.env.RELIC3D_CORPUS ? corpusInputs(process.env.RELIC3D_CORPUS, format) : [];
  return smallGeneratedInputs(format, 10);
}

await ready();
if (args.loop) {
  const inputs = [...sets].flatMap((set) => formats.flatMap((f) => inputsOf(set, f))).filter((i) => i.name.includes(args.loop));
  const scenes = await Promise.all(inputs.map(parseOf));
  const until = cpuMs() + 1000 * Number(args.seconds ?? 20);
  let n = 0;
  while (cpuMs() < until) for (let i = 0; i < scenes.length; i++, n++) await toGlb(scenes[i], { resolve: inputs[i].resolve });
  console.log(`${n} exports of ${inputs.length} files`);
} else {
  const rows: FileRatio[] = [];
  for (const set of sets) {
    for (const format of formats) {
      for (const input of inputsOf(set, format)) {
        const row = await measureFile(set, input);
        if (row) rows.push(row);
      }
      const mine = rows.filter((r) => r.set === set && r.format === format).map((r) => r.ratio).sort((a, b) => a - b);
      if (mine.length) console.log(`${set} ${format}: ${mine.length} files, toGlb ÷ parse min ${fmt(mine[0])} median ${fmt(median(mine))} max ${fmt(mine[mine.length - 1])}, over ${over}: ${mine.filter((x) => x > over).length}`);
    }
  }
  console.log(`\nLoad average ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}\n`);
  console.log('| set | format | file | KB | parse CPU ms | toGlb CPU ms | toGlb ÷ parse |\n| --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of rows.filter((x) => x.ratio > over).sort((a, b) => b.ratio - a.ratio)) console.log(`| ${r.set} | ${r.format} | ${r.name} | ${fmt(r.bytes / 1024, 1)} | ${fmt(r.parseMs, 2)} | ${fmt(r.exportMs, 2)} | ${fmt(r.ratio, 2)} |`);
}
