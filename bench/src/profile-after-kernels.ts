// Issue 25: does `pnpm bench`'s kernels section (run before the parse section) slow the parses that
// follow it? CPU ms of one format's parse (forced GC before each, wasm/js alternating, as index.ts)
// before and after `kernelBench` in one process.
// `node --expose-gc --import tsx src/profile-after-kernels.ts [format] [--kind=static|skinned] [--runs=5]`
import os from 'node:os';
import { ready } from '@relic3d/kernels';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { kernelBench } from './kernels.js';
import { loadParsers } from './parsers.js';
import { cpuMs, fmt, gc, median } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const format = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'ase';
const input = benchInputs(50, 60000, new Set([format])).find((g) => g.kind === (flags.kind ?? 'static'))!;
await ready();
const parse = (await loadParsers())[format]!;
const options = parseOptionsOf(input);
async function measure(label: string): Promise<void> {
  const cpu = { wasm: [] as number[], js: [] as number[] };
  for (let r = 0; r < 2; r++) for (const k of ['wasm', 'js'] as const) await parse(input.bytes, { ...options, kernels: k });
  for (let r = 0; r < Number(flags.runs ?? 5); r++) {
    for (const k of r % 2 ? (['js', 'wasm'] as const) : (['wasm', 'js'] as const)) {
      gc();
      const c = cpuMs();
      await parse(input.bytes, { ...options, kernels: k });
      cpu[k].push(cpuMs() - c);
    }
  }
  const mem = process.memoryUsage();
  console.log(`${label}: ${format} ${flags.kind ?? 'static'} CPU ms wasm ${fmt(median(cpu.wasm), 0)}, js ${fmt(median(cpu.js), 0)}; heap used ${fmt(mem.heapUsed / 1048576, 0)} MB, array buffers ${fmt(mem.arrayBuffers / 1048576, 0)} MB; load ${os.loadavg()[0].toFixed(1)}`);
}
await measure('before kernelBench');
await kernelBench(Number(flags.scale ?? 0.5));
await measure('after kernelBench');
gc();
await measure('after kernelBench + gc');
