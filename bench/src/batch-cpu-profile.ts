// Where each thread of a batch spends its samples: reads the .cpuprofile files that
// `node --cpu-prof --cpu-prof-dir=DIR` writes (one per thread: the main thread and every worker)
// and prints, per file, the self time by package (pkg:<name>, npm:<name>, node internals, GC, idle)
// and the top functions. Samples are wall-clock ticks of a running thread: on a loaded machine a
// thread that waits for a CPU is charged to what it was doing, so compare shares, not milliseconds.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof packages/relic3d/dist/cli.js batch DIR --out OUT --jobs 2
//   node --import tsx src/batch-cpu-profile.ts /tmp/prof [--top=15]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ThreadSummary {
  file: string;
  sampledMs: number;
  /** Self milliseconds by package or category, largest first. */
  byPackage: [string, number][];
  /** Self milliseconds by function (name, file, line), largest first. */
  byFunction: [string, number][];
}

/** The package a frame belongs to: pkg:<workspace package>, npm:<dependency>, a node: module, or a V8 category. */
function packageOf(frame: ProfileNode['callFrame']): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : `(native ${frame.functionName})`;
  const dependency = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return `npm:${dependency[1]}`;
  const own = /\/packages\/([^/]+)\//.exec(url);
  if (own) return `pkg:${own[1]}`;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?([^/]+).*/, 'node:$2');
  if (url.startsWith('wasm:')) return 'wasm';
  return path.basename(url);
}

const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

export function summarize(file: string): ThreadSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = nodes.get(profile.samples[i]);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) continue;
    total += ms;
    const pkg = packageOf(node.callFrame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url) || pkg}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  return { file: path.basename(file), sampledMs: total, byPackage: sorted(byPackage), byFunction: sorted(byFunction) };
}

/** Markdown-ish lines: per thread, the packages over 1% and the top functions. */
export function describeThreads(summaries: ThreadSummary[], top = 15): string[] {
  const lines: string[] = [];
  const row = (name: string, ms: number, total: number) => `  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`;
  for (const s of summaries) {
    lines.push(`${s.file}: ${s.sampledMs.toFixed(0)} ms sampled`);
    for (const [name, ms] of s.byPackage) if (ms >= s.sampledMs / 100) lines.push(row(name, ms, s.sampledMs));
    lines.push('  top functions:');
    for (const [name, ms] of s.byFunction.slice(0, top)) lines.push(row(name, ms, s.sampledMs));
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  const top = Number(/^--top=(\d+)$/.exec(process.argv[3] ?? '')?.[1] ?? 15);
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort()
        .map((f) => path.join(target, f))
    : [target];
  console.log(describeThreads(files.map(summarize), top).join('\n'));
}
