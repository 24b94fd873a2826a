// A failing input on disk: its files, what it was and the one-line command that replays it
// (`pnpm fuzz --replay DIR`), and the same read back for the replay.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PlanOptions } from './generate.js';
import type { FormatId, FuzzInput, InputResult, Seed } from './types.js';
import type { Variant } from './child.js';

/** Writes an input's files, what it was, and the command that replays it. */
export function saveInput(dir: string, format: FormatId, plan: PlanOptions | undefined, input: FuzzInput, result: InputResult): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, input.seed.fileName), input.bytes);
  for (const [name, bytes] of Object.entries(input.companions)) writeFileSync(path.join(dir, name), bytes);
  const meta = { format, fileName: input.seed.fileName, motions: input.seed.motions, companions: Object.keys(input.companions), changed: input.changed, variant: result.variant, seed: input.seed.name, label: input.label, index: result.index, plan, result };
  writeFileSync(path.join(dir, 'input.json'), `${JSON.stringify(meta, null, 2)}\n`);
  const rel = path.relative(process.cwd(), dir) || '.';
  writeFileSync(path.join(dir, 'repro.txt'), `pnpm fuzz --replay ${rel}\n`);
}

/** An input saved by saveInput, read back. */
export function loadInput(dir: string): { format: FormatId; input: FuzzInput; variant: Variant; index: number } {
  const meta = JSON.parse(readFileSync(path.join(dir, 'input.json'), 'utf8'));
  const companions: Record<string, Uint8Array> = {};
  const files = new Set(readdirSync(dir));
  for (const name of meta.companions as string[]) if (files.has(name)) companions[name] = new Uint8Array(readFileSync(path.join(dir, name)));
  const bytes = new Uint8Array(readFileSync(path.join(dir, meta.fileName)));
  const seed: Seed = { name: meta.seed, fileName: meta.fileName, bytes, companions, motions: meta.motions, source: 'corpus' };
  const variant: Variant = meta.variant ?? { kernels: 'wasm', sync: false, options: {} };
  return { format: meta.format, variant, index: meta.index ?? 0, input: { seed, bytes, companions, label: meta.label, changed: meta.changed ?? meta.fileName } };
}
