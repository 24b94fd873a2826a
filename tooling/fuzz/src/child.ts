// The child process: builds a format's plan, runs its inputs one at a time (parse, measure, export,
// validate), reports each result to the runner over IPC and saves failing inputs. The runner's
// watchdog kills it when an input hangs; a crash (out of memory) ends it the same way.
import path from 'node:path';
import v8 from 'node:v8';
import { validateScene, WarningSink, type Resolver, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { aseFormat, readAse } from '@relic3d/ase';
import { lodFormat, readLod } from '@relic3d/lod';
import { mdlFormat, readMdl } from '@relic3d/mdl';
import { ms3dFormat, readMs3d } from '@relic3d/ms3d';
// Internal: the fuzzer also builds a scene from a decoded raw structure, a path of its own.
import { buildMs3dScene } from '../../../packages/ms3d/src/scene/index.js';
import { parse as parseO3d, parseSync as parseO3dSync, readAni, readChr, readO3d } from '@relic3d/o3d';
import { fromGltf, toGlb } from '@relic3d/gltf';
import { openRes } from '@relic3d/res';
import { writers } from '@relic3d/formats';
import type validatorModule from 'gltf-validator';
import { hashSeed } from '@relic3d/test-harness';
import { overBudget } from './budget.js';
import { inputAt, makePlan, type Plan, type PlanOptions } from './generate.js';
import { measure } from './measure.js';
import { loadInput, saveInput } from './saved-input.js';
import { seedsFor } from './seeds.js';
import type { FormatId, FuzzInput, InputResult, WriterResult } from './types.js';

export interface RunCommand {
  type: 'run';
  plan: PlanOptions;
  start: number;
  end: number;
  /** 'export': toGlb runs and is measured, the validator does not (it takes minutes on a 50,000-node .glb under load). */
  validate: boolean | 'export';
  /** Where failing inputs go (`<dir>/<format>/<kind>-<index>/`). */
  failures: string;
  /** Inputs saved so far per failure signature (the runner's count, across children). */
  saved: Record<string, number>;
  savePerSignature: number;
  /** Write coverage so far every this many inputs (a hang or crash then loses at most that much). */
  coverageEvery: number;
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
  validate: boolean | 'export';
}

export type ChildCommand = RunCommand | DumpCommand | ReplayCommand | { type: 'exit' };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'plan'; truncations: number; seeds: number; seedBytes: number; stress: number }
  | { type: 'result'; result: InputResult; savedAs?: string; signature?: string }
  | { type: 'done' }
  | { type: 'dumped'; dir: string; result: InputResult }
  | { type: 'replayed'; result: InputResult; detail: string };

const send = (message: ChildMessage) => process.send!(message);

/** A 1×1 PNG: every image a model names resolves to it, so the texture paths are exported and validated. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const IMAGE = /\.(png|jpe?g|bmp|tga|dds|gif|webp|tif)$/i;

/**
 * Ultra `.mat` files (JSON) an MDL names: a full one with textures (one of them outside the
 * folder), out-of-range numbers (1e999 parses to Infinity), a terminal escape instead of JSON, and
 * JSON without a material.
 */
const MATERIALS = [
  '{"material":{"color":[1,0.5,0.25,1],"emission":[0.1,0,0],"metallic":0.5,"roughness":2,"alphamask":true,"alphacutoff":0.3,"twosided":true,"texture0":"./diffuse.png","texture1":"normal.png","texture2":"../metal.png","texture7":"/etc/passwd"}}',
  '{"material":{"color":[1e999,0,0,1],"emission":[-1e999,0,0],"metallic":1e999,"roughness":-1e999,"alphamask":true,"alphacutoff":1e999,"texture0":""}}',
  '\u001b[2J\u001b[Hall OK',
  '{"materials":[]}',
].map((text) => new TextEncoder().encode(text));

/** Companions by base name (case-insensitive), the PNG for image names and a .mat for material names. */
function resolverFor(companions: Record<string, Uint8Array>, salt: number): Resolver {
  const byName = new Map(Object.entries(companions).map(([name, bytes]) => [name.toLowerCase(), bytes]));
  return (name: string) => {
    const base = name.replace(/^.*[\\/]/, '').toLowerCase();
    if (byName.has(base)) return byName.get(base);
    if (IMAGE.test(base)) return PNG;
    if (base.endsWith('.mat')) return MATERIALS[hashSeed(`${salt}:${base}`) % MATERIALS.length];
    return undefined;
  };
}

/** How an input is parsed: kernels, the async or sync entry, and the format's own options. */
export interface Variant {
  kernels: 'wasm' | 'js';
  sync: boolean;
  options: Record<string, string | boolean>;
}

/** Option values each format is also run with (a quarter of the inputs each, by hash). */
const OPTIONS: Record<FormatId, Record<string, (string | boolean)[]>> = {
  ms3d: { positionInterpolation: ['linear', 'hermite', 'step'] },
  ase: { fileNormals: [true, false] },
  o3d: { noSkeletonLookup: [false, false, false, true] },
  mdl: { morphTargets: ['absolute', 'delta'] },
  lod: { upAxis: ['y', 'z'] },
  gltf: {},
  res: {},
};

export function variantFor(plan: PlanOptions, index: number): Variant {
  const h = (what: string) => hashSeed(`${plan.runSeed}:${plan.format}:${what}:${index}`);
  const options: Record<string, string | boolean> = {};
  for (const [key, values] of Object.entries(OPTIONS[plan.format])) options[key] = values[h(key) % values.length];
  if (plan.format === 'gltf' || plan.format === 'res') return { kernels: 'wasm', sync: plan.format === 'res', options };
  return { kernels: h('kernels') % 4 === 0 ? 'js' : 'wasm', sync: h('sync') % 4 === 0, options };
}

const FORMATS = { ms3d: ms3dFormat, ase: aseFormat, mdl: mdlFormat, lod: lodFormat };

async function parse(format: FormatId, input: FuzzInput, variant: Variant, salt: number): Promise<Scene> {
  const options = { fileName: input.seed.fileName, resolve: resolverFor(input.companions, salt), kernels: variant.kernels, ...variant.options };
  if (format === 'gltf') return fromGltf(input.bytes, { resolve: options.resolve });
  if (format === 'res') throw new Error('a .res pack has no scene (runPack reads it)');
  if (format === 'o3d') {
    const o3dOptions = { ...options, motions: input.seed.motions ?? [] };
    return variant.sync ? parseO3dSync(input.bytes, o3dOptions) : parseO3d(input.bytes, o3dOptions);
  }
  return variant.sync ? FORMATS[format].parseSync!(input.bytes, options) : FORMATS[format].parse(input.bytes, options);
}

/** The raw readers (bytes → the stored structure), public API too: the changed file only. */
function readRaw(format: FormatId, input: FuzzInput): void {
  if (format === 'gltf' || format === 'res') return; // fromGltf is the raw reader; a pack has no scene
  const bytes = input.changed === input.seed.fileName ? input.bytes : input.companions[input.changed];
  if (format === 'o3d') (/\.chr$/i.test(input.changed) ? readChr : /\.ani$/i.test(input.changed) ? readAni : readO3d)(bytes);
  else if (format === 'ms3d') buildMs3dScene(readMs3d(bytes), {}, new WarningSink('ms3d'));
  else ({ ase: readAse, mdl: readMdl, lod: readLod })[format](bytes);
}

const isWriteError = (e: unknown): boolean => e instanceof Error && e.name === 'WriteError';
const isFormatError = (e: unknown): boolean => e instanceof Error && e.name === 'FormatError' && typeof (e as { offset?: unknown }).offset === 'number';
const describeError = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : `thrown ${typeof e}: ${String(e)}`).slice(0, 400);

/**
 * Faults injected at given input indices (RELIC3D_FUZZ_FAULTS=hang:3,crash:5,slow:7,alloc:9,build:11), so
 * the runner's own tests can prove that hangs, crashes, budget breaches and a mutator that throws
 * while building an input are caught and reported.
 */
const FAULTS = new Map((process.env.RELIC3D_FUZZ_FAULTS ?? '').split(',').filter(Boolean).map((f) => {
  const [kind, index] = f.split(':');
  return [Number(index), kind] as const;
}));

/** Input `index` of the plan; the `build` fault throws here, as a broken mutator would. */
function buildInput(plan: Plan, index: number): FuzzInput {
  if (FAULTS.get(index) === 'build') throw new RangeError(`injected: building input ${index} failed`);
  return inputAt(plan, index);
}

function injectFault(index: number): unknown {
  const fault = FAULTS.get(index);
  // Blocked, not spinning: the wall-clock watchdog sees the same silence, and no CPU is burnt.
  if (fault === 'hang') for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  if (fault === 'crash') process.abort();
  if (fault === 'slow') {
    // 2.2 s of CPU time (the budget clock), however loaded the machine is.
    const start = process.cpuUsage();
    for (let used = 0; used < 2200; ) {
      const d = process.cpuUsage(start);
      used = (d.user + d.system) / 1000;
    }
  }
  if (fault === 'alloc') return Array.from({ length: 100 }, () => new Uint8Array(1 << 20).fill(1));
  return undefined;
}

let validatorFailed: ((error: unknown) => void) | undefined;
process.on('uncaughtException', (error) => {
  if (!validatorFailed) throw error;
  validatorFailed(error);
});

type Validator = typeof validatorModule;
/** Loaded on the first .glb to validate: runs without the validator (the tests' all are) skip its load, ~45 ms a child. */
let validator: Promise<Validator> | undefined;
const loadValidator = () => (validator ??= import('gltf-validator').then((m) => (m.default ?? m) as Validator));

/** gltf-validator, with its errors thrown outside its promise (dart's async zone) turned into a rejection. */
async function validateGlb(glb: Uint8Array): ReturnType<Validator['validateBytes']> {
  const loaded = await loadValidator();
  return new Promise((resolve, reject) => {
    validatorFailed = reject;
    loaded.validateBytes(glb, { maxIssues: 20 }).then(resolve, reject);
  }).finally(() => (validatorFailed = undefined)) as ReturnType<Validator['validateBytes']>;
}

/**
 * A .res pack: its entry list, then every entry's bytes (deciphered), under the same budgets. There
 * is no scene: an accepted pack is one whose every entry reads.
 */
async function runPack(input: FuzzInput, index: number, variant: Variant): Promise<{ result: InputResult; error?: unknown }> {
  const m = await measure(async () => {
    const held = injectFault(index);
    try {
      const pack = openRes(input.bytes);
      let bytes = 0;
      for (const entry of pack.entries) bytes += pack.read(entry).length;
      return bytes;
    } finally {
      await held;
    }
  });
  const result: InputResult = { index, label: input.label, seed: input.seed.name, bytes: input.bytes.length, outcome: 'accepted', ms: Math.round(m.ms * 10) / 10, cpuMs: Math.round(m.cpuMs * 10) / 10, peak: m.peak, kernels: variant.kernels, variant };
  const over = overBudget(input.bytes.length, m.cpuMs, m.peak);
  if (over.length) result.over = over;
  if (m.error !== undefined) {
    result.outcome = isFormatError(m.error) ? 'rejected' : 'untyped';
    if (result.outcome === 'untyped') result.error = describeError(m.error);
    return { result, error: m.error };
  }
  return { result };
}

/** One input through the whole pipeline. */
export async function runInput(format: FormatId, input: FuzzInput, index: number, variant: Variant, validate: boolean | 'export'): Promise<{ result: InputResult; scene?: Scene; error?: unknown }> {
  if (format === 'res') return runPack(input, index, variant);
  const m = await measure(() => {
    const held = injectFault(index);
    return parse(format, input, variant, index).finally(() => held);
  });
  const result: InputResult = { index, label: input.label, seed: input.seed.name, bytes: input.bytes.length, outcome: 'accepted', ms: Math.round(m.ms * 10) / 10, cpuMs: Math.round(m.cpuMs * 10) / 10, peak: m.peak, kernels: variant.kernels, variant };
  const size = input.bytes.length + (input.changed === input.seed.fileName ? 0 : input.companions[input.changed]?.length ?? 0);
  const over = overBudget(size, m.cpuMs, m.peak);
  if (over.length) result.over = over;
  let rawError: unknown;
  try {
    readRaw(format, input);
  } catch (e) {
    rawError = e;
  }
  const parseUntyped = m.error !== undefined && !isFormatError(m.error);
  const rawUntyped = rawError !== undefined && !isFormatError(rawError);
  if (parseUntyped || rawUntyped) {
    result.outcome = 'untyped';
    result.error = parseUntyped ? describeError(m.error) : `raw reader: ${describeError(rawError)}`;
    return { result, error: parseUntyped ? m.error : rawError };
  }
  if (m.error !== undefined) {
    result.outcome = 'rejected';
    return { result, error: m.error };
  }
  const scene = m.value!;
  const issues = validateScene(scene);
  if (issues.length) result.sceneIssue = `${issues[0].code} ${issues[0].path}: ${issues[0].message}`.slice(0, 300);
  if (validate) {
    let glb: Uint8Array | undefined;
    // toGlb is held to the parse's budgets too (issue 26: 8 × the input + 64 MB); over them it is
    // counted as a writer over budget, named toGlb.
    const exported = await measure(() => toGlb(scene, { resolve: resolverFor(input.companions, index) }));
    const exportOver = overBudget(size, exported.cpuMs, exported.peak);
    if (exportOver.length) result.writers = [{ id: 'toGlb', outcome: 'written', cpuMs: Math.round(exported.cpuMs * 10) / 10, peak: exported.peak, over: exportOver }];
    try {
      if (exported.error !== undefined) throw exported.error;
      glb = exported.value;
    } catch (e) {
      result.glb = 'export-error';
      result.glbIssue = describeError(e);
    }
    if (glb && validate !== 'export') {
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
  if (format === 'gltf') {
    result.writers = [...(result.writers ?? []), ...(await runWriters(scene, size))];
    const failed = result.writers.find((w) => w.outcome === 'untyped' || w.over);
    if (failed) result.writerIssue = `${failed.id}: ${failed.outcome === 'untyped' ? failed.error : `over ${failed.over!.join(' and ')} budget (${failed.cpuMs} ms CPU, peak ${failed.peak} B)`}`;
  }
  return { result, scene };
}

/**
 * Every writer on an accepted glTF scene, each measured as the parse is and held to the same
 * budgets for the input's size: a WriteError is a refusal, anything else an untyped error. A
 * writer that crashes takes this child down, which the runner counts.
 */
async function runWriters(scene: Scene, inputBytes: number): Promise<WriterResult[]> {
  const out: WriterResult[] = [];
  for (const writer of writers) {
    const m = await measure(() => writer.write(scene));
    const r: WriterResult = { id: writer.id, outcome: m.error === undefined ? 'written' : isWriteError(m.error) ? 'refused' : 'untyped', cpuMs: Math.round(m.cpuMs * 10) / 10, peak: m.peak };
    if (r.outcome === 'untyped') r.error = describeError(m.error);
    const over = overBudget(inputBytes, m.cpuMs, m.peak);
    if (over.length) r.over = over;
    out.push(r);
  }
  return out;
}

/** The kinds of failure an input shows (an input can show several). */
export function failureKinds(r: InputResult): string[] {
  const kinds: string[] = [];
  if (r.outcome === 'untyped' || r.outcome === 'hang' || r.outcome === 'crash') kinds.push(r.outcome);
  for (const o of r.over ?? []) kinds.push(`over-${o}`);
  if (r.glb === 'invalid' || r.glb === 'export-error') kinds.push(`glb-${r.glb}`);
  if (r.glb === 'unvalidated') kinds.push('validator-failed');
  if (r.sceneIssue) kinds.push('invalid-scene');
  for (const w of r.writers ?? []) {
    if (w.outcome === 'untyped') kinds.push(`writer-untyped`);
    for (const o of w.over ?? []) kinds.push(`writer-over-${o}`);
  }
  return kinds;
}

/** What groups failures of one cause: the kind and the message with numbers and quoted names blanked. */
export function signatureOf(kind: string, r: InputResult): string {
  const writer = r.writers?.find((w) => (kind === 'writer-untyped' ? w.outcome === 'untyped' : w.over?.includes(kind.slice('writer-over-'.length) as 'time')));
  const detail = kind.startsWith('writer-') ? `${writer?.id ?? ''} ${kind === 'writer-untyped' ? (writer?.error ?? '') : ''}` : kind === 'glb-invalid' ? (r.glbIssue ?? '').split(' ')[0] : kind.startsWith('over-') ? '' : (r.error ?? r.glbIssue ?? r.sceneIssue ?? '');
  return `${kind} ${detail.replace(/'[^']*'|"[^"]*"/g, "'…'").replace(/\d+(\.\d+)?/g, '#').slice(0, 160)}`.trim();
}

let current: { key: string; plan: Plan } | undefined;
async function planFor(options: PlanOptions): Promise<Plan> {
  const key = JSON.stringify(options);
  if (current?.key !== key) {
    // A stress-only plan reads no seeds (gltf's are ~1 CPU-s of parsing and toGlb).
    const reuse = current?.plan.options.format === options.format && current.plan.options.seeds === options.seeds && current.plan.options.stress !== 'only';
    const all = options.stress === 'only' ? [] : reuse ? current!.plan.seeds : await seedsFor(options.format);
    const seeds = all.filter((s) => !options.seeds || options.seeds === 'all' || s.source === options.seeds);
    current = { key, plan: makePlan(seeds, options) };
  }
  return current.plan;
}

async function run(command: RunCommand): Promise<void> {
  const plan = await planFor(command.plan);
  const format = command.plan.format;
  send({ type: 'plan', truncations: plan.truncations.length, seeds: plan.seeds.length, seedBytes: plan.seeds.reduce((n, s) => n + s.bytes.length, 0), stress: plan.stress });
  const saved = { ...command.saved };
  const end = command.plan.stress === 'only' ? Math.min(command.end, plan.stress) : command.end;
  for (let index = command.start; index < end; index++) {
    const input = buildInput(plan, index);
    const { result } = await runInput(format, input, index, variantFor(command.plan, index), command.validate);
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
    if (process.env.NODE_V8_COVERAGE && (index + 1) % command.coverageEvery === 0) v8.takeCoverage();
  }
  send({ type: 'done' });
}

async function main(): Promise<void> {
  await ready();
  process.on('message', async (command: ChildCommand) => {
    if (command.type === 'run') await run(command);
    else if (command.type === 'dump') {
      const plan = await planFor(command.plan);
      const input = buildInput(plan, command.index);
      const result = { ...command.result, label: input.label, seed: input.seed.name, bytes: input.bytes.length };
      saveInput(command.dir, command.plan.format, command.plan, input, result);
      send({ type: 'dumped', dir: command.dir, result });
    } else if (command.type === 'replay') {
      const { format, input, variant, index } = loadInput(command.dir);
      const out = await runInput(format, input, index, variant, command.validate);
      const detail = out.error instanceof Error ? (out.error.stack ?? String(out.error)) : out.error === undefined ? '' : String(out.error);
      send({ type: 'replayed', result: out.result, detail });
    } else process.exit(0);
  });
  process.send!({ type: 'ready' });
}

if (process.send) void main();
