// Header, version and magic checks, format detection and registration with core.
import { detectFormat, registeredFormats, registerFormat } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { ms3dFormat, parse, parseSync, readMs3d } from '../../src/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { expectError, valid } from './helpers.js';

describe('header and detection', () => {
  it('accepts a v3 header with the v4 layout', () => {
    const v3 = readMs3d(writeMs3d(quad({ version: 3 })));
    const v4 = readMs3d(writeMs3d(quad()));
    expect(v3.version).toBe(3);
    expect({ ...v3, version: 4 }).toEqual(v4);
    const scene = valid(parseSync(writeMs3d(quad({ version: 3 }))));
    expect(scene.version).toBe(3);
    expect(ms3dFormat.test(writeMs3d(quad({ version: 3 })))).toBe(true);
  });

  it('rejects other versions, bad magic, empty and short input with FormatError', () => {
    const v5 = writeMs3d(quad({ version: 5 }));
    expect(expectError(v5, 'BAD_VERSION').message).toBe('unsupported MS3D version 5');
    expect(ms3dFormat.test(v5)).toBe(false);
    const bad = writeMs3d(quad());
    bad[3] = 0x58;
    expectError(bad, 'BAD_MAGIC');
    expect(ms3dFormat.test(bad)).toBe(false);
    expectError(new Uint8Array(0), 'EMPTY');
    expectError(bad.subarray(0, 12), 'TRUNCATED');
  });

  it('a Git LFS pointer named .ms3d says what it is (the shared foreign check)', () => {
    const e = expectError(new TextEncoder().encode('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 185344\n'), 'FOREIGN_FORMAT');
    expect(e.message).toMatch(/^this is a Git LFS pointer, not model data .*, not a MilkShape 3D model/);
  });

  it("warns, and still reads, past MilkShape's editor limits", () => {
    const joints = Array.from({ length: 129 }, (_, i) => ({ name: `j${i}` }));
    const scene = valid(parseSync(writeMs3d({ joints })));
    expect(scene.nodes).toHaveLength(129);
    expect(scene.warnings.map((w) => w.code)).toEqual(['MS3D_OVER_LIMIT']);
  });

  it('is a Format that registers with core, and whose async and sync parses agree', async () => {
    expect(ms3dFormat).toMatchObject({ id: 'ms3d', extensions: ['.ms3d'], encoding: 'binary' });
    registerFormat(ms3dFormat); // importing has no side effects: callers register explicitly
    expect(registeredFormats()).toContain(ms3dFormat);
    const bytes = writeMs3d(quad());
    expect(detectFormat(bytes, 'x.bin')).toBe(ms3dFormat);
    const a = await parse(bytes);
    expect(a).toEqual(parseSync(bytes));
    expect(await ms3dFormat.parse(bytes)).toEqual(ms3dFormat.parseSync!(bytes));
  });
});
