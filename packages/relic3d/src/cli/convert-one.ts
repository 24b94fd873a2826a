// One conversion of `relic3d convert`: read (a file, or standard input), check --lod, write (files,
// or standard output), report. Returns the exit code and the `--json` object; never exits itself.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { serializeError, type Resolver, type Scene, type Warning } from '@relic3d/core';
import { describeScene } from '../info.js';
import { refusalOf, refuseInputAsOutput } from '../output-commit.js';
import { outputFormatFor, outputFormatIds, writeFile, type WriteFileResult } from '../write-file.js';
import { convertJson, printConverted } from './convert-report.js';
import { EXIT, formatError, UsageError, type CliContext, type CliIO } from './io.js';
import { checkLod, OptionRangeError } from './lod-range.js';
import { readSetup, type ReadOptions } from './options.js';
import { readInput } from './read-input.js';
import { optimizeOptionsOf, type OptimizeFlags } from './optimize-options.js';
import { skeletonWriteOption } from './skeleton-option.js';
import { isStdio, readStdinModel, STDIN_NAME, stdoutBytes, writeStdout } from './stdio.js';

/** The flags of `relic3d convert` one conversion uses. */
export interface ConvertFlags extends ReadOptions, OptimizeFlags {
  /** The text given; `checkLod` turns it into a level once the model is read. */
  lod?: string;
  animation?: string;
  outCodePage?: string;
  copyTextures: boolean;
  force?: boolean;
  companions?: string;
  /** `--skeleton file.chr`: an .o3d output bound to that game skeleton. */
  skeleton?: string;
}

export interface ConvertJob {
  input: string;
  output: string;
  /** The output format (`--to`/`--format`), else the output's extension decides. */
  to?: string;
  /** The input's format, for standard input (`--from`). */
  from?: string;
}

export interface ConvertOutcome {
  code: number;
  json: Record<string, unknown>;
}

const shown = (arg: string, stdio: string) => (isStdio(arg) ? stdio : arg);

const realOrResolved = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** Converts one model; errors are printed on `ctx.io.err`, the summary on `human`. */
export async function convertOne(ctx: CliContext, human: CliIO, job: ConvertJob, opts: ConvertFlags): Promise<ConvertOutcome> {
  const { io } = ctx;
  const input = shown(job.input, STDIN_NAME);
  const output = shown(job.output, '<stdout>');
  const toStdout = isStdio(job.output);
  const fail = (code: number, e: unknown, subject: string, format?: string): ConvertOutcome => {
    const refusal = refusalOf(e);
    if (e instanceof UsageError) io.err(`error: ${e.message}\n`);
    else io.err(refusal ? `error: ${subject}: ${(e as Error).message} [${refusal}]\n` : formatError(subject, e, ctx.verbose));
    return { code, json: { ok: false, input, output, format: format ?? null, error: e instanceof OptionRangeError ? e.toJSON() : errorJson(e) } };
  };

  if (toStdout && !job.to) return fail(EXIT.USAGE, new UsageError(`- as the output needs the format: --to ${outputFormatIds().join('|')}`), output);
  const target = outputFormatFor(job.to ?? job.output);
  if (!target) return fail(EXIT.USAGE, new UsageError(`${output}: no format to write: the output must end in ${outputFormatIds().map((id) => `.${id}`).join(', ')} (or be a folder), or give --format`), output);
  const targetId = typeof target === 'string' ? target : target.id;
  const gltfOut = typeof target === 'string';
  let optimize: ReturnType<typeof optimizeOptionsOf>;
  let skeleton: ReturnType<typeof skeletonWriteOption> = {};
  try {
    optimize = optimizeOptionsOf(opts);
    skeleton = skeletonWriteOption(opts.skeleton, targetId);
    if (optimize && !gltfOut) throw new UsageError(`--optimize writes glTF (.glb, .gltf); ${targetId} is written as it is`);
  } catch (e) {
    return fail(EXIT.USAGE, e, output, targetId);
  }
  if (!gltfOut && (opts.lod !== undefined || opts.animation !== undefined)) {
    return fail(EXIT.USAGE, new UsageError(`--lod and --animation choose what a glTF output holds; ${targetId} is written whole`), output, targetId);
  }

  // An output that is the input is refused before the input is read and converted (the commit checks again).
  try {
    if (!isStdio(job.input) && !toStdout) refuseInputAsOutput(job.output, { format: targetId, protect: [job.input] });
  } catch (e) {
    return fail(EXIT.FAILED, e, output, targetId);
  }

  let scene: Scene;
  let resolve: Resolver;
  let companionWarning: () => Warning | undefined = () => undefined;
  try {
    if (isStdio(job.input)) {
      const model = await readStdinModel(io, opts, job.from);
      ({ scene, resolve, companionWarning } = model);
    } else {
      // A --root that does not contain the input is a usage error (thrown here, before reading).
      const setup = readSetup(job.input, opts);
      ({ scene, resolve } = await readInput(job.input, setup));
    }
  } catch (e) {
    return fail(e instanceof UsageError ? EXIT.USAGE : EXIT.FAILED, e, input, targetId);
  }
  let lod: number | undefined;
  try {
    lod = opts.lod === undefined ? undefined : checkLod(opts.lod, describeScene(scene).lods, input);
  } catch (e) {
    return fail(EXIT.USAGE, e, input, targetId);
  }

  const warnings: Warning[] = [...scene.warnings];
  const onWarning = (w: Warning) => warnings.push(w);
  const codePage = gltfOut ? {} : codePageFor(opts);
  // Textures are copied only where the output cannot already find them: another folder.
  const sameFolder = !isStdio(job.input) && !toStdout && realOrResolved(path.dirname(path.resolve(job.input))) === realOrResolved(path.dirname(path.resolve(job.output)));
  let written: WriteFileResult;
  try {
    if (toStdout) {
      const bytes = await stdoutBytes(scene, target, { resolve, lod, animation: opts.animation, optimize, onWarning, ...codePage, ...skeleton });
      await writeStdout(io, bytes);
      written = { format: targetId, path: output, files: [{ path: output, bytes: bytes.byteLength, role: 'model' }], texturesNotCopied: [], warnings: [] };
    } else {
      written = await writeFile(scene, job.output, {
        format: targetId,
        resolve,
        copyTextures: opts.copyTextures && !sameFolder,
        force: opts.force === true,
        // The input is never replaced, also through a link or another name for it.
        protect: isStdio(job.input) ? [] : [job.input],
        lod,
        animation: opts.animation,
        optimize,
        ...codePage,
        ...skeleton,
        onWarning,
      });
    }
  } catch (e) {
    return fail(e instanceof UsageError ? EXIT.USAGE : EXIT.FAILED, e, output, targetId);
  }
  const missing = companionWarning();
  if (missing) warnings.push(missing);

  const converted = { input, output, scene, written, warnings, lod, animation: opts.animation };
  if (!ctx.quiet) printConverted(human, { ...converted, verbose: ctx.verbose, copyTextures: opts.copyTextures, sameFolder });
  return { code: EXIT.OK, json: convertJson(converted) };
}

/** The code page names are written in: --out-code-page, else the one they were read with. */
function codePageFor(opts: ConvertFlags): { codePage?: string } {
  const page = opts.outCodePage ?? opts.codePage;
  return page ? { codePage: page } : {};
}

/** An error as `--json` prints it: the batch report's shape plus a WriteError's limit fields. */
function errorJson(e: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...serializeError(e) };
  if (e instanceof Error) {
    for (const key of ['code', 'format', 'limit', 'value', 'max', 'where', 'refusal'] as const) {
      const value = (e as unknown as Record<string, unknown>)[key];
      if (value !== undefined && out[key] === undefined) out[key] = value;
    }
  }
  delete out.stack;
  return out;
}
