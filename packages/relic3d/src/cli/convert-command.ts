import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { outputFormatFor, outputFormatIds } from '../write-file.js';
import { convertOne, type ConvertFlags, type ConvertJob, type ConvertOutcome } from './convert-one.js';
import { EXIT, Exit, UsageError, type CliContext } from './io.js';
import { expandGlob, inputsOf, isGlob } from './globs.js';
import { JsonOutput, jsonOption } from './json-output.js';
import { lodText } from './lod-range.js';
import { codePageOption, motionsOption, outCodePageOption, rootOption } from './options.js';
import { upAxisOption } from './up-axis-option.js';
import { addOptimizeOptions, type OptimizeFlags } from './optimize-options.js';
import { skeletonOption } from './skeleton-option.js';
import { companionsOption, inputFormatOption, isStdio } from './stdio.js';

/**
 * `OUT` for `convert IN [OUT]`: given, a folder (existing or ending in a slash) that gets
 * `<name><extension>`, or `<name><extension>` beside IN (`extension` default `.glb`).
 */
export function defaultOutput(input: string, output?: string, extension = '.glb'): string {
  const stem = path.basename(input).replace(/\.[^.]*$/, '') || path.basename(input);
  if (output === undefined) return path.join(path.dirname(input), `${stem}${extension}`);
  return isFolder(output) ? path.join(output, `${stem}${extension}`) : output;
}

const isFolder = (output: string) => /[\\/]$/.test(output) || (existsSync(output) && statSync(output).isDirectory());

/** The flags of `relic3d convert`. */
interface ConvertOptions extends ConvertFlags, OptimizeFlags {
  format?: string;
  to?: string;
  from?: string;
  json?: string | boolean;
}

const extensionOf = (id: string) => (id === 'glb' || id === 'gltf' ? `.${id}` : (outputFormatFor(id) as { extension: string }).extension);

/** `relic3d convert <input> [output]`: one model (or a pattern's files) to .glb/.gltf or to a legacy format, any direction. */
export function addConvertCommand(program: Command, ctx: CliContext): void {
  addOptimizeOptions(program.command('convert'))
    .description('convert a model to or from glTF (.glb/.gltf), or between .ms3d, .ase, .o3d, .mdl and .lod')
    .argument('<input>', "a model: .ms3d, .ase, .o3d, .mdl, .lod, .glb or .gltf; - reads standard input; a quoted pattern ('models/**/*.ase') converts every match")
    .argument('[output]', 'the output file (its extension names the format) or a folder; - writes standard output (with --to); default: <input name>.glb beside the input')
    .addOption(new Option('--format <id>', 'the output format, whatever the output is named (with - as the input and an output named by its extension: the input\'s format)').choices(outputFormatIds()))
    .addOption(new Option('--to <id>', 'the output format (as --format)').choices(outputFormatIds()))
    .addOption(inputFormatOption('--from'))
    .addOption(companionsOption())
    .option('--lod <n>', 'glTF output: export only this level of detail (0 = most detailed)', lodText)
    .option('--animation <name>', 'glTF output: export only this clip')
    .option('--no-copy-textures', 'legacy output: do not copy the textures found beside the input to the output folder')
    .option('--force', 'replace files already there (never the input); without it an existing file is an error and nothing is written')
    .addOption(jsonOption('the result (files written, warnings) or the error'))
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(outCodePageOption())
    .addOption(motionsOption())
    .addOption(upAxisOption())
    .addOption(skeletonOption())
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
      const json = JsonOutput.of(opts.json, { force: opts.force, protect: inputsOf(input) });
      if (json?.toStdout && isStdio(requested)) throw new UsageError('the model and the --json report cannot both go to standard output: give --json FILE');
      json?.check();
      // Standard output carries the model or the JSON: the summary goes to stderr then.
      const human = json?.toStdout || isStdio(requested) ? { ...ctx.io, out: ctx.io.err } : ctx.io;
      let to = opts.to ?? opts.format;
      let from = opts.from;
      // `convert - out.glb --format ms3d`: the output's name says what to write, so --format says what is read.
      if (isStdio(input) && opts.format && !opts.to && !from && requested !== undefined && !isStdio(requested) && !isFolder(requested) && outputFormatFor(requested)) {
        from = opts.format;
        to = undefined;
      }
      const extension = to ? extensionOf(to) : '.glb';

      if (!isGlob(input)) {
        if (isStdio(input) && (requested === undefined || isFolder(requested))) throw new UsageError('- as the input needs an output file name (or - with --to)');
        const output = isStdio(input) ? requested! : defaultOutput(input, requested, extension);
        const outcome = await convertOne(ctx, human, { input, output, to, from }, opts);
        json?.write(ctx.io, outcome.json);
        if (outcome.code) throw new Exit(outcome.code);
        return;
      }
      if (requested !== undefined && (isStdio(requested) || !isFolder(requested))) throw new UsageError(`${input}: a pattern's files go into a folder: name one ending in / (or none, for beside each input)`);
      const outcomes: ConvertOutcome[] = [];
      for (const match of expandGlob(input)) {
        // Mirrors the tree under the pattern's base, as batch does.
        const job: ConvertJob = { input: match.file, output: requested === undefined ? defaultOutput(match.file, undefined, extension) : defaultOutput(match.file, path.join(requested, path.dirname(match.relative), path.sep), extension), to, from };
        outcomes.push(await convertOne(ctx, human, job, opts));
      }
      json?.write(ctx.io, outcomes.map((o) => o.json));
      const code = Math.max(...outcomes.map((o) => o.code));
      if (code !== EXIT.OK) throw new Exit(code);
    });
}
