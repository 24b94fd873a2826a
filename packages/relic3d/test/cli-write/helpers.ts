// Shared by the cli-write tests: writers that are real on this branch, fake writers, reading back.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createScene, isWriteError, type FormatWriter, type Scene, type WriteResult } from 'relic3d';
import { writers } from 'relic3d';

/** Whether `writer` is still the stub that refuses everything (its branch has not landed here). */
export function isStub(writer: FormatWriter): boolean {
  try {
    writer.write(createScene('test'), { name: 'probe' });
    return false;
  } catch (e) {
    return isWriteError(e) && e.code === 'UNSUPPORTED' && e.limit === 'writing';
  }
}

/** The writers this branch really has, and the ones still stubs (named in skipped test titles). */
export const realWriters = writers.filter((w) => !isStub(w));
export const stubWriters = writers.filter(isStub);

/** A writer of made-up files, for what the CLI and writeFile do with names and bytes. */
export function fakeWriter(files: (name: string) => Record<string, Uint8Array>, extension = '.fake'): FormatWriter {
  return {
    id: 'fake',
    name: 'Fake',
    extension,
    write: (_scene: Scene, options = {}): WriteResult => ({ files: files(options.name ?? 'model'), warnings: [] }),
  };
}

export const bytes = (text: string) => new TextEncoder().encode(text);

/** Every file under `dir`, relative, sorted ('/' separators). */
export function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

