// The child process: builds a format's plan, runs its inputs one at a time (parse, measure, export,
// validate), reports each result to the runner over IPC and saves failing inputs. The runner's
// watchdog kills it when an input hangs; a crash (out of memory) ends it the same way.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { validateScene, type Resolver, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { aseFormat } from '@relic3d/ase';
import { lodFormat } from '@relic3d/lod';
import { mdlFormat } from '@relic3d/mdl';
import { ms3dFormat } from '@relic3d/ms3d';
import { parse as parseO3d } from '@relic3d/o3d';
import { toGlb } from '@relic3d/gltf';
import validator from 'gltf-validator';
import { hashSeed } from '@relic3d/test-harness';
import { overBudget } from './budget.js';
import { inputAt, makePlan, type Plan, type PlanOptions } from './generate.js';
import { measure } from './measure.js';
import { seedsFor } from './seeds.js';
import type { FormatId, FuzzInput, InputResult, Seed } from './types.js';

export interface RunCommand {
  type: 'run';
  plan: PlanOptions;
  start: number;
  end: number;
  validate: boolean;
  /** Where failing inputs go (`<dir>/<format>/<kind>-<index>/`). */
  failures: string;
  /** Inputs saved so far per failure signature (the runner's count, across children). */
  saved: Record<string, number>;
  savePerSignature: number;
}

export interface DumpCommand {
  type: 'dump';
  plan: PlanOptions;
  index: number;
  dir: string;
  result: InputResult;
}

export interface ReplayCommand {
  type: 'replay';
  dir: string;
  validate: boolean;
}

export type ChildCommand = RunCommand | DumpCommand | ReplayCommand | { type: 'exit' };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'plan'; truncations: number; seeds: number; seedBytes: number }
  | { type: 'result'; result: InputResult; savedAs?: string; signature?: string }
  | { type: 'done' }
  | { type: 'dumped'; dir: string; result: InputResult }
  | { type: 'replayed'; result: InputResult; detail: string };

const send = (message: ChildMessage) => process.send!(message);

/** A 1×1 PNG: every image a model names resolves to it, so the texture paths are exported and validated. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const IMAGE = /\.(png|jpe?g|bmp|tga|dds|gif|webp|tif)$/i;

/** Companions by base name (case-insensitive), and the PNG for image names. */
function resolverFor(companions: Record<string, Uint8Array>): Resolver {
  const byName = new Map(Object.entries(companions).map(([name, bytes]) => [name.toLowerCase(), bytes]));
  return (name: string) => {
    const base = name.replace(/^.*[\\/]/, '').toLowerCase();
    return byName.get(base) ?? (IMAGE.test(base) ? PNG : undefined);
  };
}

const FORMATS = { ms3d: ms3dFormat, ase: aseFormat, mdl: mdlFormat, lod: lodFormat };

function parse(format: FormatId, input: FuzzInput, kernels: 'wasm' | 'js'): Promise<Scene> {
  const options = { fileName: input.seed.fileName, resolve: resolverFor(input.companions), kernels };
  if (format === 'o3d') return parseO3d(input.bytes, { ...options, motions: input.seed.motions ?? [] });
  return FORMATS[format].parse(input.bytes, options);
}

const isFormatError = (e: unknown): boolean => e instanceof Error && e.name === 'FormatError' && typeof (e as { offset?: unknown }).offset === 'number';
const describeError = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : `thrown ${typeof e}: ${String(e)}`).slice(0, 400);

/**
 * Faults injected at given input indices (RELIC3D_FUZZ_FAULTS=hang:3,crash:5,slow:7,alloc:9), so the
 * runner's own tests can prove that hangs, crashes and budget breaches are caught and reported.
 */
const FAULTS = new Map((process.env.RELIC3D_FUZZ_FAULTS ?? '').split(',').filter(Boolean).map((f) => {
  const [kind, index] = f.split(':');
  return [Number(index), kind] as const;
}));

function injectFault(index: number): unknown {
  const fault = FAULTS.get(index);
  if (fault === 'hang') for (;;);
  if (fault === 'crash') process.abort();
  if (fault === 'slow') {
    const end = performance.now() + 2500;
    while (performance.now() < end);
  }
  if (fault === 'alloc') return Array.from({ length: 100 }, () => new Uint8Array(1 << 20).fill(1));
  return undefined;
}

let validatorFailed: ((error: unknown) => void) | undefined;
process.on('uncaughtException', (error) => {
  if (!validatorFailed) throw error;
  validatorFailed(error);
});

/** gltf-validator, with its errors thrown outside its promise (dart's async zone) turned into a rejection. */
function validateGlb(glb: Uint8Array): ReturnType<typeof validator.validateBytes> {
  return new Promise((resolve, reject) => {
    validatorFailed = reject;
    validator.validateBytes(glb, { maxIssues: 20 }).then(resolve, reject);
  }).finally(() => (validatorFailed = undefined)) as ReturnType<typeof validator.validateBytes>;
}

/** One input through the whole pipeline. */
export async function runInput(format: FormatId, input: FuzzInput, index: number, kernels: 'wasm' | 'js', validate: boolean): Promise<{ result: InputResult; scene?: Scene; error?: unknown }> {
  const m = await measure(() => {
    const held = injectFault(index);
    return parse(format, input, kernels).finally(() => held);
  });
  const result: InputResult = { index, label: input.label, seed: input.seed.name, bytes: input.bytes.length, outcome: 'accepted', ms: Math.round(m.ms * 10) / 10, peak: m.peak, kernels };
  const size = input.bytes.length + (input.changed === input.seed.fileName ? 0 : input.companions[input.changed]?.length ?? 0);
  const over = overBudget(size, m.ms, m.peak);
  if (over.length) result.over = over;
  if (m.error !== undefined) {
    result.outcome = isFormatError(m.error) ? 'rejected' : 'untyped';
    if (result.outcome === 'untyped') result.error = describeError(m.error);
    return { result, error: m.error };
  }
  const scene = m.value!;
  const issues = validateScene(scene);
  if (issues.length) result.sceneIssue = `${issues[0].code} ${issues[0].path}: ${issues[0].message}`.slice(0, 300);
  if (validate) {
    let glb: Uint8Array | undefined;
    try {
      glb = await toGlb(scene, { resolve: resolverFor(input.companions) });
    } catch (e) {
      result.glb = 'export-error';
      result.glbIssue = describeError(e);
    }
    if (glb) {
      try {
        const report = await validateGlb(glb);
        const errors = report.issues.messages.filter((i) => i.severity === 0);
        result.glb = errors.length ? 'invalid' : 'valid';
        if (errors.length) result.glbIssue = errors.slice(0, 3).map((e) => `${e.code} ${e.pointer ?? ''} ${e.message}`).join('; ').slice(0, 400);
      } catch (e) {
        // The validator itself gave up (its recursion overflows on very deep node trees).
        result.glb = 'unvalidated';
        result.glbIssue = `the validator failed: ${describeError(e).split('\n')[0].slice(0, 200)}`;
      }
    }
  }
  return { result, scene };
}

/** The kinds of failure an input shows (an input can show several). */
export function failureKinds(r: InputResult): string[] {
  const kinds: string[] = [];
  if (r.outcome === 'untyped' || r.outcome === 'hang' || r.outcome === 'crash') kinds.push(r.outcome);
  for (const o of r.over ?? []) kinds.push(`over-${o}`);
  if (r.glb === 'invalid' || r.glb === 'export-error') kinds.push(`glb-${r.glb}`);
  if (r.glb === 'unvalidated') kinds.push('validator-failed');
  if (r.sceneIssue) kinds.push('invalid-scene');
  return kinds;
}

/** What groups failures of one cause: the kind and the message with numbers and quoted names blanked. */
export function signatureOf(kind: string, r: InputResult): string {
  const detail = kind === 'glb-invalid' ? (r.glbIssue ?? '').split(' ')[0] : kind.startsWith('over-') ? '' : (r.error ?? r.glbIssue ?? r.sceneIssue ?? '');
  return `${kind} ${detail.replace(/'[^']*'|"[^"]*"/g, "'…'").replace(/\d+(\.\d+)?/g, '#').slice(0, 160)}`.trim();
}

/** Writes an input's files, what it was, and the command that replays it. */
export function saveInput(dir: string, format: FormatId, plan: PlanOptions | undefined, input: FuzzInput, result: InputResult): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, input.seed.fileName), input.bytes);
  for (const [name, bytes] of Object.entries(input.companions)) writeFileSync(path.join(dir, name), bytes);
  const meta = { format, fileName: input.seed.fileName, motions: input.seed.motions, companions: Object.keys(input.companions), kernels: result.kernels, seed: input.seed.name, label: input.label, index: result.index, plan, result };
  writeFileSync(path.join(dir, 'input.json'), `${JSON.stringify(meta, null, 2)}\n`);
  const rel = path.relative(process.cwd(), dir) || '.';
  writeFileSync(path.join(dir, 'repro.txt'), `pnpm fuzz --replay ${rel}\n`);
}

/** An input saved by saveInput, read back. */
export function loadInput(dir: string): { format: FormatId; input: FuzzInput; kernels: 'wasm' | 'js' } {
  const meta = JSON.parse(readFileSync(path.join(dir, 'input.json'), 'utf8'));
  const companions: Record<string, Uint8Array> = {};
  const files = new Set(readdirSync(dir));
  for (const name of meta.companions as string[]) if (files.has(name)) companions[name] = new Uint8Array(readFileSync(path.join(dir, name)));
  const bytes = new Uint8Array(readFileSync(path.join(dir, meta.fileName)));
  const seed: Seed = { name: meta.seed, fileName: meta.fileName, bytes, companions, motions: meta.motions, source: 'corpus' };
  return { format: meta.format, kernels: meta.kernels ?? 'wasm', input: { seed, bytes, companions, label: meta.label, changed: meta.fileName } };
}

/** A quarter of the inputs force the TypeScript kernels; the rest use WASM. */
export const kernelsFor = (plan: PlanOptions, index: number): 'wasm' | 'js' => (hashSeed(`${plan.runSeed}:${plan.format}:kernels:${index}`) % 4 === 0 ? 'js' : 'wasm');

let current: { key: string; plan: Plan } | undefined;
function planFor(options: PlanOptions): Plan {
  const key = JSON.stringify(options);
  if (current?.key !== key) {
    const seeds = current?.plan.options.format === options.format ? current.plan.seeds : seedsFor(options.format);
    current = { key, plan: makePlan(seeds, options) };
  }
  return current.plan;
}

async function run(command: RunCommand): Promise<void> {
  const plan = planFor(command.plan);
  const format = command.plan.format;
  send({ type: 'plan', truncations: plan.truncations.length, seeds: plan.seeds.length, seedBytes: plan.seeds.reduce((n, s) => n + s.bytes.length, 0) });
  const saved = { ...command.saved };
  for (let index = command.start; index < command.end; index++) {
    const input = inputAt(plan, index);
    const { result } = await runInput(format, input, index, kernelsFor(command.plan, index), command.validate);
    let savedAs: string | undefined;
    let signature: string | undefined;
    const kinds = failureKinds(result);
    if (kinds.length) {
      signature = signatureOf(kinds[0], result);
      if ((saved[signature] ?? 0) < command.savePerSignature) {
        saved[signature] = (saved[signature] ?? 0) + 1;
        savedAs = path.join(command.failures, format, `${kinds[0]}-${index}`);
        saveInput(savedAs, format, command.plan, input, result);
      }
    }
    send({ type: 'result', result, savedAs, signature });
  }
  send({ type: 'done' });
}

async function main(): Promise<void> {
  await ready();
  process.on('message', async (command: ChildCommand) => {
    if (command.type === 'run') await run(command);
    else if (command.type === 'dump') {
      const plan = planFor(command.plan);
      const input = inputAt(plan, command.index);
      const result = { ...command.result, label: input.label, seed: input.seed.name, bytes: input.bytes.length };
      saveInput(command.dir, command.plan.format, command.plan, input, result);
      send({ type: 'dumped', dir: command.dir, result });
    } else if (command.type === 'replay') {
      const { format, input, kernels } = loadInput(command.dir);
      const out = await runInput(format, input, -1, kernels, command.validate);
      const detail = out.error instanceof Error ? (out.error.stack ?? String(out.error)) : out.error === undefined ? '' : String(out.error);
      send({ type: 'replayed', result: out.result, detail });
    } else process.exit(0);
  });
  process.send!({ type: 'ready' });
}

if (process.send) void main();
