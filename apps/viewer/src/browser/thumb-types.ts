// What the thumbnail service (thumb-service.ts) gives and takes: a thumbnail, its timings, its options.
import type { ThumbInfo } from './catalog.js';
import type { ListingPace } from './folder-handles.js';

export interface Thumb {
  /** An object URL of the small picture, made on first read (none when the model failed). */
  url?: string;
  blob?: Blob;
  info: ThumbInfo;
  from: 'cache' | 'render';
}

/** Times since the folder was opened (ms), for the e2e suite and the status line. */
export interface ThumbStats {
  openedAt: number;
  firstAt?: number;
  allAt?: number;
  cached: number;
  rendered: number;
  drawer: 'worker' | 'page';
  workers: number;
  /** Summed time of each drawing phase (parse, three, pose, draw, encode) over the drawn thumbnails. */
  phases: Record<string, number>;
  /** Summed time the drawers spent per thumbnail, start to picture. */
  drawMs: number;
}

export interface ThumbOptions {
  /** Draw on the page, as where workers cannot (the e2e tests' `?thumbs=page`). */
  forcePage?: boolean;
  /** Thumbnail workers to start (`?thumbs=1`); by default two, which two cores already run faster than one. */
  workers?: number;
  /** One worker that only reads a handed folder, and the page draws: as where workers have no WebGL (`?thumbs=readers`). */
  readers?: boolean;
  /** A picked folder's listing's pace (`?list-part=8&list-pause=40`; folder-handles.ts LIST_PART by default). */
  listing?: ListingPace;
}

/**
 * The thumbnail with its object URL made when a card first shows the picture (kept in `urls`, to be
 * revoked): making one is a synchronous round trip to the browser process (Chromium's BlobURLStore
 * [Sync] Register), and most thumbnails are never on screen.
 */
export function withLazyUrl(thumb: Omit<Thumb, 'url'>, urls: string[]): Thumb {
  let url: string | undefined;
  return Object.defineProperty({ ...thumb } as Thumb, 'url', {
    enumerable: true,
    get: () => {
      if (url === undefined && thumb.blob) urls.push((url = URL.createObjectURL(thumb.blob)));
      return url;
    },
  });
}
