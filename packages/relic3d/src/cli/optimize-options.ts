// `--optimize` and its flags, shared by `convert` and `batch`: the presets and steps of
// @relic3d/gltf's optimizeGlb (glTF-Transform's functions), for .glb output.
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { OptimizeCompression, OptimizeOptions, OptimizePreset, OptimizeSteps } from '@relic3d/gltf';
import { UsageError } from './io.js';

/**
 * @relic3d/gltf's OPTIMIZE_PRESET_NAMES and OPTIMIZE_COMPRESSIONS, restated: importing them would load
 * glTF-Transform with every command's options (~55 ms of each start). cli-optimize.test.ts holds them equal.
 */
export const PRESET_NAMES: readonly OptimizePreset[] = ['default', 'size', 'fast'];
export const COMPRESSIONS: readonly OptimizeCompression[] = ['meshopt', 'draco', 'none'];

/** Each `--no-<flag>` and the step it turns off. */
const STEP_FLAGS: [flag: string, step: keyof OptimizeSteps, what: string][] = [
  ['dedup', 'dedup', 'merging identical accessors, meshes, materials and skins'],
  ['prune', 'prune', 'removing what no scene uses'],
  ['weld', 'weld', 'merging identical vertices'],
  ['resample', 'resample', 'removing redundant keyframes'],
  ['quantize', 'quantize', 'quantizing vertex attributes (KHR_mesh_quantization)'],
  ['reorder', 'reorder', 'reordering vertices for meshopt'],
  ['sparse', 'sparse', 'sparse accessors for mostly-zero data'],
  ['texture-dedup', 'textures', 'merging identical textures and removing unused ones'],
  ['instance', 'instance', '--optimize=size: GPU instancing'],
  ['flatten', 'flatten', '--optimize=size: flattening the node tree'],
  ['join', 'join', '--optimize=size: joining meshes'],
];

const camel = (flag: string) => flag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The flags as commander parses them. */
export interface OptimizeFlags {
  optimize?: boolean | string;
  compress?: string;
  [step: string]: unknown;
}

/** A preset name; anything else (an output path taken as the preset) says how to write it. */
function parsePreset(value: string): string {
  if ((PRESET_NAMES as readonly string[]).includes(value)) return value;
  throw new InvalidArgumentError(`'${value}' is no preset (${PRESET_NAMES.join(', ')}); to give an output after --optimize, write --optimize=default OUTPUT, or put OUTPUT first`);
}

/** Adds `--optimize [preset]`, `--compress <method>` and one `--no-<step>` per step. */
export function addOptimizeOptions(command: Command): Command {
  command
    .addOption(new Option('--optimize [preset]', `glTF output: make it web-ready with glTF-Transform (dedup, weld, prune, resample, quantize, meshopt); preset ${PRESET_NAMES.join(', ')}`).argParser(parsePreset))
    .addOption(new Option('--compress <method>', 'with --optimize: geometry compression (default meshopt)').choices([...COMPRESSIONS]));
  for (const [flag, , what] of STEP_FLAGS) command.option(`--no-${flag}`, `with --optimize: skip ${what}`);
  return command;
}

/** The optimizeGlb options the flags ask for; undefined without --optimize. A step flag alone is a usage error. */
export function optimizeOptionsOf(flags: OptimizeFlags): Omit<OptimizeOptions, 'onWarning'> | undefined {
  const off = STEP_FLAGS.filter(([flag]) => flags[camel(flag)] === false);
  if (flags.optimize === undefined) {
    const stray = [...(flags.compress !== undefined ? ['--compress'] : []), ...off.map(([flag]) => `--no-${flag}`)];
    if (stray.length) throw new UsageError(`${stray.join(', ')}: only with --optimize`);
    return undefined;
  }
  const options: Omit<OptimizeOptions, 'onWarning'> = {};
  if (typeof flags.optimize === 'string') options.preset = flags.optimize as OptimizeOptions['preset'];
  if (flags.compress !== undefined) options.compress = flags.compress as OptimizeOptions['compress'];
  for (const [, step] of off) options[step] = false;
  return options;
}
