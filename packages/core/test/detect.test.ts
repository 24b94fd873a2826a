import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusFiles } from '@relic3d/test-harness';
import { FormatError, detectFormat, foreignError, identifyForeign, rejectForeign, requireFormat, type Format } from '../src/index.js';

const fake = (id: string, name: string, ext: string, magic: string): Format => ({
  id,
  name,
  extensions: [ext],
  mimeTypes: [],
  encoding: 'binary',
  test: (b) => String.fromCharCode(...b.subarray(0, magic.length)) === magic,
  parse: async () => {
    throw new Error('not used');
  },
});
const formats = [fake('mdl', 'Ultra Engine MDL', '.mdl', 'Ultra Model\0'), fake('lod', 'LODka3D', '.lod', 'LODka3D1')];
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const int32 = (...v: number[]) => new Uint8Array(new Int32Array(v).buffer);

describe('detectFormat', () => {
  it('decides by content, not by extension', () => {
    expect(detectFormat(bytes('LODka3D1....'), 'model.mdl', formats)?.id).toBe('lod');
    expect(detectFormat(bytes('Ultra Model\0'), undefined, formats)?.id).toBe('mdl');
    expect(detectFormat(bytes('nothing'), 'x.mdl', formats)).toBeUndefined();
  });

  it('names synthetic foreign signatures', () => {
    expect(identifyForeign(new Uint8Array([...bytes('IDPO'), ...int32(6)]))).toBe('Quake 1 MDL (IDPO v6)');
    expect(identifyForeign(new Uint8Array([...bytes('IDST'), ...int32(10)]))).toBe('Half-Life 1 MDL (IDST v10)');
    expect(identifyForeign(new Uint8Array([...bytes('IDST'), ...int32(48)]))).toMatch(/^Source engine MDL \(IDST v48\)/);
    expect(identifyForeign(new Uint8Array([...bytes('IDSQ'), ...int32(10)]))).toMatch(/sequence group/);
    expect(identifyForeign(int32(1, 1, 4, 2))).toBe('Leadwerks 3/4 MDL (chunk format, version 2)');
    expect(identifyForeign(bytes('version https://git-lfs.github.com/spec/v1\n'))).toMatch(/Git LFS pointer/);
    expect(identifyForeign(bytes('MDL5....'))).toMatch(/3D GameStudio/);
    expect(identifyForeign(bytes('UMDL....'))).toMatch(/Urho3D/);
    expect(identifyForeign(new Uint8Array([0x84, 0x19, 0x03, 0]))).toMatch(/OMSI/);
    expect(identifyForeign(bytes('// Warcraft text'))).toMatch(/text MDL/);
    expect(identifyForeign(bytes('Model {\n  Name "engine"\n'))).toBe('MATLAB Simulink model (text .mdl), not an Ultra Engine model');
    expect(identifyForeign(bytes('\r\n  Library {\n  Name "blocks"'))).toBe('MATLAB Simulink library (text .mdl), not an Ultra Engine model');
    expect(identifyForeign(bytes('Modelling {'))).toBeUndefined();
    expect(identifyForeign(bytes('ASEF\0\x01\0\0'))).toMatch(/Adobe Swatch Exchange/);
    expect(identifyForeign(new Uint8Array([...int32(0, 20, 8), ...new Uint8Array(12)]))).toBe('Neverwinter Nights / KotOR binary MDL');
    expect(identifyForeign(bytes('\0\0\0\0garbage'))).toBeUndefined();
  });

  it('requireFormat says what a foreign file is and what was expected', () => {
    try {
      requireFormat(new Uint8Array([...bytes('IDPO'), ...int32(6)]), 'grenade.mdl', formats);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      const err = e as FormatError;
      expect(err.code).toBe('FOREIGN_FORMAT');
      expect(err.message).toMatch(/^this is a Quake 1 MDL \(IDPO v6\), not an Ultra Engine MDL/);
      expect(err.expected).toBe('an Ultra Engine MDL file');
    }
    expect(() => requireFormat(new Uint8Array(0), 'x.lod', formats)).toThrow(/empty file/);
    // byExtension hands unrecognised (not empty, not foreign) bytes to the extension's format.
    expect(requireFormat(bytes('LODka3D9'), 'x.lod', formats, { byExtension: true }).id).toBe('lod');
    expect(() => requireFormat(bytes('LODka3D9'), 'x.lod', formats)).toThrow(FormatError);
    expect(() => requireFormat(new Uint8Array(0), 'x.lod', formats, { byExtension: true })).toThrow(/empty file/);
    expect(() => requireFormat(new Uint8Array([...bytes('IDPO'), ...int32(6)]), 'x.mdl', formats, { byExtension: true })).toThrow(/Quake 1/);
    expect(() => requireFormat(bytes('zzzz'), 'x.bin', formats, { byExtension: true })).toThrow(FormatError);
    const unknown = foreignError(bytes('\x01\x02zz'), 'lod', 'a LODka3D file');
    expect(unknown.code).toBe('UNKNOWN_FORMAT');
    expect(unknown.found).toBe("'\\x01\\x02zz'");
  });

  it('rejectForeign: the check every reader makes when its own signature does not match', () => {
    const lfs = bytes('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 12\n');
    const thrown = (b: Uint8Array) => {
      try {
        rejectForeign(b, 'ms3d', "'MS3D000000'", 'MilkShape 3D model');
      } catch (e) {
        return e as FormatError;
      }
      return undefined;
    };
    expect(thrown(lfs)).toMatchObject({ code: 'FOREIGN_FORMAT', format: 'ms3d', offset: 0, found: expect.stringMatching(/^Git LFS pointer/) });
    expect(thrown(lfs)?.message).toMatch(/^this is a Git LFS pointer, not model data \(fetch the real file with git lfs\), not a MilkShape 3D model \(first bytes 'version https:\/\/'\)$/);
    expect(thrown(new Uint8Array(0))).toMatchObject({ code: 'EMPTY' });
    // Bytes it cannot name are left to the reader's own error.
    expect(thrown(bytes('MS3D000001garbage'))).toBeUndefined();
  });

  it('a Flyff .ani or .chr opened alone says what it is and to open its .o3d (every corpus one)', () => {
    const companions = corpusFiles('o3d', ['.ani', '.chr']);
    for (const entry of companions) {
      const data = new Uint8Array(readFileSync(entry.path));
      const motion = entry.file.toLowerCase().endsWith('.ani');
      expect(identifyForeign(data), entry.file).toBe(motion ? 'Flyff motion (.ani)' : 'Flyff skeleton (.chr)');
      let error: FormatError | undefined;
      try {
        requireFormat(data, entry.file, formats);
      } catch (e) {
        error = e as FormatError;
      }
      expect(error, entry.file).toBeInstanceOf(FormatError);
      expect(error!.code).toBe('FOREIGN_FORMAT');
      expect(error!.message, entry.file).toMatch(
        motion ? /^this is a Flyff motion \(\.ani\); open its \.o3d, which loads the motions beside it$/ : /^this is a Flyff skeleton \(\.chr\); open its \.o3d, which loads the skeleton beside it$/,
      );
    }
    // MANIFEST: 10 motions and 9 skeletons.
    if (companions.length) expect(companions.map((e) => e.file.slice(-4).toLowerCase()).sort().join('')).toBe('.ani'.repeat(10) + '.chr'.repeat(9));
  });

  it('no model in the corpus is taken for a Flyff companion', () => {
    for (const folder of ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'bad', 'foreign']) {
      for (const entry of corpusFiles(folder)) {
        if (/\.(ani|chr)$/i.test(entry.file)) continue;
        expect(identifyForeign(new Uint8Array(readFileSync(entry.path))) ?? '', entry.file).not.toMatch(/^Flyff/);
      }
    }
  });

  it('the companion signatures need the whole header, not just a version', () => {
    const ani = new Uint8Array(60);
    new DataView(ani.buffer).setInt32(0, 10, true);
    new DataView(ani.buffer).setFloat32(8, 0.5, true);
    new DataView(ani.buffer).setInt32(44, 3, true);
    new DataView(ani.buffer).setInt32(48, 20, true);
    expect(identifyForeign(ani)).toBe('Flyff motion (.ani)');
    const reserved = ani.slice();
    reserved[20] = 1;
    expect(identifyForeign(reserved)).toBeUndefined();
    const noFrames = ani.slice();
    new DataView(noFrames.buffer).setInt32(48, 0, true);
    expect(identifyForeign(noFrames)).toBeUndefined();

    const chr = new Uint8Array(16 + 6 + 192);
    new DataView(chr.buffer).setInt32(0, 7, true);
    new DataView(chr.buffer).setInt32(8, 1, true);
    new DataView(chr.buffer).setInt32(12, 6, true);
    chr.set(bytes('Bip01\0'), 16);
    expect(identifyForeign(chr)).toBe('Flyff skeleton (.chr)');
    expect(identifyForeign(chr.subarray(0, chr.length - 1))).toBeUndefined(); // no room for its matrices
    const v8 = chr.slice();
    v8[0] = 8;
    expect(identifyForeign(v8)).toBeUndefined();
    const unterminated = chr.slice();
    unterminated[21] = 0x41;
    expect(identifyForeign(unterminated)).toBeUndefined();
  });

  it('names every real foreign file in the corpus', () => {
    const expected: Record<string, RegExp> = {
      'halflife1__halogs_grenade.mdl': /^Half-Life 1 MDL \(IDST v10\)$/,
      'leadwerks4__key.mdl': /^Leadwerks 3\/4 MDL \(chunk format, version 2\)$/,
      'quake1__slipgate_grenade.mdl': /^Quake 1 MDL \(IDPO v6\)$/,
      'source__noerrors_error.mdl': /^Source engine MDL \(IDST v48\)/,
    };
    const files = corpusFiles('foreign');
    for (const entry of files) {
      const name = identifyForeign(new Uint8Array(readFileSync(entry.path)));
      if (expected[entry.file]) expect(name, entry.file).toMatch(expected[entry.file]);
      else expect(name, entry.file).toBeTruthy();
    }
    if (files.length) expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(Object.keys(expected)));
  });
});
