import type { Scene, SerializedError } from '@relic3d/core';

/** A FormatError (or other failure) flattened for postMessage. */
export type WireError = SerializedError;

export type ToWorker =
  /** `timingBudgetMs`: how long the worker may spend on the WASM vs TypeScript timing runs after the parse. */
  | { type: 'parse'; id: number; name: string; bytes: Uint8Array; files: Record<string, Uint8Array>; baseUrl?: string; companions?: string[]; timingBudgetMs: number }
  | { type: 'export'; id: number };

export type FromWorker =
  /** `ms`: the first (cold) parse, on the WASM kernels; `path`: 'simd', 'scalar' or 'js' when WASM is unavailable. */
  | { type: 'parsed'; id: number; scene: Scene; format: { id: string; name: string }; ms: number; path: string }
  /** Medians of `runs` warm, alternating runs per path; each run is the mean of `repeat` parses. */
  | { type: 'timing'; id: number; wasmMs: number; jsMs: number; runs: number; repeat: number }
  | { type: 'glb'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; error: WireError };
