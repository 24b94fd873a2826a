// `-` as a model: `info -` and `convert - OUT` read the model from standard input (its format from
// its bytes, or named); `convert IN -` writes one file to standard output. Companions cannot be
// found beside standard input: `--companions DIR` names a folder, else the names asked for are
// reported once as a warning.
import path from 'node:path';
import { Option } from 'commander';
import { WriteError, type Resolver, type Scene, type Warning } from '@relic3d/core';
import type { OptimizeOptions } from '@relic3d/gltf';
import { formats } from '@relic3d/formats';
import { parse } from '../parse.js';
import { folderResolver } from '../parse-file.js';
import { write } from '../write.js';
import type { outputFormatFor } from '../write-file.js';
import { UsageError, type CliIO } from './io.js';
import { formatOptionsOf, type ReadOptions } from './options.js';

/** The name `-` stands for in messages and reports. */
export const STDIN_NAME = '<stdin>';
export const isStdio = (arg: string | undefined): boolean => arg === '-';

export const companionsOption = (): Option =>
  new Option('--companions <dir>', 'with - (standard input): the folder its textures, .chr/.ani and .mat are found in (contained, as --root)');
export const inputFormatOption = (flag: string): Option =>
  new Option(`${flag} <id>`, 'with - (standard input): the format of the bytes (default: detected from them)').choices([...formats.map((f) => f.id), 'glb', 'gltf']);

/** Standard input, whole (the CLI's IO may supply it; tests do). */
export async function readStdin(io: CliIO): Promise<Uint8Array> {
  if (io.readIn) return io.readIn();
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export interface StdinModel {
  scene: Scene;
  resolve: Resolver;
  /** The warning naming the companions that could not be found (none with `--companions`), once. */
  companionWarning(): Warning | undefined;
}

/** Reads the model on standard input: `format` names it, else its bytes decide (glTF by its magic). */
export async function readStdinModel(io: CliIO, opts: ReadOptions & { companions?: string }, format: string | undefined): Promise<StdinModel> {
  const bytes = await readStdin(io);
  const asked = new Set<string>();
  const resolve: Resolver = opts.companions !== undefined
    ? folderResolver(path.resolve(opts.companions), { root: path.resolve(opts.companions) })
    : (name) => {
        asked.add(name);
        return undefined;
      };
  const options: Record<string, unknown> = { resolve, ...formatOptionsOf(opts), ...(opts.codePage ? { codePage: opts.codePage } : {}) };
  const glTF = format === 'glb' || format === 'gltf' || (format === undefined && bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === 'glTF');
  const named = formats.find((f) => f.id === format);
  const scene = glTF ? await (await import('@relic3d/gltf')).fromGltf(bytes, { resolve }) : named ? await named.parse(bytes, options) : await parse(bytes, options);
  return {
    scene,
    resolve,
    companionWarning: () =>
      asked.size
        ? { code: 'CLI_STDIN_NO_COMPANIONS', message: `companions cannot be found beside standard input: ${[...asked].join(', ')} (give --companions DIR)` }
        : undefined,
  };
}

/** The one file `convert IN -` writes to standard output, or a usage error when the format makes more. */
export async function stdoutBytes(
  scene: Scene,
  target: NonNullable<ReturnType<typeof outputFormatFor>>,
  options: { resolve?: Resolver; lod?: number; animation?: string; codePage?: string; skeleton?: Uint8Array; optimize?: Omit<OptimizeOptions, 'onWarning'>; onWarning: (w: Warning) => void },
): Promise<Uint8Array> {
  if (target === 'glb') {
    const { optimizeGlb, toGlb } = await import('@relic3d/gltf');
    const glb = await toGlb(scene, { resolve: options.resolve, lod: options.lod, animation: options.animation, onWarning: options.onWarning });
    return options.optimize ? optimizeGlb(glb, { ...options.optimize, onWarning: options.onWarning }) : glb;
  }
  if (target === 'gltf') throw new UsageError('standard output holds one file and .gltf needs its .bin beside it: use --to glb, or name a file');
  const result = write(scene, target, { name: 'model', onWarning: options.onWarning, ...(options.codePage ? { codePage: options.codePage } : {}), ...(options.skeleton ? { skeleton: options.skeleton } : {}) });
  const names = Object.keys(result.files);
  if (names.length !== 1) throw new UsageError(`standard output holds one file and ${target.id} writes ${names.length} (${names.join(', ')}): name an output folder instead`);
  return result.files[names[0]!]!;
}

/** Writes `bytes` to standard output; never to a terminal, where a binary model is of no use. */
export async function writeStdout(io: CliIO, bytes: Uint8Array): Promise<void> {
  if (io.stdoutIsTTY) throw new UsageError('refusing to write a binary model to the terminal: redirect standard output (> model.glb) or name a file');
  if (!io.writeOut) throw new WriteError({ format: 'stdout', code: 'UNSUPPORTED', limit: 'output', value: '-', message: 'this IO has no standard output for bytes' });
  await io.writeOut(bytes);
}
