import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Resolver, Scene, Warning } from '@relic3d/core';
import { toGlb, toGltf } from '@relic3d/gltf';
import { describeScene } from '../info.js';
import { parseFile } from '../node.js';
import { EXIT, Exit, formatError, plural, type CliContext } from './io.js';
import { codePageOption, motionsOption, parseIntOption, readSetup, rootOption, type ReadOptions } from './options.js';

/** `OUT` for `convert IN [OUT]`: given, a folder (existing or ending in a slash), or beside IN. */
export function defaultOutput(input: string, output?: string): string {
  const stem = path.basename(input).replace(/\.[^.]*$/, '') || path.basename(input);
  if (output === undefined) return path.join(path.dirname(input), `${stem}.glb`);
  const isFolder = /[\\/]$/.test(output) || (existsSync(output) && statSync(output).isDirectory());
  return isFolder ? path.join(output, `${stem}.glb`) : output;
}

/** Writes a .glb, or a .gltf with its .bin and images beside it. */
async function writeOutput(scene: Scene, out: string, options: { lod?: number; animation?: string; resolve: Resolver; onWarning: (w: Warning) => void }) {
  const common = { resolve: options.resolve, onWarning: options.onWarning, lod: options.lod, animation: options.animation };
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  if (/\.gltf$/i.test(out)) {
    const basename = path.basename(out).replace(/\.gltf$/i, '');
    const { json, resources } = await toGltf(scene, { ...common, basename });
    writeFileSync(out, JSON.stringify(json, null, 2));
    for (const [uri, data] of Object.entries(resources)) writeFileSync(path.join(path.dirname(out), decodeURIComponent(uri)), data);
    return { bytes: Buffer.byteLength(JSON.stringify(json)), files: 1 + Object.keys(resources).length };
  }
  const glb = await toGlb(scene, common);
  writeFileSync(out, glb);
  return { bytes: glb.byteLength, files: 1 };
}

/** `relic3d convert <input> [output]`: one model to .glb or .gltf. */
export function addConvertCommand(program: Command, ctx: CliContext): void {
  program
    .command('convert')
    .description('convert a model to .glb (textures embedded) or .gltf (+ .bin and images)')
    .argument('<input>')
    .argument('[output]', 'OUT.glb, OUT.gltf or a folder; default: <input name>.glb beside the input')
    .option('--lod <n>', 'export only this level of detail (0 = most detailed)', parseIntOption)
    .option('--animation <name>', 'export only this clip')
    .addOption(rootOption())
    .addOption(codePageOption())
    .addOption(motionsOption())
    .action(async (input: string, requested: string | undefined, opts: { lod?: number; animation?: string } & ReadOptions) => {
      const { io } = ctx;
      const output = defaultOutput(input, requested);
      if (!/\.(glb|gltf)$/i.test(output)) {
        io.err(`error: ${output}: the output must end in .glb or .gltf (or be a folder)\n`);
        throw new Exit(EXIT.USAGE);
      }
      const { resolve, parse } = readSetup(input, opts);
      const scene = await parseFile(input, parse).catch((e) => {
        io.err(formatError(input, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      });
      if (opts.lod !== undefined) {
        const levels = describeScene(scene).lods;
        if (opts.lod >= levels) {
          io.err(`error: --lod ${opts.lod}: ${input} has ${plural(levels, 'level')} of detail (${levels === 1 ? 'only 0' : `0 to ${levels - 1}`})\n`);
          throw new Exit(EXIT.USAGE);
        }
      }
      const warnings: Warning[] = [...scene.warnings];
      const written = await writeOutput(scene, output, {
        lod: opts.lod,
        animation: opts.animation,
        resolve,
        onWarning: (w) => warnings.push(w),
      }).catch((e) => {
        io.err(formatError(input, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      });
      if (ctx.quiet) return;
      const info = describeScene(scene, { lod: opts.lod });
      io.out(
        `${input} (${scene.format}) → ${output}: ${written.bytes} bytes; ${plural(info.meshes, 'mesh').replace('meshs', 'meshes')}, ` +
          `${plural(info.triangles, 'triangle')}, ${plural(opts.animation ? 1 : info.animations.length, 'clip')}` +
          `${opts.lod !== undefined ? ` (LOD ${opts.lod})` : ''}, ${plural(warnings.length, 'warning')}\n`,
      );
      for (const w of warnings) io.out(`  ${w.format ?? ''} ${w.code}: ${w.message}\n`);
    });
}
