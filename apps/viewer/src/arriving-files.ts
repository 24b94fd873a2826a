// A dropped folder whose names are known at once and whose file handles arrive over seconds: Chromium
// lists 9,665 names quickly but hands over their File objects slowly (8.6 s for the bench's game
// folder), so the grid opens from the names and thumbnails start as handles arrive, the ones asked
// for (cards on screen, companions a thumbnail waits on) first.
import { expandPacks, fromInput, type FileSet } from './files.js';
import { nextPartSize } from './tasks.js';
import { listHandles, type FolderHandles } from './browser/folder-handles.js';

/** A file's size and time, all the grid and the thumbnail cache need of it. */
export interface FileFacts {
  size: number;
  lastModified: number;
}

export interface ArrivingFolder {
  /** Every file of the folder by root-relative path: the listing, plus the entries of its `.res` packs. */
  readonly paths: readonly string[];
  /** Set when the folder is still listed (a picked folder, listed by the workers in parts): `paths` grows in place until it settles. */
  readonly listed?: Promise<void>;
  /** Called when `paths` has grown. */
  onPaths?: () => void;
  /** The files whose handles have arrived; all of them once `complete` settles. */
  readonly files: FileSet;
  /** Fetches these paths' handles before the others (the most recent ask first). */
  prioritise(paths: Iterable<string>): void;
  /** Called with each part of the files as it arrives (batched: one call per few dozen handles). */
  onFiles?: (part: FileSet) => void;
  /**
   * True when handing a file on costs the page's thread a synchronous call to the browser process: a
   * picked File's first size/time read or postMessage stats it (Blob::CaptureSnapshot), up to 0.7 s
   * each while the thumbnail workers drew (issue 31). A drop's entry.file() makes one too
   * (FileBackedBlobFactory::RegisterBlobSync), not held yet: see issue 31.
   */
  readonly statsOnPage?: boolean;
  /** Asked before each part: while true, only asked-for paths are handed on (the others wait). */
  held?: () => boolean;
  /**
   * True when the thumbnail workers read the folder from its handles (browser/handed-folder.ts): the
   * page makes no File of it; sizes and times come through `onSizes`, the files once all are read.
   */
  readonly readByWorkers?: boolean;
  /** The sizes and times known so far (read by the workers). */
  readonly sized?: ReadonlyMap<string, FileFacts>;
  /** Called with each part of the sizes and times as the workers read them. */
  onSizes?: (part: Map<string, FileFacts>) => void;
  readonly complete: Promise<FileSet>;
}

/**
 * File handles asked for this many at a time, each answer in a task of its own: asking for 9,665 at
 * once made their answers one 7-s task on the page; 32 at a time still one of 10 s; 4 at a time, each
 * followed by a yield, at most 0.16 s with the machine loaded 10× over (a probe of issue 31).
 */
const FILES_AT_ONCE = 4;
/**
 * Arrived handles are handed on at most this often (each part is a message to every drawer); a
 * handle that was asked for (a card on screen, a companion a drawer waits on) is handed on at once.
 */
const PART_MS = 100;

/** A dropped entry (FileSystemFileEntry) or a picked one (FileSystemFileHandle, showDirectoryPicker). */
export type FileHandle = FileSystemFileEntry | FileSystemFileHandle;

const fileOf = (entry: FileHandle) => ('getFile' in entry ? entry.getFile() : new Promise<File>((resolve, reject) => entry.file(resolve, reject)));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Paths in the order to take them: the latest urgent one first, then `order` from where it stopped
 * (not with `urgentOnly`); taken ones skipped.
 */
function takingOrder(order: readonly string[], taken: (path: string) => boolean) {
  const urgent: string[] = [];
  let cursor = 0;
  const next = (urgentOnly = false): string | undefined => {
    while (urgent.length) {
      const p = urgent.pop()!;
      if (!taken(p)) return p;
    }
    while (!urgentOnly && cursor < order.length) {
      const p = order[cursor++];
      if (!taken(p)) return p;
    }
    return undefined;
  };
  /** The next path; while `held()` only an urgent one, waited for (undefined once none is left). */
  const nextUnlessHeld = async (held: () => boolean): Promise<string | undefined> => {
    for (;;) {
      const urgentOnly = held();
      const p = next(urgentOnly);
      if (p !== undefined || !urgentOnly) return p;
      while (cursor < order.length && taken(order[cursor])) cursor++;
      if (cursor >= order.length) return undefined;
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    }
  };
  return { urgent, next, nextUnlessHeld };
}

/**
 * Starts fetching `entries`' handles. Packs (`.res`) are fetched and their headers read first, so
 * their entries are among `paths` from the start; a handle that cannot be read is left out.
 */
export async function arrivingFolder(entries: Map<string, FileHandle>): Promise<ArrivingFolder> {
  const files: FileSet = new Map();
  const packs = [...entries.keys()].filter((p) => p.toLowerCase().endsWith('.res'));
  for (const p of packs) files.set(p, await fileOf(entries.get(p)!).catch(() => undefined as unknown as File));
  for (const p of packs) if (!files.get(p)) files.delete(p);
  const loose = [...entries.keys()];
  await expandPacks(files, loose);
  const paths = [...new Set([...loose, ...files.keys()])];

  const wanted = new Set<string>();
  const asked = new Set<string>(files.keys());
  const { urgent, nextUnlessHeld } = takingOrder(
    loose.filter((p) => !files.has(p)),
    (p) => asked.has(p),
  );
  const held = () => !!folder.held?.();
  let part: FileSet = new Map();
  let partTimer: ReturnType<typeof setTimeout> | undefined;
  const handOn = () => {
    clearTimeout(partTimer);
    partTimer = undefined;
    if (!part.size) return;
    const done = part;
    part = new Map();
    folder.onFiles?.(done);
  };
  let handed = 0;
  const take = async () => {
    for (let p = await nextUnlessHeld(held); p !== undefined; p = await nextUnlessHeld(held)) {
      asked.add(p);
      const file = await fileOf(entries.get(p)!).catch(() => undefined);
      if (file) {
        if (!handed++) performance.mark('relic3d:first-handle');
        files.set(p, file);
        part.set(p, file);
        if (wanted.delete(p)) handOn();
        else partTimer ??= setTimeout(handOn, PART_MS);
      }
      await nextTask();
    }
  };
  const folder: ArrivingFolder = {
    paths,
    files,
    prioritise(wantedNow) {
      // Pushed in reverse: the first of `wantedNow` is taken first.
      for (const p of [...wantedNow].reverse()) {
        if (!entries.has(p) || asked.has(p)) continue;
        urgent.push(p);
        wanted.add(p);
      }
    },
    complete: nextTask()
      .then(() => Promise.all(Array.from({ length: FILES_AT_ONCE }, take)))
      .then(() => {
        handOn();
        return files;
      }),
  };
  return folder;
}

/**
 * Time a part of a picked folder's files may take to hand on, and its size at most. A picked `File`'s
 * size and time are a synchronous stat on first read, and posting it to the drawers is slow too: a
 * fixed 32 per part were 5–9 ms of CPU but 50–330-ms tasks with the machine loaded 15× over (issue 31),
 * so each part's size follows what the last one took.
 */
const PART_BUDGET_MS = 8;
const HANDED_AT_MOST = 64;
/** A held hand-out looks again this often. */
const HELD_MS = 50;

/**
 * Files that are all there already (Open folder's input, a file input, plain dropped files) as an
 * arriving folder: handed on in parts, a task each, the ones asked for first, as a drop's handles.
 */
export function arrivedFolder(all: FileSet, statsOnPage = false): ArrivingFolder {
  const paths = [...all.keys()];
  const files: FileSet = new Map();
  const { urgent, next, nextUnlessHeld } = takingOrder(paths, (p) => files.has(p));
  const handOn = async () => {
    for (let size = 4; ;) {
      // Held (cards on screen drawing): asked-for paths only.
      const first = await nextUnlessHeld(() => !!folder.held?.());
      if (first === undefined) return files;
      const held = !!folder.held?.();
      const part: FileSet = new Map();
      for (let p: string | undefined = first; p !== undefined; p = part.size < size ? next(held) : undefined) {
        files.set(p, all.get(p)!);
        part.set(p, all.get(p)!);
      }
      if (!part.size) return files;
      const t0 = performance.now();
      if (folder.onFiles) {
        folder.onFiles(part);
        size = nextPartSize(size, performance.now() - t0, PART_BUDGET_MS, HANDED_AT_MOST);
      }
      // A timer, not scheduler.yield: a yield's continuation runs before the page's timers, so every
      // part was handed on (unheard) before the grid opened, whose catalog then read every size.
      await nextTask();
    }
  };
  const folder: ArrivingFolder = {
    paths,
    files,
    statsOnPage,
    prioritise(wanted) {
      // Pushed in reverse: the first of `wanted` is taken first.
      for (const p of [...wanted].reverse()) if (all.has(p) && !files.has(p)) urgent.push(p);
    },
    complete: nextTask().then(handOn),
  };
  return folder;
}

/**
 * Open folder's input (where the browser has no showDirectoryPicker): `open` is called in the change
 * event, with the folder to come. The files are held apart and the input emptied: Chromium saves a
 * file input's files (9,665 paths) in the page's history state 1 s after a change, a 51-ms-CPU task
 * (issue 31). The paths are read in a task of their own, after Chromium's one that made the FileList
 * and sent this event.
 */
export function bindFolderInput(input: HTMLInputElement, open: (folder: Promise<ArrivingFolder>) => Promise<void>): void {
  input.addEventListener('change', () => {
    const picked = Array.from(input.files ?? []);
    input.value = '';
    performance.mark('relic3d:input');
    void open(nextTask().then(async () => arrivedFolder(await expandPacks(fromInput(picked)), true)));
  });
}

/**
 * Where the browser has it, Open folder uses showDirectoryPicker: the folder goes to the thumbnail
 * workers as a handle (`handOver`, browser/handed-folder.ts; the page makes no File), else it is
 * listed here and its handles taken as a drop's. The input hands over every File at once, first.
 */
export function bindFolderPicker(button: HTMLElement, open: (folder: Promise<ArrivingFolder>) => Promise<void>, fail: (error: unknown, name: string) => void, handOver?: (handles: FolderHandles) => Promise<ArrivingFolder> | undefined): void {
  button.addEventListener('click', (e) => {
    const picker = (window as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker;
    if (!picker) return;
    e.preventDefault();
    void (async () => {
      let dir: FileSystemDirectoryHandle;
      try {
        dir = await picker();
      } catch {
        return; // the dialog was closed
      }
      try {
        performance.mark('relic3d:picked');
        // The folder to come: `open` stops drawing the view at once, while it is listed.
        await open(handOver?.([dir]) ?? listHandles([dir]).then(arrivingFolder));
      } catch (error) {
        fail(error, dir.name);
      }
    })();
  });
}
