import type { Scene, SerializedError, Warning } from '@relic3d/core';

/** A FormatError, WriteError (with its limit) or other failure, flattened for postMessage. */
export type WireError = SerializedError & { limit?: string; value?: number | string; max?: number | string; where?: string };

/** A format the Export menu offers: `glb` or a writer's id. */
export interface ExportFormat {
  id: string;
  name: string;
  extension: string;
}

export type ToWorker =
  /**
   * `name`: the model's path among `files` (or its file name); `files`: dropped files by
   * root-relative path, read in the worker only when a companion is asked for; `codePage`: absent
   * for 'auto'; `timingBudgetMs`: how long the worker may spend on the WASM vs TypeScript timing runs.
   */
  | {
      type: 'parse';
      id: number;
      name: string;
      bytes: Uint8Array;
      files: Record<string, Blob | Uint8Array>;
      baseUrl?: string;
      companions?: string[];
      codePage?: string;
      /** O3D motion names to fetch (a URL's folder cannot be listed); default: what `files`/`companions` list. */
      motions?: string[];
      timingBudgetMs: number;
    }
  /** The model on show in `format` (`glb` or a writer's id). */
  | { type: 'export'; id: number; format: string }
  /** What the Export menu lists. */
  | { type: 'formats'; id: number }
  /**
   * Fault injection for the end-to-end tests: the next parse dies with an uncaught error, the
   * worker hangs now, or the next export is refused with a WriteError.
   */
  | { type: 'fault'; id: number; kind: 'throw' | 'hang' | 'refuse-export' };

export type FromWorker =
  /**
   * `ms`: the first (cold) parse, on the WASM kernels; `path`: 'simd', 'scalar' or 'js' when WASM is
   * unavailable; `codePage`: what the strings were decoded with ('auto' detection included).
   */
  | { type: 'parsed'; id: number; scene: Scene; format: { id: string; name: string }; ms: number; path: string; codePage?: string }
  /** Medians of `runs` warm, alternating runs per path; each run is the mean of `repeat` parses. */
  | { type: 'timing'; id: number; wasmMs: number; jsMs: number; runs: number; repeat: number; wasmRuns: number[]; jsRuns: number[] }
  /** Every file of the export by plain base name (one for .glb; .o3d + .chr + .ani, textures, …), and its warnings. */
  | { type: 'exported'; id: number; format: string; files: Record<string, Uint8Array>; warnings: Warning[] }
  | { type: 'formats'; id: number; formats: ExportFormat[] }
  | { type: 'error'; id: number; error: WireError };
