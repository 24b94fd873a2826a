import type { ThumbInfo } from './catalog.js';

export type ToThumbWorker =
  /**
   * The opened folder's files by root-relative path, in parts (`more`: adds to the previous part);
   * `names` (first part only): every path of the folder, files not there yet included.
   */
  | { type: 'folder'; files: Record<string, Blob>; more: boolean; names?: readonly string[] }
  /** Every file of the folder has arrived: a companion still waited on is not there. */
  | { type: 'complete' }
  | { type: 'render'; id: number; path: string };

export type FromThumbWorker =
  /** Sent once, after its warm-up draw: whether this worker can draw (OffscreenCanvas with WebGL). */
  | { type: 'ready'; offscreen: boolean }
  /** A drawing waits on these files of the folder (companions whose handles have not arrived). */
  | { type: 'need'; paths: string[] }
  /**
   * `at` (a folder's first thumbnail only): when the worker got the job, had parsed, had drawn and had
   * the picture, as epoch milliseconds (timeOrigin + now), for the page's 'relic3d:first-…' marks.
   */
  | { type: 'thumb'; id: number; path: string; blob?: Blob; info: ThumbInfo; ms: number; phases?: Record<string, number>; at?: Record<string, number> };
