// Self time per function of a V8 `.cpuprofile` (from `node --cpu-prof`), by name and file, largest
// first, with each one's share of the non-idle samples: `node --import tsx src/profile-summary.ts FILE [--top=40]
// [--under=packages/] [--sum=regex]`. `--under` keeps only samples with a frame whose URL holds that text
// (the parse, not the bench's start-up), plus the garbage collector's; `--sum` adds up the functions it matches.
// Issue 25: the fraction f of a parse spent in work a kernel does or could do comes from these.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const [file] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 40);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const under = process.argv.find((a) => a.startsWith('--under='))?.slice(8);
const sum = process.argv.find((a) => a.startsWith('--sum='))?.slice(6);
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const kept = new Map<number, boolean>();
/** Whether a node, or a caller of it, runs code whose URL holds `under`. */
function isUnder(id: number): boolean {
  const known = kept.get(id);
  if (known !== undefined) return known;
  const node = byId.get(id)!;
  const p = parent.get(id);
  const yes = node.callFrame.url.includes(under!) || node.callFrame.functionName === '(garbage collector)' || (p !== undefined && isUnder(p));
  kept.set(id, yes);
  return yes;
}
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === '(idle)' || functionName === '(program)' || (under && !isUnder(id))) return;
  const us = profile.timeDeltas[i] ?? 0;
  const key = `${functionName || '(anonymous)'} ${url ? `${path.basename(path.dirname(url))}/${path.basename(url)}:${lineNumber + 1}` : ''}`;
  self.set(key, (self.get(key) ?? 0) + us);
  total += us;
});
console.log(`${(total / 1000).toFixed(0)} ms of samples`);
if (sum) {
  const re = new RegExp(sum);
  const matched = [...self].filter(([key]) => re.test(key.split(' ')[0]!)).reduce((t, [, us]) => t + us, 0);
  console.log(`/${sum}/: ${(matched / 1000).toFixed(0)} ms, ${((100 * matched) / total).toFixed(1)}%`);
}
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(1).padStart(7)} ms  ${key}`);
