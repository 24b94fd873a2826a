/** The five readers the fuzzer drives, and glTF (fromGltf, then toGlb and every writer). */
export const FORMAT_IDS = ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'gltf', 'res'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];
export type ReaderId = Exclude<FormatId, 'gltf' | 'res'>;

export type Random = () => number;

/** A model file and its side files (O3D `.chr`/`.ani`, images), as a parse sees them. */
export interface Seed {
  /** Unique within its format, e.g. `corpus:mvr_AiBatt.o3d` or `synthetic:every object kind`. */
  name: string;
  /** The model's file name, passed as `fileName` (O3D companions are looked up from it). */
  fileName: string;
  bytes: Uint8Array;
  /** Side files by name, served by the resolver. */
  companions: Record<string, Uint8Array>;
  /** O3D motion names requested through the resolver. */
  motions?: string[];
  source: 'corpus' | 'synthetic';
}

/** One generated input: a seed with one file (the model or a companion) changed. */
export interface FuzzInput {
  seed: Seed;
  /** The model bytes parsed (the seed's, or mutated). */
  bytes: Uint8Array;
  companions: Record<string, Uint8Array>;
  /** How it was made, e.g. `truncate 120/2587` or `ase.number@311 1e309; flip×2@40`. */
  label: string;
  /** Which file was changed: the model's name or a companion's. */
  changed: string;
}

/** A mutation of one file's bytes; undefined when it does not apply (no field of that kind). */
export type Mutator = (bytes: Uint8Array, random: Random, context: MutationContext) => Mutation | undefined;

export interface Mutation {
  bytes: Uint8Array;
  label: string;
}

export interface MutationContext {
  /** Other files of the same kind, for splicing. */
  donors: Uint8Array[];
}

export type Outcome = 'accepted' | 'rejected' | 'untyped' | 'hang' | 'crash';

/** What happened to one input (sent from the child to the runner). */
export interface InputResult {
  index: number;
  label: string;
  seed: string;
  bytes: number;
  outcome: Outcome;
  /** The error's name and message (untyped errors and crashes). */
  error?: string;
  /** Parse wall-clock time, ms. */
  ms: number;
  /** Parse CPU time (user + system), ms: what the time budget and "over 1 s" use. */
  cpuMs: number;
  /** Largest heap + external memory growth during the parse, bytes. */
  peak: number;
  /**
   * Export + validation of accepted inputs: valid, invalid (validator errors), export-error (toGlb
   * threw) or unvalidated (the validator itself failed on the file).
   */
  glb?: 'valid' | 'invalid' | 'export-error' | 'unvalidated';
  glbIssue?: string;
  /** validateScene's first issue, when the accepted scene is invalid. */
  sceneIssue?: string;
  /** glTF: what every writer did with the accepted scene (measured against the input's budgets). */
  writers?: WriterResult[];
  /** The first writer failure (an untyped error or a budget breach), for the report. */
  writerIssue?: string;
  /** Budget breaches: 'time' and/or 'memory'. */
  over?: ('time' | 'memory')[];
  kernels: 'wasm' | 'js';
  /** Kernels, sync/async entry and format options the input was parsed with (for the replay). */
  variant?: { kernels: 'wasm' | 'js'; sync: boolean; options: Record<string, string | boolean> };
}

/** One writer on an accepted glTF scene: written, refused with a WriteError, or an untyped error. */
export interface WriterResult {
  id: string;
  outcome: 'written' | 'refused' | 'untyped';
  error?: string;
  cpuMs: number;
  peak: number;
  over?: ('time' | 'memory')[];
}
