import type { Scene, SerializedError } from '@relic3d/core';

export interface BatchInput {
  /** File name: used for detection ties, messages and companion lookups. Never opened. */
  name: string;
  bytes: Uint8Array;
  /** Companion files by name (textures, O3D skeletons and motions...), looked up case-insensitively by base name. */
  companions?: Record<string, Uint8Array>;
}

/** A failure as plain data: FormatError fields (code, offset, format, expected, found) kept. */
export type BatchError = SerializedError;

export interface BatchResult {
  /** Position of the input in the batch. */
  index: number;
  name: string;
  /** Detected format id. */
  format?: string;
  scene?: Scene;
  error?: BatchError;
  /** Milliseconds spent detecting and parsing (inside the worker). */
  ms: number;
}

export interface BatchOptions {
  /**
   * Worker threads (Node) or Web Workers (browsers) to decode with; default: one per core.
   * 0 decodes on the calling thread, one file at a time (no workers).
   */
  concurrency?: number;
  /** Force the TypeScript kernels (`'js'`) or allow WASM (`'wasm'`, the default). */
  kernels?: 'wasm' | 'js';
  /** Called after each file with the number done and, for arrays, the total. */
  onProgress?(done: number, total?: number): void;
  /**
   * Worker script to load instead of the package's own `worker` entry (bundlers that need an
   * explicit URL: `new URL('@relic3d/batch/worker', import.meta.url)`).
   */
  workerScript?: string | URL;
  /** Milliseconds one file may take in a worker before it is stopped and reported as a TimeoutError. */
  timeout?: number;
  /** Files decoded or queued ahead of the consumer; default 2 × concurrency. Bounds memory. */
  window?: number;
}
