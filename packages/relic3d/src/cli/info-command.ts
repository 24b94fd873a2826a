import type { Command } from 'commander';
import type { Warning } from '@relic3d/core';
import { toDocument } from '@relic3d/gltf';
import { checkTextureFiles, describeScene, type SceneInfo } from '../info.js';
import { parseFile } from '../node.js';
import { EXIT, Exit, formatError, plural, type CliContext, type CliIO } from './io.js';
import { JsonOutput, jsonOption } from './json-output.js';
import { codePageOption, motionsOption, readSetup, rootOption, type ReadOptions } from './options.js';

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
    .argument('<file>')
    .addOption(jsonOption('the summary (schema in the README)'))
    .option('--force', 'replace a --json FILE this run did not create')
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(motionsOption())
    .action(async (file: string, opts: { json?: string | boolean; force?: boolean } & ReadOptions) => {
      const json = JsonOutput.of(opts.json, { force: opts.force, protect: [file] });
      json?.check();
      const { resolve, parse } = readSetup(file, opts);
      const scene = await parseFile(file, parse).catch((e) => {
        ctx.io.err(formatError(file, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      });
      // The export's warnings too (a missing texture), so info counts what convert reports.
      const warnings: Warning[] = [...scene.warnings];
      await toDocument(scene, { resolve, onWarning: (w) => warnings.push(w) }).catch((e) => {
        ctx.io.err(formatError(file, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      });
      const info = await checkTextureFiles(describeScene({ ...scene, warnings }), scene, resolve);
      json?.write(ctx.io, info);
      if (!json?.toStdout) printInfo(ctx.io, file, info);
    });
}
