import { inputExtensions } from '@relic3d/formats';
import { decipherTable, readResHeader, type ResHeader } from '@relic3d/res';

/** Files from an input, a drop (files or whole folders), keyed by their relative path. */
export type FileSet = Map<string, File>;

/** The five formats' extensions and glTF's (.glb/.gltf): a glTF export can be opened again. */
export const MODEL_EXTENSIONS: readonly string[] = inputExtensions;

export function isModel(name: string): boolean {
  const lower = name.toLowerCase();
  return MODEL_EXTENSIONS.some((e) => lower.endsWith(e));
}

export function fromInput(list: ArrayLike<File> | null): FileSet {
  const set: FileSet = new Map();
  for (const file of Array.from(list ?? [])) set.set(file.webkitRelativePath || file.name, file);
  return set;
}

/** Every file entry under `entry`, by root-relative path: names only, which the browser lists fast. */
async function listEntries(entry: FileSystemEntry, out: Map<string, FileSystemFileEntry>): Promise<void> {
  if (entry.isFile) {
    out.set(entry.fullPath.replace(/^\//, ''), entry as FileSystemFileEntry);
    return;
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries returns batches; an empty batch ends the folder.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      await Promise.all(batch.map((e) => listEntries(e, out)));
    }
  }
}

/**
 * A drop's file entries by root-relative path (listed when the answer is called), or undefined when
 * it holds plain files only. The entries are taken from `data` at once (a DataTransfer empties after
 * the drop event); listing folders gives names only, which the browser does fast; the handles come
 * later (arriving-files.ts).
 */
export function listDrop(data: DataTransfer): (() => Promise<Map<string, FileSystemFileEntry>>) | undefined {
  const entries = Array.from(data.items ?? [])
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  if (!entries.length) return undefined;
  // Listed when called: not at all when the drop's handles go to the workers (drop.ts).
  return async () => {
    const listed = new Map<string, FileSystemFileEntry>();
    await Promise.all(entries.map((e) => listEntries(e, listed)));
    return listed;
  };
}

/**
 * A drop's items as FileSystemHandles (Chromium's getAsFileSystemHandle), asked for at once (a
 * DataTransfer empties after the drop event); undefined where the browser has no such call.
 */
export function dropHandles(data: DataTransfer): Promise<FileSystemHandle[]> | undefined {
  type WithHandle = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file') as WithHandle[];
  if (!items.length || !items.every((item) => item.getAsFileSystemHandle)) return undefined;
  const asked = items.map((item) => item.getAsFileSystemHandle!());
  // All or none: an item without a handle leaves the drop to its entries.
  return Promise.all(asked).then((handles) => (handles.every((h) => h) ? (handles as FileSystemHandle[]) : []), () => []);
}

/** A drop's plain files (no entries), by name. */
export function plainFiles(data: DataTransfer): FileSet {
  return new Map(Array.from(data.files).map((file) => [file.name, file]));
}

/** Models in a file set, shortest path first (the folder's main model before nested ones). */
export function modelsIn(set: FileSet): string[] {
  return [...set.keys()].filter(isModel).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/**
 * The Blob type a packed entry carries when its bytes are enciphered: it survives `postMessage`,
 * so the worker's resolver deciphers what it reads (`packedBytes`).
 */
const ENCIPHERED = /^application\/x-flyff-res;key=(\d+)$/;

/** A file's bytes; an enciphered pack entry's deciphered (through the Blob's own reader, never twice). */
export async function packedBytes(file: Blob): Promise<Uint8Array> {
  const key = ENCIPHERED.exec(file.type)?.[1];
  if (key === undefined) return new Uint8Array(await file.arrayBuffer());
  // The raw slice through Blob's own reader: a PackedFile's override would decipher it first.
  const bytes = new Uint8Array(await Blob.prototype.arrayBuffer.call(file));
  const table = decipherTable(Number(key));
  for (let i = 0; i < bytes.length; i++) bytes[i] = table[bytes[i]];
  return bytes;
}

/** An enciphered pack entry as a File: a lazy slice of the pack, deciphered when read. */
class PackedFile extends File {
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await packedBytes(this)).buffer as ArrayBuffer;
  }
}

async function packHeader(pack: File): Promise<ResHeader> {
  const preamble = new Uint8Array(await pack.slice(0, 6).arrayBuffer());
  const size = preamble.length === 6 ? new DataView(preamble.buffer).getInt32(2, true) : 0;
  const head = size > 0 && size <= pack.size - 6 ? new Uint8Array(await pack.slice(0, 6 + size).arrayBuffer()) : preamble;
  return readResHeader(head, pack.size);
}

/**
 * A client folder's `.res` packs as folders, as the Flyff client reads them: each entry is added
 * beside its pack (only its header is read; bodies are slices read when asked for). A loose file
 * wins over a packed one of the same name in any case; a broken pack is skipped. `loose`: the
 * folder's files when not all of them are in `set` yet (a drop's listing).
 */
export async function expandPacks(set: FileSet, loose: Iterable<string> = set.keys()): Promise<FileSet> {
  const taken = new Set([...loose].map((k) => k.toLowerCase()));
  const packs = [...set.keys()].filter((k) => k.toLowerCase().endsWith('.res')).sort();
  for (const packPath of packs) {
    const pack = set.get(packPath)!;
    let header: ResHeader;
    try {
      header = await packHeader(pack);
    } catch {
      continue;
    }
    const dir = packPath.slice(0, packPath.lastIndexOf('/') + 1);
    const type = `application/x-flyff-res;key=${header.key}`;
    for (const entry of header.entries) {
      const path = dir + entry.name;
      // A later pack's entry replaces an earlier pack's, never a loose file.
      if (taken.has(path.toLowerCase())) continue;
      const body = pack.slice(entry.offset, entry.offset + entry.size);
      // The pack's time: a thumbnail cached for an entry stays valid while its pack is unchanged.
      const lastModified = pack.lastModified;
      set.set(path, header.encrypted ? new PackedFile([body], entry.name, { type, lastModified }) : new File([body], entry.name, { lastModified }));
    }
  }
  return set;
}
