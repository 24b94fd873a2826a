import { Command, CommanderError } from 'commander';
import packageJson from '../../package.json';
import { addAssembleCommand } from './assemble-command.js';
import { addBatchCommand } from './batch-command.js';
import { addConvertCommand } from './convert-command.js';
import { addDetectCommand } from './detect-command.js';
import { addInfoCommand } from './info-command.js';
import { addResCommand } from './res-command.js';
import { EXIT, Exit, UsageError, formatError, processIO, safeIO, type CliContext, type CliIO } from './io.js';
import { jsonFlagArgs } from './json-output.js';

export { processIO, escapeControls, formatError, EXIT, type CliIO } from './io.js';
export { defaultOutput } from './convert-command.js';
export type { BatchReport, BatchReportFile } from './batch-report.js';

const EXAMPLES = `
Examples:
  $ relic3d detect model.o3d
  $ relic3d info model.ms3d               counts, textures, clips, LODs, bounds, warnings
  $ relic3d info model.ase --json         the same as JSON on stdout (schema in the README)
  $ relic3d info model.ase --json info.json   the JSON written to a file
  $ relic3d convert model.ms3d            writes model.glb beside the model
  $ relic3d convert model.o3d out/        writes out/model.glb
  $ relic3d convert model.o3d bat.gltf --animation walk --lod 0
  $ relic3d convert models/tree.ase --root .
  $ relic3d convert model.ms3d model.ase  any format to any other, through the scene
  $ relic3d convert monster.glb out/monster.o3d   + monster.chr, monster_<clip>.ani
  $ relic3d convert model.glb out/ --format mdl --json
  $ relic3d batch assets --out glb --jobs 4 --json report.json
  $ relic3d batch assets --out glb --json > report.json   the report on stdout, progress on stderr
  $ relic3d batch Model --out glb --resume --timeout 30000

Textures, .chr skeletons, .ani motions and .mat files are found beside the model
(either slash, any case, relative folders such as ..\\Textures\\wood.bmp, and
Texture/ beside it), never outside the root: the model's folder (--root widens
it) or the batch folder.
A legacy output gets the textures found beside the input copied beside it.
A format that cannot hold the scene refuses it (exit 1), saying which limit.
Exit codes: 0 success, 1 a file failed, 2 usage error, 130 interrupted.
`;

/** Runs the CLI with the arguments after `relic3d`; resolves to the exit code. */
export async function runCli(argv: string[], rawIO: CliIO = processIO()): Promise<number> {
  const ctx: CliContext = { io: safeIO(rawIO), rawIO, verbose: false, quiet: false };
  const { io } = ctx;
  const program = new Command('relic3d');
  program
    .description('Read MilkShape 3D, 3ds Max ASE, Flyff O3D, Ultra Engine MDL and LODka3D models; convert them to glTF, from glTF, or into each other.')
    .version(packageJson.version, '-V, --version')
    .option('-v, --verbose', 'print stack traces with errors')
    .option('-q, --quiet', 'print only errors and requested output (no progress, summaries or warnings)')
    .addHelpText('after', EXAMPLES)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .hook('preAction', (cmd) => {
      ctx.verbose = !!cmd.opts().verbose;
      ctx.quiet = !!cmd.opts().quiet;
    });
  addDetectCommand(program, ctx);
  addInfoCommand(program, ctx);
  addConvertCommand(program, ctx);
  addBatchCommand(program, ctx);
  addResCommand(program, ctx);
  addAssembleCommand(program, ctx);

  try {
    await program.parseAsync(jsonFlagArgs(argv), { from: 'user' });
    return EXIT.OK;
  } catch (e) {
    if (e instanceof Exit) return e.code;
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}\n`);
      return EXIT.USAGE;
    }
    // Help and --version end with 0; everything else commander rejects is a usage error.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    io.err(formatError('relic3d', e, ctx.verbose));
    return 1;
  }
}
