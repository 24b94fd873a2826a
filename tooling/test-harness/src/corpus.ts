import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** One row of a corpus folder's MANIFEST.tsv. */
export interface CorpusEntry {
  /** File name inside the folder. */
  file: string;
  /** Absolute path. */
  path: string;
  bytes: number;
  sha256: string;
  source: string;
  license: string;
  note: string;
}

/** The corpus root: $RELIC3D_CORPUS, else ../shared/corpus beside the repository. */
export function corpusRoot(): string {
  const env = process.env.RELIC3D_CORPUS;
  return env ? path.resolve(env) : path.resolve(repoRoot, '../shared/corpus');
}

export function corpusAvailable(folder?: string): boolean {
  return existsSync(path.join(corpusRoot(), folder ?? '', folder ? 'MANIFEST.tsv' : ''));
}

let noticeShown = false;

/**
 * Says loudly, once, that corpus suites are skipped; in CI (`CI=true`) a missing corpus is an error,
 * so CI never skips them silently.
 */
export function corpusNotice(folder: string): boolean {
  if (corpusAvailable(folder)) return true;
  const msg = `relic3d: corpus folder '${folder}' not found under ${corpusRoot()} (set RELIC3D_CORPUS). Corpus suites are SKIPPED.`;
  if (process.env.CI === 'true' || process.env.RELIC3D_REQUIRE_CORPUS === '1') throw new Error(msg);
  if (!noticeShown) {
    noticeShown = true;
    console.warn(`\n${'!'.repeat(100)}\n${msg}\n${'!'.repeat(100)}\n`);
  }
  return false;
}

/** Reads a folder's MANIFEST.tsv (header row names the columns). */
export function readManifest(folder: string): CorpusEntry[] {
  const dir = path.join(corpusRoot(), folder);
  const text = readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8');
  const [header, ...rows] = text.split(/\r?\n/).filter((l) => l.trim());
  const cols = header.split('\t').map((c) => c.trim().toLowerCase().replace(/\s+/g, '_'));
  const at = (cells: string[], ...names: string[]) => {
    for (const n of names) {
      const i = cols.indexOf(n);
      if (i >= 0) return cells[i] ?? '';
    }
    return '';
  };
  return rows.map((row) => {
    const cells = row.split('\t');
    const file = at(cells, 'file');
    return {
      file,
      path: path.join(dir, file),
      bytes: Number(at(cells, 'bytes')),
      sha256: at(cells, 'sha256'),
      source: `${at(cells, 'source_repo')} ${at(cells, 'path_in_repo')}`.trim(),
      license: at(cells, 'license'),
      note: at(cells, 'note'),
    };
  });
}

/**
 * Corpus files of a folder, optionally filtered by extension(s) (case-insensitive). Returns an
 * empty list (after the loud notice) when the corpus is absent.
 */
export function corpusFiles(folder: string, extensions?: string | string[]): CorpusEntry[] {
  if (!corpusNotice(folder)) return [];
  const exts = extensions === undefined ? undefined : (Array.isArray(extensions) ? extensions : [extensions]).map((e) => e.toLowerCase());
  return readManifest(folder).filter((e) => !exts || exts.some((x) => e.file.toLowerCase().endsWith(x)));
}

/** Bytes of a corpus file as a fresh Uint8Array. */
export function readCorpusFile(entry: CorpusEntry | string, folder?: string): Uint8Array {
  const p = typeof entry === 'string' ? path.join(corpusRoot(), folder ?? '', entry) : entry.path;
  return new Uint8Array(readFileSync(p));
}
