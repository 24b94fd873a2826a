import type { ThumbInfo } from './catalog.js';
import type { FolderHandles, ListingPace, ListingPort } from './folder-handles.js';

/** A file's size and time (the thumbnail cache's key), as [path, size, lastModified]. */
export type FileFactsRow = [string, number, number];

export type ToThumbWorker =
  /**
   * The opened folder's files by root-relative path, in parts (`more`: adds to the previous part);
   * `names` (first part only): every path of the folder, files not there yet included.
   */
  | { type: 'folder'; files: Record<string, Blob>; more: boolean; names?: readonly string[] }
  /** Every file of the folder has arrived: a companion still waited on is not there. */
  | { type: 'complete' }
  /**
   * A folder the worker reads itself from its handles (folder-handles.ts): `folder` numbers it;
   * `report`: this worker lists it to the page ('listed') and reads every file for the page ('facts');
   * `names`: its files' paths, when the page listed them (a drop's entries), else the worker lists it,
   * in parts (`listing`: their pace, folder-handles.ts): the reporter lists it and sends the parts to
   * the others (`share`), which take them (`from`); `firstScreen`: how many cards the grid's first
   * screen holds, whose models the reporter reads (and tells the page their facts) first.
   */
  | { type: 'handles'; folder: number; handles: FolderHandles; report: boolean; names?: readonly string[]; listing?: ListingPace; share?: ListingPort[]; from?: ListingPort; firstScreen?: number }
  /** Read these files of the handed folder first (the cards on screen). */
  | { type: 'want'; paths: string[] }
  /** Send the page the handed folder's files (for the full view), in parts. */
  | { type: 'send-files'; folder: number }
  /** The page draws the thumbnails: send it each file of the handed folder as it is read ('files'). */
  | { type: 'stream-files'; folder: number }
  | { type: 'render'; id: number; path: string };

export type FromThumbWorker =
  /** Sent once, after its warm-up draw: whether this worker can draw (OffscreenCanvas with WebGL). */
  | { type: 'ready'; offscreen: boolean }
  /** A drawing waits on these files of the folder (companions whose handles have not arrived). */
  | { type: 'need'; paths: string[] }
  /**
   * A part of the handed folder's paths as they are listed; `done`: the last part (its packs'
   * entries), `error`: why the listing stopped early.
   */
  | { type: 'listed'; folder: number; paths: string[]; done: boolean; error?: string }
  /** Sizes and times of the handed folder's files as they are read; `done`: every file is read. */
  | { type: 'facts'; folder: number; files: FileFactsRow[]; done: boolean }
  /** A part of the handed folder's files, for the page's full view (or, streamed, its drawer); `done`: the last part. */
  | { type: 'files'; folder: number; files: Record<string, Blob>; done: boolean }
  /**
   * `at` (a folder's first thumbnail only): when the worker got the job, had parsed, had drawn and had
   * the picture, as epoch milliseconds (timeOrigin + now), for the page's 'relic3d:first-…' marks.
   */
  | { type: 'thumb'; id: number; path: string; blob?: Blob; info: ThumbInfo; ms: number; phases?: Record<string, number>; at?: Record<string, number> };
