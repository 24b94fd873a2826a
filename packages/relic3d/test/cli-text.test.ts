// What the CLI prints: control characters from files escaped (issue 15 item 11), --code-page (issue
// 17 item 5), texture files and warnings in info, --lod checks and summaries, a Flyff motion opened
// alone (issue 17 item 7). Every model here is written by the test writers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireFormat } from '@relic3d/core';
import { aseFile, bitmapMap, geom, material } from '@relic3d/fixtures/ase';
import { writeMs3d } from '@relic3d/fixtures/ms3d';
import { writeAni, writeChr, writeO3d, translationMatrix, type WObject } from '@relic3d/fixtures/o3d';
import { ddsDxt1 } from '../../../bench/src/game-folder.js';
import { escapeControls } from '../src/cli.js';
import { formats } from '../src/index.js';
import { run, tmp } from './run-cli.js';

/** Any raw C0 control but newline (ESC, BEL, CR, ...), DEL, C1 or bidi override. */
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** A 1×1 24-bit TGA (one green pixel). */
const TGA = new Uint8Array([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 0, 255, 0]);

describe('control characters from files are escaped in every CLI output', () => {
  // A crafted ASE: its texture path clears the screen, homes the cursor and prints a fake verdict.
  const evil = '\x1b[2J\x1b[HAll 3 files converted OK\x07';
  const tri = { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as [number, number, number][], faces: [[0, 1, 2]] as [number, number, number][], tverts: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as [number, number, number][], tfaces: [[0, 1, 2]] as [number, number, number][] };
  const dir = tmp('escape');
  const file = path.join(dir, 'evil.ase');
  writeFileSync(file, aseFile([geom('Tri', tri, { materialRef: 0 })], { materials: [material(0, 'Mat\x1b]0;pwned\x07', { maps: [bitmapMap('DIFFUSE', evil)] })] }));

  it('info, info --json and convert print the names escaped', async () => {
    const info = await run('info', file);
    expect(info.code).toBe(0);
    expect(info.stdout).not.toMatch(RAW_CONTROL);
    expect(info.stdout).toContain('  texture  \\x1b[2J\\x1b[HAll 3 files converted OK\\x07 (missing)\n');
    const json = await run('info', file, '--json');
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json.stdout).textureFiles[0].name).toBe(evil); // JSON keeps the value, escaped by JSON
    const convert = await run('convert', file, path.join(dir, 'evil.glb'));
    expect(convert.code).toBe(0);
    expect(convert.stdout).not.toMatch(RAW_CONTROL);
    expect(convert.stdout).toContain("GLTF_TEXTURE_MISSING: texture '\\x1b[2J\\x1b[HAll 3 files converted OK\\x07' was not found");
  });

  it('escapeControls writes C0 (but newline and tab), DEL, C1 and bidi overrides as escapes', () => {
    expect(escapeControls('a\tb\nc\rd\x00e\x7ff\x9bg\u202eh\u2066i 龟壳 é')).toBe('a\tb\nc\\x0dd\\x00e\\x7ff\\x9bg\\u202eh\\u2066i 龟壳 é');
  });

  it('batch escapes file names and messages in its lines, summary and failures', async () => {
    const input = tmp('escape-batch');
    writeFileSync(path.join(input, 'ok\x1b[2J.ase'), readFileSync(file));
    writeFileSync(path.join(input, 'bad\x1b[31m.ase'), '*3DSMAX_ASCIIEXPORT 200\n*GEOMOBJECT {\n*MESH { *MESH_NUMVERTEX 99999999999');
    const r = await run('batch', input, '--out', path.join(input, 'out'), '--jobs', '0');
    for (const text of [r.stdout, r.stderr]) expect(text).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('ok\\x1b[2J.ase');
    expect(r.stdout).toContain('bad\\x1b[31m.ase');
  });
});

describe('--code-page', () => {
  // A MilkShape model whose texture name is GBK: '龟壳.tga' (bytes B9 EA BF C7), which the
  // default code page reads as '¹ê¿Ç.tga'.
  const dir = tmp('gbk');
  const gbkName = Uint8Array.from([0xb9, 0xea, 0xbf, 0xc7, 0x2e, 0x74, 0x67, 0x61]);
  const file = path.join(dir, 'shell.ms3d');
  writeFileSync(
    file,
    writeMs3d({
      vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
      triangles: [{ v: [0, 1, 2], s: [0, 1, 0], t: [0, 0, 1], groupIndex: 0 }],
      groups: [{ name: 'shell', triangles: [0], material: 0 }],
      materials: [{ name: 'shell', texture: gbkName }],
    }),
  );
  writeFileSync(path.join(dir, '龟壳.tga'), TGA);

  it('names the texture right and finds it with --code-page gbk; without it the name is mojibake and missing', async () => {
    const wrong = JSON.parse((await run('info', file, '--json')).stdout);
    expect(wrong.textureFiles).toEqual([{ name: '¹ê¿Ç.tga', embedded: false, found: false }]);
    const right = JSON.parse((await run('info', file, '--json', '--code-page', 'gbk')).stdout);
    expect(right.textureFiles).toEqual([{ name: '龟壳.tga', embedded: false, found: true }]);
    expect(right.warnings).toEqual([]);
    const convert = await run('convert', file, path.join(dir, 'shell.glb'), '--code-page', 'gbk');
    expect(convert.stdout).toMatch(/0 warnings/);
    const batch = await run('batch', dir, '--out', path.join(dir, 'out'), '--jobs', '0', '--code-page', 'gbk', '--json', path.join(dir, 'r.json'));
    expect(batch.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')).files[0]).toMatchObject({ ok: true, warnings: 0 });
    expect(readFileSync(path.join(dir, 'out', 'shell.glb')).equals(readFileSync(path.join(dir, 'shell.glb')))).toBe(true);
  });

  it('an unknown code page is a usage error', async () => {
    const r = await run('info', file, '--code-page', 'klingon');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/option '--code-page <name>' argument 'klingon' is invalid\. unknown code page/);
  });
});

describe('info: texture files, and the same warnings as convert', () => {
  it('lists each texture as found or missing, and counts the export warnings convert reports', async () => {
    const dir = tmp('info-tex');
    mkdirSync(path.join(dir, 'Texture'));
    writeFileSync(path.join(dir, 'Texture', 'Wall.dds'), ddsDxt1(4, 4, 0xf800001f));
    const quad = (texture: string, x: number): WObject => ({ type: 0, geometry: { vertices: [{ p: [x, 0, 0] }, { p: [x + 1, 0, 0] }, { p: [x, 1, 0] }], indices: [0, 1, 2], materials: [{ texture }] } });
    writeFileSync(path.join(dir, 'obj_wall.o3d'), writeO3d({ name: 'obj_wall.o3d', groups: [[quad('wall.dds', 0), quad('gone.dds', 2)]] }));
    const info = await run('info', path.join(dir, 'obj_wall.o3d'));
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/^materials {2}2 \(2 textures\)\n {2}texture {2}wall\.dds\n {2}texture {2}gone\.dds \(missing\)\n/m);
    expect(info.stdout).toMatch(/^warnings {3}1\n {2}GLTF_TEXTURE_MISSING: texture 'gone\.dds' was not found/m);
    const convert = await run('convert', path.join(dir, 'obj_wall.o3d'));
    expect(convert.stdout).toMatch(/, 1 warning\n {2}gltf GLTF_TEXTURE_MISSING: texture 'gone\.dds'/);
  });
});

describe('--lod', () => {
  const dir = tmp('lod');
  const file = path.join(dir, 'obj_tower.o3d');
  // Three levels: 8, 4 and 2 triangles.
  const level = (triangles: number): WObject[] => [
    { type: 0, geometry: { vertices: Array.from({ length: triangles + 2 }, (_, i) => ({ p: [i, i % 2, 0] as [number, number, number] })), indices: Array.from({ length: triangles }, (_, t) => [t, t + 1, t + 2]).flat() } },
  ];
  writeFileSync(file, writeO3d({ name: 'obj_tower.o3d', lod: true, groups: [level(8), level(4), level(2)] }));

  it('past the last level is a usage error; the convert summary counts the level exported', async () => {
    expect(JSON.parse((await run('info', file, '--json')).stdout)).toMatchObject({ lods: 3, triangles: 14 });
    const seven = await run('convert', file, path.join(dir, 'x.glb'), '--lod', '7');
    expect(seven.code).toBe(2);
    expect(seven.stderr).toContain(`error: --lod 7: ${file} has 3 levels of detail (0 to 2)\n`);
    const two = await run('convert', file, path.join(dir, 'two.glb'), '--lod', '2');
    expect(two.code).toBe(0);
    expect(two.stdout).toMatch(/1 mesh, 2 triangles, 0 clips \(LOD 2\), 0 warnings/);
    const all = await run('convert', file, path.join(dir, 'all.glb'));
    expect(all.stdout).toMatch(/3 meshes, 14 triangles, 0 clips, 0 warnings/);
    const none = path.join(dir, 'flat.o3d');
    writeFileSync(none, writeO3d({ name: 'flat.o3d', groups: [level(2)] }));
    expect((await run('convert', none, path.join(dir, 'flat.glb'), '--lod', '0')).code).toBe(0);
    expect((await run('convert', none, path.join(dir, 'flat.glb'), '--lod', '1')).stderr).toContain('has 1 level of detail (only 0)');
  });
});

describe('a Flyff motion or skeleton opened alone', () => {
  it("prints what format detection says about it (open its .o3d), with exit code 1", async () => {
    const dir = tmp('ani');
    const bones = [{ name: 'Bip01', tm: translationMatrix(0, 0, 0), inverse: translationMatrix(0, 0, 0), local: translationMatrix(0, 0, 0), parent: -1 }];
    const files = {
      'mvr_bat_walk.ani': writeAni({ frameCount: 2, bones: [{ name: 'Bip01', parent: -1, keys: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0]] }] }),
      'mvr_bat.chr': writeChr({ bones }),
    };
    for (const [name, bytes] of Object.entries(files)) {
      writeFileSync(path.join(dir, name), bytes);
      let expected: Error | undefined;
      try {
        requireFormat(bytes, name, formats, { byExtension: true });
      } catch (e) {
        expected = e as Error;
      }
      expect(expected, name).toBeDefined();
      for (const command of ['info', 'convert', 'detect']) {
        const r = await run(command, path.join(dir, name));
        expect(r.code, `${command} ${name}`).toBe(1);
        expect(r.stderr).toContain(`: ${expected!.message}\n`);
        expect(r.stderr).toMatch(/this is a Flyff (motion|skeleton) \(\.(ani|chr)\); open its \.o3d/);
      }
    }
  });
});

describe('batch option checks', () => {
  it('--timeout needs workers; bad numbers are usage errors', async () => {
    const dir = tmp('opts');
    expect((await run('batch', dir, '--out', path.join(dir, 'o'), '--jobs', '0', '--timeout', '100')).code).toBe(2);
    expect((await run('batch', dir, '--out', path.join(dir, 'o'), '--timeout', '0')).code).toBe(2);
    expect((await run('batch', dir, '--out', path.join(dir, 'o'), '--worker-memory', 'lots')).code).toBe(2);
    expect((await run('batch', path.join(dir, 'missing'), '--out', path.join(dir, 'o'))).code).toBe(2);
  });
});

describe('the bin in a pipeline', () => {
  it('ends quietly with 0 when the reader closes the pipe early (relic3d --help | head -1)', async () => {
    const { spawn } = await import('node:child_process');
    const bin = path.resolve(import.meta.dirname, '../bin/relic3d.js');
    const child = spawn(process.execPath, [bin, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // Read one chunk, then close our end, as `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});
