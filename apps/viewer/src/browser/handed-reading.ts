// A thumbnail worker's side of a folder handed to it as handles (folder-handles.ts): it lists the
// folder and, when it is the one that reports, tells the page the paths and each file's size and time
// (the cache's key) in batches, so the page's thread never makes a File.
import { inputExtensions } from '@relic3d/formats';
import { catalogOf } from './catalog.js';
import { HandleReader } from './folder-handles.js';
import type { FileFactsRow, FromThumbWorker, ToThumbWorker } from './thumb-protocol.js';

/** Facts are sent at most this often (each message is a task on the page); asked-for ones at once. */
const FACTS_MS = 100;
/** Files per message when the page asks for them all (for the full view). */
const FILES_PER_PART = 256;

type Post = (message: FromThumbWorker) => void;

/**
 * Lists the handed folder and gives it to `use` at once; when it is the one that reports, posts the
 * page its paths as they are listed ('listed', in parts), the facts of the first screen's models
 * (read first, as soon as the first part is listed: the page sends no drawing job before the cache
 * has answered for a model, and the cache's key is its size and time), then each file's size and
 * time as it is read ('facts'), and with `files` (the page draws) the files themselves ('files').
 */
export function readHandedFolder(message: Extract<ToThumbWorker, { type: 'handles' }>, postNow: Post, use: (reader: HandleReader) => void): { streamFiles(): void; want(paths: string[]): void } {
  const { folder, report } = message;
  const post = lateFiles(postNow, message.listing?.filesPauseMs);
  /** Paths whose facts go to the page apart (the first screen's, the asked-for). */
  const told = new Set<string>();
  let first = true;
  const reader: HandleReader = HandleReader.open(message.handles, message.names, (part, done, error) => {
    if (!report) return;
    post({ type: 'listed', folder, paths: [...part], done, error });
    if (!first || done || !message.firstScreen) return;
    first = false;
    // After `open` returns: a drop's names are handed on from within it.
    const screen = firstScreen(part, message.firstScreen);
    queueMicrotask(() => void tellFacts(reader, screen, folder, post, told));
  }, message.listing, { share: message.share, from: message.from });
  use(reader);
  const stream: Stream = { on: false, streamFiles: () => {}, flush: () => {} };
  if (report) void reportFacts(reader, folder, post, stream, told);
  return {
    streamFiles: () => stream.streamFiles(),
    // Asked for by the page (the cards on screen): read at once, not when a reader is free (each waits
    // for the browser's iteration of a large folder to end), and told together.
    want(paths) {
      reader.prioritise(paths);
      if (!report) return;
      // Their files read already go first: the page drawer waits on a model's file (issue 31: its facts came first).
      stream.flush(paths);
      void tellFacts(reader, paths.filter((p) => !told.has(p)), folder, post, told);
    },
  };
}

/** `post`, with 'files' messages sent `pauseMs` late, in order (ListingPace's `filesPauseMs`). */
function lateFiles(post: Post, pauseMs = 0): Post {
  if (!pauseMs) return post;
  let last = Promise.resolve();
  return (message) => {
    if (message.type !== 'files') return post(message);
    const due = performance.now() + pauseMs;
    last = last.then(() => new Promise((resolve) => setTimeout(resolve, due - performance.now()))).then(() => post(message));
  };
}

/** The models the grid shows first of a folder's first part: its catalog's order (by name), `count` of them. */
export function firstScreen(part: readonly string[], count: number): string[] {
  return catalogOf(part.map((path) => [path, UNKNOWN]), inputExtensions).slice(0, count).map((e) => e.path);
}

const UNKNOWN = { size: -1, lastModified: -1 };

/** The first screen's other facts go this long after its first (one message for most of them, not one each). */
const SCREEN_FACTS_MS = 16;

/**
 * Reads these models (the first screen's, or asked for) and posts their facts: the first read at
 * once, the others together. The reads end one by one after Chromium's iteration of a large folder
 * (a mojo answer each), and waiting for all ~40 of the first screen kept the first drawing waiting
 * 0.2–0.4 s behind the first read (issue 31).
 */
async function tellFacts(reader: HandleReader, paths: string[], folder: number, post: Post, told: Set<string>): Promise<void> {
  // Told from now on (asked again meanwhile, they are not read twice, nor told by readAll).
  for (const path of paths) told.add(path);
  let rows: FileFactsRow[] = [];
  let sent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    if (rows.length) post({ type: 'facts', folder, files: rows, done: false });
    rows = [];
    sent = true;
  };
  await Promise.all(paths.map(async (path) => {
    const file = await reader.read(path);
    if (!file) return;
    rows.push([path, file.size, file.lastModified]);
    if (!sent) send();
    else timer ??= setTimeout(send, SCREEN_FACTS_MS);
  }));
  send();
}

/** The streaming of a handed folder's files to the page drawer: `on` once asked for; `flush` sends the part now if it holds one of `paths`. */
interface Stream {
  on: boolean;
  streamFiles(): void;
  flush(paths: readonly string[]): void;
}

/** The reporter's facts, and (`stream.on`: the page draws) the files read, in parts. */
async function reportFacts(reader: HandleReader, folder: number, post: Post, stream: Stream, told: ReadonlySet<string>): Promise<void> {
  let part: FileFactsRow[] = [];
  let files: Record<string, Blob> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    // Files first: a model's facts start its drawing, and the page drawer draws from the file.
    if (stream.on && Object.keys(files).length) post({ type: 'files', folder, files, done: false });
    if (part.length) post({ type: 'facts', folder, files: part, done: false });
    part = [];
    files = {};
  };
  // Asked for once the page knows it draws: every file read so far goes in the next part.
  stream.streamFiles = () => {
    if (stream.on) return;
    stream.on = true;
    for (const [path, file] of reader.files) files[path] = file;
    send();
  };
  stream.flush = (paths) => {
    if (stream.on && paths.some((p) => p in files)) send();
  };
  const wanted = reader.wanted;
  const finished = await reader.readAll((path, file) => {
    if (!told.has(path)) part.push([path, file.size, file.lastModified]);
    if (stream.on) files[path] = file;
    if (wanted.delete(path)) send();
    else timer ??= setTimeout(send, FACTS_MS);
  });
  if (!finished) return clearTimeout(timer);
  send();
  post({ type: 'facts', folder, files: [], done: true });
  if (stream.on) post({ type: 'files', folder, files: {}, done: true });
}

/** Posts the page every file read, in parts. */
export async function sendFiles(reader: HandleReader, folder: number, post: Post): Promise<void> {
  const all = [...reader.paths];
  for (let at = 0; at < all.length; at += FILES_PER_PART) {
    const part: Record<string, Blob> = {};
    for (const p of all.slice(at, at + FILES_PER_PART)) {
      const file = await reader.read(p);
      if (file) part[p] = file;
    }
    post({ type: 'files', folder, files: part, done: at + FILES_PER_PART >= all.length });
  }
  if (!all.length) post({ type: 'files', folder, files: {}, done: true });
}
