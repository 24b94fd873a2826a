/// <reference lib="webworker" />
// Thumbnails drawn off the page's thread: parse, pose and draw on an OffscreenCanvas, one at a time.
import type { FromThumbWorker, ToThumbWorker } from './thumb-protocol.js';
import { ThumbRenderer } from './thumb-render.js';

const post = (message: FromThumbWorker) => (self as unknown as Worker).postMessage(message);

function createRenderer(): ThumbRenderer | undefined {
  if (typeof OffscreenCanvas === 'undefined') return undefined;
  try {
    return new ThumbRenderer(new OffscreenCanvas(1, 1));
  } catch {
    return undefined; // no WebGL in workers here: the page draws them instead
  }
}

const renderer = createRenderer();
post({ type: 'ready', offscreen: !!renderer });

// One job at a time, in the order they came: a thumbnail is drawn, read and disposed before the next.
let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<ToThumbWorker>) => {
  const message = event.data;
  if (message.type === 'folder') {
    renderer?.setFolder(message.files, message.more);
    return;
  }
  queue = queue.then(async () => {
    const t0 = performance.now();
    const result = renderer ? await renderer.render(message.path) : { info: { skinned: false, clips: 0, lods: 0, missingTextures: 0, triangles: 0, failed: 'no renderer' } };
    post({ type: 'thumb', id: message.id, path: message.path, ...result, ms: performance.now() - t0 });
  });
};
