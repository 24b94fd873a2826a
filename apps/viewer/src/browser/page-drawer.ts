// The thumbnail drawer of last resort: a hidden canvas on the page, one thumbnail per task, where no
// worker can draw (no OffscreenCanvas with WebGL, or `?thumbs=page`).
import type { FromThumbWorker } from './thumb-protocol.js';

export interface Drawer {
  busy: number;
  /** The thumbnail worker that draws (none: the page). */
  worker?: Worker;
  send(id: number, path: string): void;
}

/** The open folder as the page drawer sees it. */
export interface PageFolder {
  files: Record<string, Blob>;
  names?: readonly string[];
  complete: boolean;
  /** Set while `names` grows (a picked folder still listed): settles once it holds every path. */
  listed?: Promise<void>;
}

export interface PageDrawerHost {
  /** The open folder now. */
  folder(): PageFolder;
  /** Asks for a file a drawing waits on. */
  want(path: string): void;
  /** A thumbnail is drawn. */
  done(message: Extract<FromThumbWorker, { type: 'thumb' }>, drawer: Drawer): void;
}

/** The page drawer, and what to call with files that arrived (none: the folder is complete). */
export async function pageDrawer(host: PageDrawerHost): Promise<{ drawer: Drawer; arrived(files: Record<string, Blob>): void }> {
  const { ThumbRenderer } = await import('./thumb-render.js');
  const renderer = new ThumbRenderer(document.createElement('canvas'));
  renderer.onNeed = (path) => host.want(path);
  let folder: Record<string, Blob> | undefined;
  const arrived = (files: Record<string, Blob>) => {
    const open = host.folder();
    if (folder !== open.files) return;
    renderer.setFolder(files, true);
    if (open.complete) renderer.complete();
  };
  let queue = Promise.resolve();
  const drawer: Drawer = {
    busy: 0,
    send: (id, path) => {
      queue = queue.then(async () => {
        await new Promise((r) => setTimeout(r, 0));
        const open = host.folder();
        if (folder !== open.files) {
          renderer.setFolder((folder = open.files), false, open.names, open.listed);
          if (open.complete) renderer.complete();
        }
        const t0 = performance.now();
        const drawn = await renderer.draw(path);
        const [picture] = renderer.flush();
        host.done({ type: 'thumb', id, path, info: drawn.info, phases: drawn.phases, blob: await picture, ms: performance.now() - t0 }, drawer);
      });
    },
  };
  return { drawer, arrived };
}
