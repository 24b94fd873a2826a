import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, registeredFormats, requireFormat } from '@relic3d/core';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { formatExtensions, formats } from '../src/index.js';

describe('formats', () => {
  it('lists the five formats once, in detection order', () => {
    expect(formats.map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod']);
  });

  it('registers them in core’s registry on import', () => {
    for (const format of formats) expect(registeredFormats()).toContain(format);
  });

  it('gives their extensions, lower case', () => {
    expect(formatExtensions).toEqual(['.ms3d', '.ase', '.o3d', '.mdl', '.lod']);
  });

  it('makes core’s detection find them without a list', () => {
    expect(detectFormat(new TextEncoder().encode('*3DSMAX_ASCIIEXPORT 200\n'), 'a.ase')?.id).toBe('ase');
    expect(() => requireFormat(new TextEncoder().encode('IDPO\x06\0\0\0'), 'x.mdl')).toThrow(/Quake 1 MDL/);
  });
});

describe.skipIf(!corpusNotice('ms3d'))('with the corpus', () => {
  it('detects and parses a MilkShape model through the registry', async () => {
    const file = path.join(corpusRoot(), 'ms3d', 'glscene__Woman4.ms3d');
    const bytes = new Uint8Array(readFileSync(file));
    const format = requireFormat(bytes, 'Woman4.ms3d');
    expect(format.id).toBe('ms3d');
    const scene = await format.parse(bytes, { fileName: 'Woman4.ms3d', kernels: 'js' });
    expect(scene.format).toBe('ms3d');
  });
});
