// Fatal errors: only FormatError, at the offset of the bad token.
import { FormatError } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { aseFile, cube, enc, geom, utf16 } from '@relic3d/fixtures/ase';

describe('errors: only FormatError, at the offset of the bad token', () => {
  const error = (bytes: Uint8Array): FormatError => {
    try {
      parseSync(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      return e as FormatError;
    }
    throw new Error('no error');
  };

  it('a bad number points at its token (ASCII and UTF-16 offsets)', () => {
    const text = aseFile([geom('B', cube())]).replace('*MESH_VERTEX 3\t1.0000', '*MESH_VERTEX 3\toops');
    const at = text.indexOf('oops');
    const e = error(enc(text));
    expect(e.code).toBe('BAD_VALUE');
    expect(e.offset).toBe(at);
    expect(error(utf16(text, false)).offset).toBe(2 + 2 * at);
  });

  it('a Git LFS pointer named .ase says what it is (the shared foreign check)', () => {
    const e = error(enc('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 185344\n'));
    expect(e.code).toBe('FOREIGN_FORMAT');
    expect(e.message).toMatch(/^this is a Git LFS pointer, not model data \(fetch the real file with git lfs\), not a 3ds Max ASCII Scene Export/);
  });

  it('truncation, foreign text, runaway nesting and impossible counts', () => {
    const text = aseFile([geom('T', cube())]);
    expect(error(enc(text.slice(0, text.length - 10))).code).toBe('TRUNCATED');
    expect(error(enc('hello world')).code).toBe('BAD_MAGIC');
    expect(error(Uint8Array.of(0x41, 0x53, 0x45, 0x46, 0, 1, 0, 0)).message).toMatch(/^this is an Adobe Swatch Exchange colour palette \(ASEF\), not a 3ds Max ASCII Scene Export/);
    expect(error(enc('   \n\t ')).code).toBe('EMPTY');
    const deep = aseFile([], { materials: [`*MATERIAL 0 {${'*SUBMATERIAL 0 {'.repeat(200)}${'}'.repeat(201)}`] });
    expect(error(enc(deep)).code).toBe('BAD_SYNTAX');
    expect(error(enc(aseFile([geom('T', cube())]).replace('*MESH_NUMVERTEX 8', '*MESH_NUMVERTEX 99999999'))).code).toBe('BAD_COUNT');
  });
});
