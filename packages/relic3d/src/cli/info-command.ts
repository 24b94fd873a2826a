import type { Command } from 'commander';
import { serializeError, type Resolver, type Scene, type Warning } from '@relic3d/core';
import { checkTextureFiles, describeScene, type SceneInfo } from '../info.js';
import { parseFile } from '../parse-file.js';
import { expandGlob, inputsOf, isGlob } from './globs.js';
import { EXIT, Exit, formatError, plural, UsageError, type CliContext, type CliIO } from './io.js';
import { JsonOutput, jsonOption } from './json-output.js';
import { codePageOption, motionsOption, readSetup, rootOption, type ReadOptions } from './options.js';
import { upAxisOption } from './up-axis-option.js';
import { companionsOption, inputFormatOption, isStdio, readStdinModel, STDIN_NAME } from './stdio.js';

const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const vec = (v: number[]) => `[${v.map((x) => round(x)).join(', ')}]`;

function printInfo(io: CliIO, file: string, info: SceneInfo): void {
  const rows: [string, string][] = [
    ['file', file],
    ['format', `${info.format}${info.version !== null ? ` (version ${info.version})` : ''}`],
    ['meshes', `${info.meshes} (${plural(info.primitives, 'primitive')}, ${plural(info.vertices, 'vertex').replace('vertexs', 'vertices')}, ${plural(info.triangles, 'triangle')})`],
    ['materials', `${info.materials} (${plural(info.textures, 'texture')})`],
    ...info.textureFiles.map((t): [string, string] => ['  texture', `${t.name}${t.embedded ? ' (embedded)' : t.found === false ? ' (missing)' : ''}`]),
    ['joints', String(info.joints)],
    ['animations', info.animations.length ? info.animations.map((a) => `${a.name} (${round(a.duration, 3)} s, ${plural(a.channels, 'channel')})`).join(', ') : '0'],
    ['lods', String(info.lods)],
    ['colliders', String(info.colliders)],
    ['cameras', String(info.cameras)],
    ['lights', String(info.lights)],
    ['bounds', info.bounds ? `min ${vec(info.bounds.min)} max ${vec(info.bounds.max)}` : 'empty'],
    ['warnings', String(info.warnings.length)],
  ];
  for (const [k, v] of rows) io.out(`${k.padEnd(11)}${v}\n`);
  for (const w of info.warnings) io.out(`  ${w.code}${w.offset !== undefined ? ` @${w.offset}` : ''}: ${w.message}\n`);
}

/** `relic3d info <file> [--json]`: counts, textures (found or missing), clips, LODs, bounds, warnings. */
export function addInfoCommand(program: Command, ctx: CliContext): void {
  program
    .command('info')
    .description('print what a model holds: counts, textures (found or missing), clips, LODs, bounds, warnings')
    .argument('<file>', "a model; - reads standard input; a quoted pattern ('dir/*.ms3d') describes every match")
    .addOption(jsonOption('the summary (schema in the README; an array for a pattern)'))
    .option('--force', 'replace a --json FILE this run did not create')
    .addOption(inputFormatOption('--format'))
    .addOption(companionsOption())
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(motionsOption())
    .addOption(upAxisOption())
    .action(async (arg: string, opts: InfoOptions) => {
      const json = JsonOutput.of(opts.json, { force: opts.force, protect: inputsOf(arg) });
      json?.check();
      if (!isGlob(arg)) {
        const result = await infoOf(ctx, arg, opts);
        if (!('info' in result)) throw new Exit(EXIT.FAILED);
        json?.write(ctx.io, result.info);
        if (!json?.toStdout) printInfo(ctx.io, isStdio(arg) ? STDIN_NAME : arg, result.info);
        return;
      }
      const rows: Record<string, unknown>[] = [];
      for (const { file } of expandGlob(arg)) {
        const result = await infoOf(ctx, file, opts);
        rows.push('info' in result ? { file, ...result.info } : { file, error: result.error });
        if ('info' in result && !json?.toStdout) printInfo(ctx.io, file, result.info);
        if (!json?.toStdout) ctx.io.out('\n');
      }
      json?.write(ctx.io, rows);
      if (rows.some((r) => r.error)) throw new Exit(EXIT.FAILED);
    });
}

interface InfoOptions extends ReadOptions {
  json?: string | boolean;
  force?: boolean;
  format?: string;
  companions?: string;
}

/** One model's summary (`-`: standard input), or its error after printing it. */
async function infoOf(ctx: CliContext, file: string, opts: InfoOptions): Promise<{ info: SceneInfo } | { error: Record<string, unknown> }> {
  const failed = (e: unknown) => {
    ctx.io.err(formatError(isStdio(file) ? STDIN_NAME : file, e, ctx.verbose));
    const error: Record<string, unknown> = { ...serializeError(e) };
    delete error.stack;
    return { error };
  };
  let scene: Scene;
  let resolve: Resolver;
  let companionWarning: () => Warning | undefined = () => undefined;
  try {
    if (isStdio(file)) {
      ({ scene, resolve, companionWarning } = await readStdinModel(ctx.io, opts, opts.format));
    } else {
      const setup = readSetup(file, opts);
      resolve = setup.resolve;
      scene = await parseFile(file, setup.parse);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    return failed(e);
  }
  // The export's warnings too (a missing texture), so info counts what convert reports.
  const warnings: Warning[] = [...scene.warnings];
  try {
    const { toDocument } = await import('@relic3d/gltf');
    await toDocument(scene, { resolve, onWarning: (w) => warnings.push(w) });
  } catch (e) {
    return failed(e);
  }
  const missing = companionWarning();
  if (missing) warnings.push(missing);
  return { info: await checkTextureFiles(describeScene({ ...scene, warnings }), scene, resolve) };
}
