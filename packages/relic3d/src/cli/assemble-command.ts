/**
 * `relic3d assemble --skeleton mvr_male.chr part... [--weapon x.o3d] [--shield y.o3d] [--motion a.ani...] -o out.glb`:
 * a player as the client shows one (assembleCharacter, docs/formats/o3d.md §14), written as glTF.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type { Warning } from '@relic3d/core';
import { assembleCharacter, type ModelFile } from '@relic3d/o3d';
import { refusalOf } from '../output-commit.js';
import { writeFile } from '../write-file.js';
import { groupWarnings } from './convert-report.js';
import { EXIT, Exit, UsageError, formatError, plural, type CliContext } from './io.js';
import { readSetup, rootOption } from './options.js';

interface AssembleOptions {
  skeleton: string;
  weapon?: string;
  leftWeapon?: string;
  shield?: string;
  knuckle?: string;
  motion: string[];
  output: string;
  force?: boolean;
  root?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A file the user named: its base name and bytes (a usage error when it cannot be read). */
function modelFile(file: string, kind: string, extension: RegExp): ModelFile {
  if (!extension.test(file)) throw new UsageError(`${file}: ${kind} expected`);
  try {
    return { name: path.basename(file), bytes: new Uint8Array(readFileSync(file)) };
  } catch (e) {
    throw new UsageError(`${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** A motion's clip name: its file name without the skeleton's prefix (`mvr_female_GenStand.ani` → `GenStand`). */
export function clipName(file: string, skeleton: string): string {
  const stem = path.basename(file).replace(/\.ani$/i, '');
  const prefix = `${path.basename(skeleton).replace(/\.chr$/i, '')}_`;
  return stem.toLowerCase().startsWith(prefix.toLowerCase()) ? stem.slice(prefix.length) : stem;
}

export function addAssembleCommand(program: Command, ctx: CliContext): void {
  program
    .command('assemble')
    .description('put Flyff player parts on their skeleton, with held items and motions, into one .glb/.gltf')
    .argument('<parts...>', 'the parts (.o3d): head, hair, upper and lower body, hands, feet (Part_m*, Part_f*)')
    .requiredOption('--skeleton <file.chr>', 'the skeleton every part is skinned to (mvr_male.chr, mvr_female.chr)')
    .option('--weapon <file.o3d>', 'held in the right hand')
    .option('--left-weapon <file.o3d>', 'held in the left hand')
    .option('--shield <file.o3d>', 'on the left forearm')
    .option('--knuckle <file.o3d>', 'on the right forearm')
    .option('--motion <file.ani>', 'a motion of the skeleton (repeatable); its clip is named after the file', collect, [])
    .requiredOption('-o, --output <file>', 'the .glb or .gltf to write')
    .option('--force', 'replace files already there (never an input)')
    .addOption(rootOption() as Option)
    .action(async (parts: string[], opts: AssembleOptions) => {
      const { io } = ctx;
      if (!/\.(glb|gltf)$/i.test(opts.output)) throw new UsageError(`-o ${opts.output}: the output is a .glb or .gltf`);
      const skeleton = modelFile(opts.skeleton, 'a Flyff skeleton (.chr)', /\.chr$/i);
      const held = Object.fromEntries((['weapon', 'leftWeapon', 'shield', 'knuckle'] as const).filter((k) => opts[k]).map((k) => [k, modelFile(opts[k]!, 'a Flyff model (.o3d)', /\.o3d$/i)]));
      const motions = Object.fromEntries(opts.motion.map((m) => [clipName(m, opts.skeleton), modelFile(m, 'a Flyff motion (.ani)', /\.ani$/i).bytes]));
      const setup = readSetup(parts[0], opts);
      const warnings: Warning[] = [];
      const failed = (subject: string, e: unknown): never => {
        const refusal = refusalOf(e);
        io.err(refusal ? `error: ${subject}: ${(e as Error).message} [${refusal}]\n` : formatError(subject, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      };
      const scene = await assembleCharacter({
        skeleton,
        parts: parts.map((p) => modelFile(p, 'a Flyff model (.o3d)', /\.o3d$/i)),
        ...held,
        motions,
        name: path.basename(opts.output).replace(/\.[^.]*$/, ''),
        resolve: setup.resolve,
        onWarning: (w) => warnings.push(w),
      }).catch((e) => failed(parts.join(', '), e));
      const written = await writeFile(scene, opts.output, {
        format: path.extname(opts.output).slice(1).toLowerCase(),
        resolve: setup.resolve,
        force: opts.force === true,
        protect: [opts.skeleton, ...parts, ...Object.values(opts).filter((v): v is string => typeof v === 'string' && /\.(o3d|ani)$/i.test(v)), ...opts.motion],
        onWarning: (w) => warnings.push(w),
      }).catch((e) => failed(opts.output, e));
      if (ctx.quiet) return;
      const main = written.files.find((f) => f.role === 'model');
      io.out(`${opts.output}: ${plural(parts.length, 'part')} on ${skeleton.name}${Object.keys(held).length ? `, ${Object.entries(held).map(([k, f]) => `${k} ${f.name}`).join(', ')}` : ''}, ${plural(Object.keys(motions).length, 'clip')} (${main?.bytes ?? 0} bytes), ${plural(warnings.length, 'warning')}\n`);
      for (const group of groupWarnings(warnings)) io.out(`  ${group.first.format ?? ''} ${group.first.code}${group.all.length > 1 ? ` (${group.all.length}×, the first)` : ''}: ${group.first.message}\n`);
    });
}
