// Detection of other MDL formats and header errors: versions, trailing bytes.
import { describe, expect, it } from 'vitest';
import { mdlFormat, parseSync as parseMdl } from '../../src/index.js';
import { writeMdl } from '@relic3d/fixtures/mdl';
import { valid, errorOf } from './helpers.js';

describe('detection and header errors', () => {
  const head = (text: string, ...ints: number[]) => {
    const b = new Uint8Array(64);
    b.set(Array.from(text, (c) => c.charCodeAt(0)));
    ints.forEach((v, k) => new DataView(b.buffer).setInt32(text.length + k * 4, v, true));
    return b;
  };
  it.each([
    [head('IDPO', 6), /Quake 1 MDL \(IDPO v6\)/],
    [head('IDST', 10), /Half-Life 1 MDL \(IDST v10\)/],
    [head('IDSQ', 10), /Half-Life 1 sequence group file/],
    [head('IDST', 49), /Source engine MDL \(IDST v49\)/],
    [head('', 1, 1, 4, 1), /Leadwerks 3\/4 MDL \(chunk format, version 1\)/],
    [head('version https://git-lfs.github.com/spec/v1\n'), /Git LFS pointer/],
    [head('MDL7'), /3D GameStudio/],
    [head('UMD2'), /Urho3D/],
    [head('// text model\n'), /text MDL/],
    [head('Model {\n  Name "vdp"\n  Version 7.4\n'), /MATLAB Simulink model \(text \.mdl\)/],
    [head('Library {\n  Name "simulink"\n'), /MATLAB Simulink library/],
    [head('', 0, 12, 34), /Neverwinter Nights \/ KotOR binary MDL/],
    [new Uint8Array(0), /an empty file/],
    [head('JUNK'), /expected an Ultra Engine MDL file/],
  ])('%#: names the format', (bytes, message) => {
    expect(mdlFormat.test(bytes)).toBe(false);
    expect(errorOf(() => parseMdl(bytes)).message).toMatch(message);
  });

  it('unsupported versions', () => {
    const e = errorOf(() => parseMdl(writeMdl({ variant: 'ultra', version: 303, root: {} })));
    expect(e.message).toBe('unsupported Ultra MDL version 303 (this reader knows 300–302)');
    expect(e.code).toBe('BAD_VERSION');
    expect(mdlFormat.test(writeMdl({ variant: 'ultra', version: 303, root: {} }))).toBe(true);
    expect(mdlFormat.test(writeMdl({ variant: 'g3d', version: 101, root: {} }))).toBe(false);
    expect(errorOf(() => parseMdl(writeMdl({ variant: 'g3d', version: 101, root: {} }))).message).toMatch(/unsupported G3D MDL version 101/);
  });

  it('trailing bytes after the root node are reported', () => {
    const bytes = writeMdl({ variant: 'ultra', root: {} });
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    expect(valid(parseMdl(longer)).warnings.map((w) => w.code)).toEqual(['MDL_TRAILING_BYTES']);
  });
});
