// A dropped or picked folder read in a thumbnail worker from its FileSystemHandles: the page never
// makes a File. In Chromium each File the page's thread makes is a synchronous call to the browser
// process (a drop's entry.file(): RegisterBlobSync; a picked File's first stat: CaptureSnapshot),
// 9,665 of them for the bench's game folder and up to 0.7 s each under load (issue 31). Here those
// calls block only the worker.
import { expandPacks, type FileSet } from '../files.js';

/** What was dropped or picked: folders and files, as getAsFileSystemHandle / showDirectoryPicker give them. */
export type FolderHandles = readonly FileSystemHandle[];

/** Files read at once by `readAll`: getFile answers slowly, one at a time kept the worker idle. */
const READS_AT_ONCE = 8;

type DirectoryValues = { values(): AsyncIterable<FileSystemHandle> };

async function listDirectory(dir: FileSystemDirectoryHandle, prefix: string, out: Map<string, FileSystemFileHandle>): Promise<void> {
  const subfolders: Promise<void>[] = [];
  // values() is async-iterable; this TypeScript's DOM library does not declare it.
  for await (const handle of (dir as unknown as DirectoryValues).values()) {
    if (handle.kind === 'file') out.set(prefix + handle.name, handle as FileSystemFileHandle);
    else subfolders.push(listDirectory(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`, out));
  }
  await Promise.all(subfolders);
}

/** Every file under `handles` by root-relative path ('Model/a.o3d', as a drop's entries name them); a file by its name. No file is read. */
export async function listHandles(handles: FolderHandles, out = new Map<string, FileSystemFileHandle>()): Promise<Map<string, FileSystemFileHandle>> {
  for (const handle of handles) {
    if (handle.kind === 'file') out.set(handle.name, handle as FileSystemFileHandle);
    else await listDirectory(handle as FileSystemDirectoryHandle, `${handle.name}/`, out);
  }
  return out;
}

/** A folder's files by path, read from their handles when asked for (each once). */
export class HandleReader {
  /** Every path: the listing, plus the entries of its `.res` packs. */
  paths: readonly string[] = [];
  /** The files read so far (a pack's entries from the start). */
  readonly files: FileSet = new Map();
  private readonly reads = new Map<string, Promise<File | undefined>>();
  private readonly urgent: string[] = [];
  /** Asked-for paths not read by `readAll` yet: their facts are sent at once. */
  readonly wanted = new Set<string>();
  private stopped = false;

  /** Folders met on the way to a file by path (`names` given: nothing was listed here). */
  private readonly folders = new Map<string, Promise<FileSystemDirectoryHandle | undefined>>();

  private constructor(private readonly roots: FolderHandles, private readonly handles: Map<string, FileSystemFileHandle>, private readonly listed: readonly string[]) {}

  /**
   * Lists `handles`, or takes `names` (the page listed a drop's entries, names only, several times
   * faster than iterating handles: each handle is a channel to the browser) and finds each file by
   * its path when read. Packs (`.res`) are read and their entries added, as files.ts does for the page.
   */
  static async open(handles: FolderHandles, names?: readonly string[]): Promise<HandleReader> {
    const listed = names ? new Map<string, FileSystemFileHandle>() : await listHandles(handles);
    const reader = new HandleReader(handles, listed, names ?? [...listed.keys()]);
    const packs: FileSet = new Map();
    for (const p of reader.listed) {
      if (!p.toLowerCase().endsWith('.res')) continue;
      const pack = await reader.read(p);
      if (pack) packs.set(p, pack);
    }
    const loose = new Set(reader.listed);
    await expandPacks(packs, loose);
    for (const [p, file] of packs) if (!loose.has(p)) reader.files.set(p, file);
    reader.paths = [...reader.listed, ...[...packs.keys()].filter((p) => !loose.has(p))];
    return reader;
  }

  /** The handle of the file at `path`: listed, or found folder by folder from the handed ones. */
  private async handleOf(path: string): Promise<FileSystemFileHandle | undefined> {
    const listed = this.handles.get(path);
    if (listed || !this.loose.has(path)) return listed;
    const cut = path.lastIndexOf('/');
    if (cut < 0) return this.roots.find((h) => h.kind === 'file' && h.name === path) as FileSystemFileHandle | undefined;
    const folder = await this.folderOf(path.slice(0, cut));
    return folder?.getFileHandle(path.slice(cut + 1)).catch(() => undefined);
  }

  private folderOf(path: string): Promise<FileSystemDirectoryHandle | undefined> {
    let found = this.folders.get(path);
    if (!found) {
      const cut = path.lastIndexOf('/');
      found = cut < 0
        ? Promise.resolve(this.roots.find((h) => h.kind === 'directory' && h.name === path) as FileSystemDirectoryHandle | undefined)
        : this.folderOf(path.slice(0, cut)).then((parent) => parent?.getDirectoryHandle(path.slice(cut + 1)).catch(() => undefined));
      this.folders.set(path, found);
    }
    return found;
  }

  private loosePaths?: Set<string>;
  /** The folder's own files (not a pack's entries). */
  private get loose(): Set<string> {
    return (this.loosePaths ??= new Set(this.listed));
  }

  /** The file at `path` (read once; undefined when it is not in the folder or cannot be read). */
  read(path: string): Promise<File | undefined> {
    const had = this.files.get(path);
    if (had) return Promise.resolve(had);
    let reading = this.reads.get(path);
    if (!reading) {
      reading = this.handleOf(path).then((handle) => handle?.getFile()).catch(() => undefined);
      void reading.then((file) => file && this.files.set(path, file));
      this.reads.set(path, reading);
    }
    return reading;
  }

  /** Read these first in `readAll` (the latest ask first). */
  prioritise(paths: readonly string[]): void {
    for (const p of [...paths].reverse()) {
      if (!this.loose.has(p)) continue;
      this.urgent.push(p);
      this.wanted.add(p);
    }
  }

  /** Nothing more is read by `readAll` (another folder came). */
  stop(): void {
    this.stopped = true;
  }

  /** Reads every file (asked-for ones first), `onRead` with each as it comes; settles when all are read or on `stop`. */
  async readAll(onRead: (path: string, file: File) => void): Promise<boolean> {
    // Taken once each; one read already for a drawing is answered from memory.
    const taken = new Set<string>();
    for (const [p, file] of this.files) if (!this.loose.has(p)) onRead(p, file);
    const order = this.listed;
    let cursor = 0;
    const next = (): string | undefined => {
      for (;;) {
        const p = this.urgent.length ? this.urgent.pop()! : order[cursor++];
        if (p === undefined) return undefined;
        if (!taken.has(p)) return taken.add(p), p;
      }
    };
    const take = async () => {
      for (let p = next(); p !== undefined && !this.stopped; p = next()) {
        const file = await this.read(p);
        if (file && !this.stopped) onRead(p, file);
      }
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, take));
    return !this.stopped;
  }
}
