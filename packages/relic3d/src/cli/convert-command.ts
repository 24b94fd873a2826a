import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { serializeError, type Warning } from '@relic3d/core';
import { describeScene } from '../info.js';
import { refusalOf } from '../output-commit.js';
import { outputFormatFor, outputFormatIds, writeFile, type WriteFileResult } from '../write-file.js';
import { convertJson, printConverted } from './convert-report.js';
import { EXIT, Exit, UsageError, formatError, plural, type CliContext } from './io.js';
import { codePageOption, motionsOption, outCodePageOption, parseIntOption, readSetup, rootOption, type ReadOptions } from './options.js';
import { readInput } from './read-input.js';
import { addOptimizeOptions, optimizeOptionsOf, type OptimizeFlags } from './optimize-options.js';

/**
 * `OUT` for `convert IN [OUT]`: given, a folder (existing or ending in a slash) that gets
 * `<name><extension>`, or `<name><extension>` beside IN (`extension` default `.glb`).
 */
export function defaultOutput(input: string, output?: string, extension = '.glb'): string {
  const stem = path.basename(input).replace(/\.[^.]*$/, '') || path.basename(input);
  if (output === undefined) return path.join(path.dirname(input), `${stem}${extension}`);
  const isFolder = /[\\/]$/.test(output) || (existsSync(output) && statSync(output).isDirectory());
  return isFolder ? path.join(output, `${stem}${extension}`) : output;
}

/** The flags of `relic3d convert`. */
interface ConvertOptions extends ReadOptions, OptimizeFlags {
  lod?: number;
  animation?: string;
  format?: string;
  outCodePage?: string;
  copyTextures: boolean;
  force?: boolean;
  json?: boolean;
}

const extensionOf = (id: string) => (id === 'glb' || id === 'gltf' ? `.${id}` : (outputFormatFor(id) as { extension: string }).extension);

const realOrResolved = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** `relic3d convert <input> [output]`: one model to .glb/.gltf or to a legacy format, any direction. */
export function addConvertCommand(program: Command, ctx: CliContext): void {
  addOptimizeOptions(program.command('convert'))
    .description('convert a model to or from glTF (.glb/.gltf), or between .ms3d, .ase, .o3d, .mdl and .lod')
    .argument('<input>', 'a model: .ms3d, .ase, .o3d, .mdl, .lod, .glb or .gltf')
    .argument('[output]', 'the output file (its extension names the format) or a folder; default: <input name>.glb beside the input')
    .addOption(new Option('--format <id>', 'the output format, whatever the output is named').choices(outputFormatIds()))
    .option('--lod <n>', 'glTF output: export only this level of detail (0 = most detailed)', parseIntOption)
    .option('--animation <name>', 'glTF output: export only this clip')
    .option('--no-copy-textures', 'legacy output: do not copy the textures found beside the input to the output folder')
    .option('--force', 'replace files already there (never the input); without it an existing file is an error and nothing is written')
    .option('--json', 'print the result (files written, warnings) or the error as JSON')
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(outCodePageOption())
    .addOption(motionsOption())
    .addHelpText(
      'after',
      `
Files written: the output and every file its format needs (.chr, .ani, .mat, images, copied textures),
all in the output's folder. All are checked before the first byte is written, and either all are
written or none. An existing file is never replaced unless --force; the input never is (nor a link
to it). Names too long for the file system are shortened, and Windows device names (CON, NUL, COM1,
...) get a '_', with a warning; the model refers to the files under the names written.`,
    )
    .action(async (input: string, requested: string | undefined, opts: ConvertOptions) => {
      const { io } = ctx;
      const output = defaultOutput(input, requested, opts.format ? extensionOf(opts.format) : '.glb');
      const target = outputFormatFor(opts.format ?? output);
      if (!target) {
        io.err(`error: ${output}: no format to write: the output must end in ${outputFormatIds().map((id) => `.${id}`).join(', ')} (or be a folder), or give --format\n`);
        throw new Exit(EXIT.USAGE);
      }
      const targetId = typeof target === 'string' ? target : target.id;
      const gltfOut = typeof target === 'string';
      const optimize = optimizeOptionsOf(opts);
      if (optimize && !gltfOut) throw new UsageError(`--optimize writes glTF (.glb, .gltf); ${targetId} is written as it is`);
      if (!gltfOut && (opts.lod !== undefined || opts.animation !== undefined)) {
        io.err(`error: --lod and --animation choose what a glTF output holds; ${targetId} is written whole\n`);
        throw new Exit(EXIT.USAGE);
      }
      const failed = (subject: string, e: unknown): never => {
        // A refused output file is no limit of the format: its message and why, on one line.
        const refusal = refusalOf(e);
        io.err(refusal ? `error: ${subject}: ${(e as Error).message} [${refusal}]\n` : formatError(subject, e, ctx.verbose));
        if (opts.json) io.out(JSON.stringify({ ok: false, input, output, format: targetId, error: errorJson(e) }, null, 2) + '\n');
        throw new Exit(EXIT.FAILED);
      };

      // A --root that does not contain the input is a usage error (thrown here, before reading).
      const setup = readSetup(input, opts);
      const { scene, resolve } = await readInput(input, setup).catch((e) => failed(input, e));
      if (opts.lod !== undefined) {
        const levels = describeScene(scene).lods;
        if (opts.lod >= levels) {
          io.err(`error: --lod ${opts.lod}: ${input} has ${plural(levels, 'level')} of detail (${levels === 1 ? 'only 0' : `0 to ${levels - 1}`})\n`);
          throw new Exit(EXIT.USAGE);
        }
      }
      // Textures are copied only where the output cannot already find them: another folder.
      const sameFolder = realOrResolved(path.dirname(path.resolve(input))) === realOrResolved(path.dirname(path.resolve(output)));
      const warnings: Warning[] = [...scene.warnings];
      const written: WriteFileResult = await writeFile(scene, output, {
        format: targetId,
        resolve,
        copyTextures: opts.copyTextures && !sameFolder,
        force: opts.force === true,
        // The input is never replaced, also through a link or another name for it.
        protect: [input],
        lod: opts.lod,
        animation: opts.animation,
        optimize,
        ...(gltfOut ? {} : codePageFor(opts)),
        onWarning: (w) => warnings.push(w),
      }).catch((e) => failed(output, e));

      if (opts.json) {
        io.out(JSON.stringify(convertJson({ input, output, scene, written, warnings, lod: opts.lod, animation: opts.animation }), null, 2) + '\n');
        return;
      }
      if (ctx.quiet) return;
      printConverted(io, { input, output, scene, written, warnings, lod: opts.lod, animation: opts.animation, verbose: ctx.verbose, copyTextures: opts.copyTextures, sameFolder });
    });
}

/** The code page names are written in: --out-code-page, else the one they were read with. */
function codePageFor(opts: ConvertOptions): { codePage?: string } {
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

