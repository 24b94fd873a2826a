// The byte writers are the exact inverse of the readers: every corpus .o3d, .chr and .ani read raw
// and written again gives the same bytes (the O3D's 16 reserved header bytes, the exporter's stale
// name buffer, aside).
import { describe, expect, it } from 'vitest';
import { codePageEncoder } from '@relic3d/core';
import { readCorpusFile } from '@relic3d/test-harness';
import { readAni, readChr, readO3d } from '../../src/index.js';
import { aniBytes } from '../../src/write/bytes/ani.js';
import { chrBytes } from '../../src/write/bytes/chr.js';
import { o3dBytes } from '../../src/write/bytes/o3d.js';
import { anis, chrs, o3ds } from '../corpus/helpers.js';

const name = (text: string) => codePageEncoder('windows-1252').encode(text).bytes;

/** First differing offset, or -1. */
function firstDifference(a: Uint8Array, b: Uint8Array, skip?: [number, number]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (skip && i >= skip[0] && i < skip[1]) continue;
    if (a[i] !== b[i]) return i;
  }
  return -1;
}

describe.skipIf(!o3ds.length)('raw byte writers', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s: readO3d → bytes is the file', (_, entry) => {
    const bytes = readCorpusFile(entry);
    const raw = readO3d(bytes);
    const reserved = 1 + bytes[0] + 8 + (raw.version >= 22 ? 48 : 24) + 8;
    const written = o3dBytes(raw, name);
    expect(written.length).toBe(bytes.length);
    expect(firstDifference(written, bytes, [reserved, reserved + 16])).toBe(-1);
  });
  it.each(chrs.map((e) => [e.file, e] as const))('%s: readChr → bytes is the file', (_, entry) => {
    const bytes = readCorpusFile(entry);
    const written = chrBytes(readChr(bytes), name);
    expect(written.length).toBe(bytes.length);
    expect(firstDifference(written, bytes)).toBe(-1);
  });
  it.each(anis.map((e) => [e.file, e] as const))('%s: readAni → bytes is the file', (_, entry) => {
    const bytes = readCorpusFile(entry);
    const written = aniBytes(readAni(bytes), name);
    expect(written.length).toBe(bytes.length);
    expect(firstDifference(written, bytes)).toBe(-1);
  });
});
