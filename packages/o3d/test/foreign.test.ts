import { FormatError } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { o3dFormat, parseSync as parseO3d } from '../src/index.js';

describe('foreign files', () => {
  it('a Git LFS pointer named .o3d says what it is (the shared foreign check in core)', () => {
    const lfs = new TextEncoder().encode('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 68076\n');
    expect(o3dFormat.test(lfs)).toBe(false);
    let error: unknown;
    try {
      parseO3d(lfs, { fileName: 'obj_dunTest.o3d' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).code).toBe('FOREIGN_FORMAT');
    expect((error as FormatError).message).toMatch(/^this is a Git LFS pointer, not model data/);
  });
});
