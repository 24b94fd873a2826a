import type { ThumbInfo } from './catalog.js';

export type ToThumbWorker =
  /** The opened folder's files by root-relative path, in parts (`more`: adds to the previous part). */
  | { type: 'folder'; files: Record<string, Blob>; more: boolean }
  | { type: 'render'; id: number; path: string };

export type FromThumbWorker =
  /** Sent once at start: whether this worker can draw (OffscreenCanvas with WebGL). */
  | { type: 'ready'; offscreen: boolean }
  | { type: 'thumb'; id: number; path: string; blob?: Blob; info: ThumbInfo; ms: number; phases?: Record<string, number> };
