// What `optimizeGlb` / `optimizeDocument` do: a preset names the steps, each step can be turned off.
import type { Warning } from '@relic3d/core';

/**
 * `default`: every step that keeps the scene's structure (nodes, meshes, names): dedup, weld,
 * resample, prune (empty nodes kept), texture dedup, meshopt compression at level `high` with
 * quantization (glTF-Transform's `optimize --compress meshopt`, without its lossy or
 * structure-changing steps). `size`: also instance, flatten, join and prune of empty leaves and
 * unused attributes (what glTF-Transform's `optimize` adds; triangles, joints, clips and bounds
 * stay, the node and mesh counts do not). `fast`: dedup, prune, quantize and meshopt at level
 * `medium` (no weld, resample or reorder). glTF-Transform's `simplify` (drops triangles), `palette`
 * and texture compression (need sharp's native build) are never run.
 */
export type OptimizePreset = 'default' | 'size' | 'fast';

/** Geometry compression: meshopt (EXT_meshopt_compression), draco (KHR_draco_mesh_compression) or none. */
export type OptimizeCompression = 'meshopt' | 'draco' | 'none';

/** The steps a preset runs; `false` turns one off. */
export interface OptimizeSteps {
  /** Merge identical accessors, meshes, materials and skins. */
  dedup: boolean;
  /** Remove what no scene uses (`size`: also empty leaf nodes and unused vertex attributes). */
  prune: boolean;
  /** Index geometry and merge bitwise-identical vertices (lossless). */
  weld: boolean;
  /** Remove redundant keyframes (glTF-Transform's `resample`, lossless within 1e-4). */
  resample: boolean;
  /** Quantize vertex attributes (KHR_mesh_quantization); Draco quantizes on its own. */
  quantize: boolean;
  /** Reorder vertices for the compressor (meshopt only). */
  reorder: boolean;
  /** Store mostly-zero accessors (morph targets) as sparse. */
  sparse: boolean;
  /** Texture compaction without re-encoding: identical images merged, unused ones removed. */
  textures: boolean;
  /** `size`: GPU instancing of meshes drawn by many nodes (EXT_mesh_gpu_instancing). */
  instance: boolean;
  /** `size`: move static nodes to the scene root. */
  flatten: boolean;
  /** `size`: join compatible primitives of different meshes. */
  join: boolean;
}

export interface OptimizeOptions extends Partial<OptimizeSteps> {
  /** Default `'default'`. */
  preset?: OptimizePreset;
  /** Default `'meshopt'`. */
  compress?: OptimizeCompression;
  /** Receives what glTF-Transform warned about and what was dropped (`GLTF_OPTIMIZE_*`). */
  onWarning?: (warning: Warning) => void;
}

/** The options as resolved: the preset's steps minus the ones turned off. */
export interface OptimizePlan extends OptimizeSteps {
  preset: OptimizePreset;
  compress: OptimizeCompression;
  meshoptLevel: 'medium' | 'high';
  /** `size` prunes empty leaf nodes and unused vertex attributes too. */
  pruneLeaves: boolean;
}

const NONE: OptimizeSteps = { dedup: false, prune: false, weld: false, resample: false, quantize: false, reorder: false, sparse: false, textures: false, instance: false, flatten: false, join: false };
const DEFAULT: OptimizeSteps = { ...NONE, dedup: true, prune: true, weld: true, resample: true, quantize: true, reorder: true, sparse: true, textures: true };

/** The steps of each preset. */
export const OPTIMIZE_PRESETS: Readonly<Record<OptimizePreset, Readonly<OptimizeSteps>>> = {
  default: DEFAULT,
  size: { ...DEFAULT, instance: true, flatten: true, join: true },
  fast: { ...NONE, dedup: true, prune: true, quantize: true, textures: true },
};

export const OPTIMIZE_PRESET_NAMES = Object.keys(OPTIMIZE_PRESETS) as OptimizePreset[];
export const OPTIMIZE_COMPRESSIONS: readonly OptimizeCompression[] = ['meshopt', 'draco', 'none'];

/** The preset's steps, less those `options` turn off; a RangeError for an unknown preset or compression. */
export function optimizePlan(options: OptimizeOptions = {}): OptimizePlan {
  const preset = options.preset ?? 'default';
  const compress = options.compress ?? 'meshopt';
  if (!Object.hasOwn(OPTIMIZE_PRESETS, preset)) throw new RangeError(`unknown optimize preset '${String(preset)}': use ${OPTIMIZE_PRESET_NAMES.join(', ')}`);
  if (!OPTIMIZE_COMPRESSIONS.includes(compress)) throw new RangeError(`unknown compression '${String(compress)}': use ${OPTIMIZE_COMPRESSIONS.join(', ')}`);
  const steps = { ...OPTIMIZE_PRESETS[preset] };
  for (const key of Object.keys(steps) as (keyof OptimizeSteps)[]) if (options[key] === false) steps[key] = false;
  return { ...steps, preset, compress, meshoptLevel: preset === 'fast' ? 'medium' : 'high', pruneLeaves: preset === 'size' };
}
