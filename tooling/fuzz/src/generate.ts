// The inputs of a run, by index: first a truncation of every small seed at every offset (or a
// seeded sample of them in the default run), then stacked mutations of weighted random seeds.
// Input k depends only on (run seed, format, count, k): any input is rebuilt from its index.
import { hashSeed, rng } from '@relic3d/test-harness';
import { aseMutators } from './mutate/ase.js';
import { applyOne, binaryFieldMutators, byteMutators, pick, randInt } from './mutate/bytes.js';
import { gltfMutators } from './mutate/gltf.js';
import { lodMutators } from './mutate/lod.js';
import { mdlMutators } from './mutate/mdl.js';
import { ms3dMutators } from './mutate/ms3d.js';
import { resMutators } from './mutate/res.js';
import { companionMutators, o3dMutators } from './mutate/o3d.js';
import { STRESS, stressSeed } from './stress.js';
import type { FormatId, FuzzInput, Mutator, Random, Seed } from './types.js';

/** Structure-aware mutators per format (the byte-level ones are mixed in). */
const STRUCTURED: Record<FormatId, Mutator[]> = {
  ms3d: ms3dMutators,
  ase: aseMutators,
  o3d: o3dMutators,
  mdl: mdlMutators,
  lod: lodMutators,
  gltf: gltfMutators,
  res: resMutators,
};

export interface PlanOptions {
  format: FormatId;
  /** Inputs in the run. */
  count: number;
  /** The run's seed (RELIC3D_FUZZ_SEED or --seed). */
  runSeed: number;
  /** Seeds up to this size are truncated at every offset ... */
  smallLimit: number;
  /** ... within this share of `count` (the rest are sampled offsets of the same seeds). */
  truncationShare: number;
  /** Start with the crafted inputs of stress.ts; 'only': run nothing else (the plan has no seeds). */
  stress: boolean | 'only';
  /** Which seeds to use (all by default; the others show what each set alone reaches). */
  seeds?: 'all' | 'corpus' | 'synthetic';
}

export interface Plan {
  seeds: Seed[];
  /** Crafted inputs first (indices 0 … stress − 1), then truncations, then mutations. */
  stress: number;
  truncations: { seed: number; length: number; file: string }[];
  options: PlanOptions;
}

/** The files a truncation sweep cuts: each small model, and each small companion with its model. */
function truncationTargets(seeds: Seed[], smallLimit: number): { seed: number; file: string; size: number }[] {
  const targets: { seed: number; file: string; size: number }[] = [];
  seeds.forEach((s, i) => {
    if (s.bytes.length <= smallLimit) targets.push({ seed: i, file: s.fileName, size: s.bytes.length });
    for (const [name, bytes] of Object.entries(s.companions)) if (bytes.length <= smallLimit) targets.push({ seed: i, file: name, size: bytes.length });
  });
  // A companion shared by several models is cut once, with its first model.
  const seen = new Set<string>();
  const unique = targets.filter((t) => {
    if (t.file !== seeds[t.seed].fileName && seen.has(t.file)) return false;
    seen.add(t.file);
    return true;
  });
  return unique.sort((a, b) => a.size - b.size);
}

export function makePlan(seeds: Seed[], options: PlanOptions): Plan {
  const targets = truncationTargets(seeds, options.smallLimit);
  const cap = Math.floor(options.count * options.truncationShare);
  const truncations: Plan['truncations'] = [];
  const total = targets.reduce((n, t) => n + t.size, 0);
  if (total <= cap) {
    for (const t of targets) for (let n = 0; n < t.size; n++) truncations.push({ seed: t.seed, length: n, file: t.file });
  } else {
    // Every offset of the smallest files while they fit half the cap, then sampled offsets of the rest.
    const random = rng(hashSeed(`${options.runSeed}:${options.format}:truncations`));
    let used = 0;
    let k = 0;
    for (; k < targets.length && used + targets[k].size <= cap / 2; k++) {
      for (let n = 0; n < targets[k].size; n++) truncations.push({ seed: targets[k].seed, length: n, file: targets[k].file });
      used += targets[k].size;
    }
    const rest = targets.slice(k);
    while (rest.length && truncations.length < cap) {
      const t = pick(random, rest);
      truncations.push({ seed: t.seed, length: randInt(random, t.size), file: t.file });
    }
  }
  return { seeds, stress: options.stress ? Math.min(options.count, STRESS[options.format].length) : 0, truncations, options };
}

/** Seed weights: small seeds more often (cheaper, and more of their structure gets hit). */
function pickSeed(seeds: Seed[], random: Random): number {
  const weights = seeds.map((s) => 1 / Math.sqrt(Math.max(1024, s.bytes.length + Object.values(s.companions).reduce((n, b) => n + b.length, 0) / 4)));
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) < 0) return i;
  return seeds.length - 1;
}

/** Builds input `index` of the plan. */
export function inputAt(plan: Plan, index: number): FuzzInput {
  const { seeds, truncations, options } = plan;
  if (index < plan.stress) {
    const seed = stressSeed(options.format, index);
    return { seed, bytes: seed.bytes, companions: {}, label: seed.name, changed: seed.fileName };
  }
  index -= plan.stress;
  if (index < truncations.length) {
    const t = truncations[index];
    const seed = seeds[t.seed];
    const isModel = t.file === seed.fileName;
    const whole = isModel ? seed.bytes : seed.companions[t.file];
    const cut = whole.slice(0, t.length);
    return {
      seed,
      bytes: isModel ? cut : seed.bytes,
      companions: isModel ? seed.companions : { ...seed.companions, [t.file]: cut },
      label: `truncate ${isModel ? '' : `${t.file} `}${t.length}/${whole.length}`,
      changed: t.file,
    };
  }
  const random = rng(hashSeed(`${options.runSeed}:${options.format}:${index}`));
  const seed = seeds[pickSeed(seeds, random)];
  const companionNames = Object.keys(seed.companions);
  // O3D: a third of the inputs change the .chr or an .ani instead of the model.
  const target = companionNames.length && random() < 0.33 ? pick(random, companionNames) : seed.fileName;
  const isModel = target === seed.fileName;
  let bytes = isModel ? seed.bytes : seed.companions[target];
  const structured = isModel ? STRUCTURED[options.format] : companionMutators(target);
  const generic = options.format === 'ase' && isModel ? byteMutators.filter((m) => !binaryFieldMutators.includes(m)) : byteMutators;
  const donors = isModel ? seeds.filter((s) => s !== seed).map((s) => s.bytes) : [];
  const labels: string[] = [];
  const steps = 1 + (random() < 0.5 ? 0 : random() < 0.5 ? 1 : 1 + randInt(random, 3));
  for (let s = 0; s < steps; s++) {
    const m = applyOne(random() < 0.65 ? structured : generic, bytes, random, { donors });
    bytes = m.bytes;
    labels.push(m.label);
  }
  return {
    seed,
    bytes: isModel ? bytes : seed.bytes,
    companions: isModel ? seed.companions : { ...seed.companions, [target]: bytes },
    label: `${isModel ? '' : `${target}: `}${labels.join('; ')}`,
    changed: target,
  };
}
