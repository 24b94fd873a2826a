// Speed work on a writer must not change a byte: every corpus file of a format, read and written,
// hashes to what the writer produced before that work. One shape for the five formats' pinned-bytes
// tests. A change meant to alter the output updates the hashes in the same commit, saying why;
// RELIC3D_PIN_OUT=<file> writes the hashes this run got.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CorpusEntry } from './corpus.js';

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** One sha256 over every written file's name, length and bytes, in the writer's order. */
export function filesDigest(files: Record<string, Uint8Array>): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of Object.entries(files)) hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  return hash.digest('hex');
}

export interface PinnedOutput {
  /** Says which files, e.g. `every MS3D corpus file`. */
  title: string;
  entries: CorpusEntry[];
  /** The files the writer makes of one corpus file. */
  write: (entry: CorpusEntry) => Record<string, Uint8Array> | Promise<Record<string, Uint8Array>>;
  /** One entry's hash (default `filesDigest`). */
  digest?: (files: Record<string, Uint8Array>) => string;
  /** A refused scene pins its error message (else an error fails the test). */
  pinErrors?: boolean;
  /** Corpus file name → hash, as recorded before the speed work. */
  pinned: Record<string, string>;
}

/** The pinned-bytes test of one format (skipped without the corpus). */
export function describePinnedOutput(o: PinnedOutput): void {
  describe.skipIf(!o.entries.length)(`pinned writer output: ${o.title}`, () => {
    it('writes the same files, byte for byte, as before the speed work', async () => {
      const hashes: Record<string, string> = {};
      for (const entry of o.entries) {
        try {
          hashes[entry.file] = (o.digest ?? filesDigest)(await o.write(entry));
        } catch (error) {
          if (!o.pinErrors) throw error;
          hashes[entry.file] = error instanceof Error ? error.message : String(error);
        }
      }
      if (process.env.RELIC3D_PIN_OUT) writeFileSync(process.env.RELIC3D_PIN_OUT, JSON.stringify(hashes, null, 2));
      // Both ways: every corpus file is pinned, and every pinned file was written.
      expect(hashes).toEqual(o.pinned);
    });
  });
}
