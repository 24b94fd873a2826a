import { formatExtensions } from '@relic3d/formats';

/** Files from an input, a drop (files or whole folders), keyed by their relative path. */
export type FileSet = Map<string, File>;

export const MODEL_EXTENSIONS: readonly string[] = formatExtensions;

export function isModel(name: string): boolean {
  const lower = name.toLowerCase();
  return MODEL_EXTENSIONS.some((e) => lower.endsWith(e));
}

export function fromInput(list: FileList | null): FileSet {
  const set: FileSet = new Map();
  for (const file of Array.from(list ?? [])) set.set(file.webkitRelativePath || file.name, file);
  return set;
}

async function readEntry(entry: FileSystemEntry, set: FileSet): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    set.set(entry.fullPath.replace(/^\//, ''), file);
    return;
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries returns batches; an empty batch ends the folder.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      await Promise.all(batch.map((e) => readEntry(e, set)));
    }
  }
}

export async function fromDrop(data: DataTransfer): Promise<FileSet> {
  const set: FileSet = new Map();
  const entries = Array.from(data.items ?? [])
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  if (entries.length) await Promise.all(entries.map((e) => readEntry(e, set)));
  else for (const file of Array.from(data.files)) set.set(file.name, file);
  return set;
}

/** Models in a file set, shortest path first (the folder's main model before nested ones). */
export function modelsIn(set: FileSet): string[] {
  return [...set.keys()].filter(isModel).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}
