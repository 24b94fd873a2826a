/// <reference lib="webworker" />
// Thumbnails drawn off the page's thread: parse, pose and draw on an OffscreenCanvas atlas, one model
// at a time, read back once for up to a full atlas (thumb-render.ts says why).
import type { FromThumbWorker, ToThumbWorker } from './thumb-protocol.js';
import { ThumbRenderer, type Drawn } from './thumb-render.js';
import { HandleReader } from './folder-handles.js';
import { readHandedFolder, sendFiles } from './handed-reading.js';

/** The atlas is 4 × 4 thumbnails. */
const ATLAS_SIDE = 4;
/** A started atlas is read back after this long even when not full, so cards fill soon. */
const ATLAS_WAIT_MS = 250;

const post = (message: FromThumbWorker) => (self as unknown as Worker).postMessage(message);
/** A time of this worker as epoch milliseconds: the page's clock has another origin. */
const epoch = (now: number) => performance.timeOrigin + now;

function createRenderer(): ThumbRenderer | undefined {
  // 'reader' (the page's `?thumbs=readers`): reads a handed folder for the page, which draws, as where a worker has no WebGL.
  if (typeof OffscreenCanvas === 'undefined' || self.name === 'reader') return undefined;
  try {
    return new ThumbRenderer(new OffscreenCanvas(1, 1), ATLAS_SIDE);
  } catch {
    return undefined; // no WebGL in workers here: the page draws them instead
  }
}

const renderer = createRenderer();
/** The folder this worker reads from its handles (none: the page posts its files). */
let reader: HandleReader | undefined;
/** The handed folder's number and its reporting. */
let handed: { folder: number; streamFiles(): void; want(paths: string[]): void } | undefined;
if (renderer) renderer.onNeed = (path) => (reader ? void fetchFile(reader, path) : post({ type: 'need', paths: [path] }));

/** Reads `path` of the handed folder into the renderer (a drawing waits on it). */
async function fetchFile(from: HandleReader, path: string): Promise<void> {
  const file = await from.read(path);
  // Undefined when unreadable: what waits on it is answered that it is not there.
  if (reader === from) renderer?.setFolder({ [path]: file as Blob }, true);
}
// Ready once the one-time costs are paid, so the page gives it work from then on (a failed warm-up
// only means the first thumbnail pays them).
void (renderer ? renderer.warmUp().catch(() => undefined) : Promise.resolve()).then(() => post({ type: 'ready', offscreen: !!renderer }));

type Job = Extract<ToThumbWorker, { type: 'render' }> & { receivedAt: number };
const queue: Job[] = [];
/** Drawn since the last read-back, with the job, its drawing time and (a folder's first) its times. */
let batch: { job: Job; drawn: Drawn; ms: number; at?: Record<string, number> }[] = [];
let batchStart = 0;
let running = false;
/** A folder's first thumbnail is read back alone: the first card fills without waiting for an atlas. */
let firstOfFolder = true;

/** Reads the atlas back and posts each thumbnail of the batch once its picture is encoded. */
function flush(): void {
  firstOfFolder = false;
  const f0 = performance.now();
  const pictures = renderer?.flush() ?? [];
  const at = performance.now();
  const flushMs = (at - f0) / Math.max(1, batch.length);
  for (const { job, drawn, ms, at: times } of batch) {
    const picture = drawn.cell === undefined ? Promise.resolve(undefined) : pictures[drawn.cell];
    if (times) times.read = epoch(at);
    void picture.then((blob) => {
      const phases = { ...drawn.phases, flush: flushMs, encode: (performance.now() - at) / Math.max(1, pictures.length) };
      if (times) times.encoded = epoch(performance.now());
      post({ type: 'thumb', id: job.id, path: job.path, info: drawn.info, blob, ms, phases, at: times });
    });
  }
  batch = [];
}

/** Draws the queued jobs in order; the atlas is read back when full, when nothing is queued, or after a while. */
async function run(): Promise<void> {
  if (running || !renderer) return;
  running = true;
  while (queue.length) {
    const job = queue.shift()!;
    // A handed folder's model is read here, in the worker (once: the reader keeps what it read).
    if (reader) await fetchFile(reader, job.path);
    const t0 = performance.now();
    if (!batch.length) batchStart = t0;
    const drawn = await renderer.draw(job.path);
    const ms = performance.now() - t0;
    // A folder's first: where its time went, on the page's clock (the phases follow each other from t0).
    let at: Record<string, number> | undefined;
    if (firstOfFolder) {
      at = { received: epoch(job.receivedAt), started: epoch(t0) };
      let end = t0;
      for (const [name, phaseMs] of Object.entries(drawn.phases)) at[name] = epoch((end += phaseMs));
    }
    batch.push({ job, drawn, ms, at });
    if (firstOfFolder || renderer.full || !queue.length || performance.now() - batchStart > ATLAS_WAIT_MS) flush();
  }
  running = false;
}

self.onmessage = (event: MessageEvent<ToThumbWorker>) => {
  const message = event.data;
  if (message.type === 'folder') {
    if (!message.more) {
      reader?.stop();
      reader = undefined;
      handed = undefined;
      firstOfFolder = true;
    }
    renderer?.setFolder(message.files, message.more, message.names);
    return;
  }
  if (message.type === 'handles') {
    reader?.stop();
    reader = undefined;
    handed = undefined;
    firstOfFolder = true;
    // A worker that neither draws nor reports has no use for the folder.
    if (!renderer && !message.report) return message.from?.close();
    // Drawing starts from the first part listed: the renderer's paths grow as the listing does.
    const reporting = readHandedFolder(message, post, (opened) => {
      reader = opened;
      renderer?.setFolder(Object.fromEntries(opened.files), false, opened.paths, opened.listed);
      // Indexed part by part while it is listed: the first drawing finds the index ready.
      opened.onGrown = () => reader === opened && renderer?.indexNames();
    });
    handed = { folder: message.folder, ...reporting };
    return;
  }
  if (message.type === 'want') {
    handed?.want(message.paths);
    return;
  }
  if (message.type === 'stream-files') {
    if (handed?.folder === message.folder) handed.streamFiles();
    return;
  }
  if (message.type === 'send-files') {
    if (reader) void sendFiles(reader, message.folder, post);
    return;
  }
  if (message.type === 'complete') {
    renderer?.complete();
    return;
  }
  if (!renderer) {
    post({ type: 'thumb', id: message.id, path: message.path, info: { skinned: false, clips: 0, lods: 0, missingTextures: 0, triangles: 0, failed: 'no renderer' }, ms: 0 });
    return;
  }
  queue.push({ ...message, receivedAt: performance.now() });
  void run();
};
