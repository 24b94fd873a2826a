import type { Scene } from '@relic3d/core';

/** A FormatError (or other failure) flattened for postMessage. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  offset?: number;
  format?: string;
  expected?: string;
  found?: string;
}

export type ToWorker =
  | { type: 'parse'; id: number; name: string; bytes: Uint8Array; files: Record<string, Uint8Array>; baseUrl?: string; companions?: string[] }
  | { type: 'export'; id: number };

export type FromWorker =
  | { type: 'parsed'; id: number; scene: Scene; format: { id: string; name: string }; ms: number; path: string }
  | { type: 'timing'; id: number; jsMs: number }
  | { type: 'glb'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; error: WireError };
