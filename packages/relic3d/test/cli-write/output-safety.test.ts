// Issue 26 (outputs): reproducers of last turn's audit, each built here. Before the fix a .glb whose
// image is named `model.glb` replaced itself with a PNG (exit 0), `victim.txt`/`.env`/`CON.png`
// beside the output were overwritten, and 300- or 5,000-character names died with ENAMETOOLONG
// after the main file was written.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, type Scene } from 'relic3d';
import { parseFile, writeFile } from 'relic3d/node';
import { isReservedName, nameLimitProblem, shortenName, unreserved } from '../../src/output-names.js';
import { corpus, hasCorpus, run } from '../cli-helpers.js';
import { tmp } from '../run-cli.js';
import { listFiles } from './helpers.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const bytesOf = (s: string) => Buffer.byteLength(s);

/** The jeep (1 mesh, 1 material, 1 texture) with its texture replaced by embedded PNGs under `names`. */
async function jeepWith(names: string[], materialName?: string): Promise<Scene> {
  const scene = await parse(new Uint8Array(readFileSync(corpus('ms3d', 'assimp__jeep1.ms3d'))), { fileName: 'jeep1.ms3d' });
  // A marker after IEND makes each image its own bytes (equal images are stored once).
  scene.textures = names.map((uri, i) => ({ uri, image: { mimeType: 'image/png', data: new Uint8Array(Buffer.concat([PNG, Buffer.from(`image ${i}`)])) } }));
  scene.materials = names.map((_, i) => ({ ...scene.materials[0]!, name: i === 0 && materialName ? materialName : `m${i}`, baseColorTexture: { texture: i } }));
  // One copy of the jeep's primitive per material, so every texture is used (and exported).
  const mesh = scene.meshes[0]!;
  mesh.primitives = names.map((_, i) => ({ ...mesh.primitives[0]!, material: i }));
  return scene;
}

describe('file names', () => {
  it('knows the Windows device names, with any extension or case, trailing dots and spaces', () => {
    for (const name of ['CON', 'con.png', 'Prn.txt', 'AUX', 'nul.tar.gz', 'COM1', 'com9.ani', 'LPT1', 'lpt9.mat', 'CON.', 'NUL ', 'con .png']) expect(isReservedName(name), name).toBe(true);
    for (const name of ['CONSOLE.png', 'COM0', 'com10', 'LPT', 'icon.png', 'xcon', 'con_.png']) expect(isReservedName(name), name).toBe(false);
    expect(unreserved('CON.png')).toBe('CON_.png');
    expect(unreserved('lpt3')).toBe('lpt3_');
    expect(unreserved('aux.tar.gz')).toBe('aux_.tar.gz');
    expect(unreserved('stone.png. ')).toBe('stone.png');
  });

  it('measures names in UTF-8 bytes against 255 a name and 4,095 a path, and shortens uniquely on a character boundary', () => {
    expect(nameLimitProblem('/tmp', 'a'.repeat(255))).toBeUndefined();
    expect(nameLimitProblem('/tmp', 'a'.repeat(256))).toBe('the name is 256 bytes; a file name holds 255');
    expect(nameLimitProblem('/tmp', '龟'.repeat(86))).toBe('the name is 258 bytes; a file name holds 255');
    expect(nameLimitProblem(`/${'d'.repeat(3990)}`, 'a'.repeat(200))).toBe('the path is 4192 bytes; a path holds 4095');
    const a = shortenName(`${'龟'.repeat(100)}A.png`, 100);
    const b = shortenName(`${'龟'.repeat(100)}B.png`, 100);
    expect(a).not.toBe(b);
    for (const s of [a, b]) {
      expect(bytesOf(s)).toBeLessThanOrEqual(100);
      expect(s).toMatch(/^(龟)+~[0-9a-f]{8}\.png$/);
    }
  });
});

describe.runIf(hasCorpus)('convert never replaces what it must not (reproducers)', () => {
  it("a .glb whose image is named 'model.glb', converted beside itself: refused, the input unchanged, even with --no-copy-textures", async () => {
    const dir = tmp('repro-self');
    await writeFile(await jeepWith(['model.glb']), path.join(dir, 'model.glb'));
    const input = readFileSync(path.join(dir, 'model.glb'));
    for (const flags of [[], ['--no-copy-textures'], ['--force']]) {
      const result = await run('convert', path.join(dir, 'model.glb'), path.join(dir, 'out.ms3d'), ...flags);
      expect(result.code, flags.join(' ')).toBe(1);
      expect(result.stderr).toContain(`refusing to write '${path.join(dir, 'model.glb')}': it is the input`);
      expect(result.stderr).toContain('[OUTPUT_IS_INPUT]');
      expect(readFileSync(path.join(dir, 'model.glb')).equals(input)).toBe(true);
      expect(listFiles(dir)).toEqual(['model.glb']);
    }
  });

  it('an output that is the input through a link is refused before the input is read: its broken bytes are never parsed', async () => {
    const dir = tmp('repro-early');
    writeFileSync(path.join(dir, 'broken.ms3d'), 'not a model');
    linkSync(path.join(dir, 'broken.ms3d'), path.join(dir, 'hard.ms3d'));
    const result = await run('convert', path.join(dir, 'broken.ms3d'), path.join(dir, 'hard.ms3d'), '--force');
    expect(result.code).toBe(1);
    // Read first, the input would have failed as a model (a FormatError), not as the output.
    expect(result.stderr).toBe(`error: ${path.join(dir, 'hard.ms3d')}: refusing to write '${path.join(dir, 'hard.ms3d')}': it is the input ${path.join(dir, 'broken.ms3d')} (a hard link); name another output [OUTPUT_IS_INPUT]\n`);
    expect(readFileSync(path.join(dir, 'broken.ms3d'), 'utf8')).toBe('not a model');
  });

  it('victim.txt and .env beside the output are refused by name (exit 1, nothing written); --force replaces them; CON.png is written as CON_.png', async () => {
    const dir = tmp('repro-victims');
    await writeFile(await jeepWith(['victim.txt', '.env']), path.join(dir, 'in.glb'));
    writeFileSync(path.join(dir, 'victim.txt'), 'victim');
    writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    const refused = await run('convert', path.join(dir, 'in.glb'), path.join(dir, 'out.ase'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`refusing to replace '${path.join(dir, 'victim.txt')}': it exists and this run did not create it (--force replaces it) [OUTPUT_EXISTS]`);
    expect(listFiles(dir)).toEqual(['.env', 'in.glb', 'victim.txt']);
    expect(readFileSync(path.join(dir, '.env'), 'utf8')).toBe('SECRET=1');
    const forced = await run('convert', path.join(dir, 'in.glb'), path.join(dir, 'out.ase'), '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'victim.txt')).subarray(0, PNG.length).equals(PNG)).toBe(true);

    const con = tmp('repro-con');
    await writeFile(await jeepWith(['CON.png']), path.join(con, 'in.glb'));
    writeFileSync(path.join(con, 'CON.png'), 'device');
    const json = await run('convert', path.join(con, 'in.glb'), path.join(con, 'out.ase'), '--json');
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.files.map((f: { path: string }) => path.basename(f.path))).toEqual(['out.ase', 'CON_.png']);
    expect(report.warnings.map((w: { code: string }) => w.code)).toContain('WRITE_FILE_NAME_RESERVED');
    expect(readFileSync(path.join(con, 'CON.png'), 'utf8')).toBe('device');
    expect(readFileSync(path.join(con, 'out.ase'), 'latin1')).toContain('*BITMAP "CON_.png"');
  });

  it('300-character texture names become unique files under 255 bytes that the written model names; nothing dies with ENAMETOOLONG', async () => {
    const dir = tmp('repro-long');
    const long = (c: string) => `${'t'.repeat(296)}${c}.png`;
    await writeFile(await jeepWith([long('a'), long('b')]), path.join(dir, 'in.glb'));
    const result = await run('convert', path.join(dir, 'in.glb'), path.join(dir, 'out.ase'), '--json');
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const images = report.files.slice(1).map((f: { path: string }) => path.basename(f.path));
    expect(images).toHaveLength(2);
    expect(new Set(images).size).toBe(2);
    for (const name of images) expect(bytesOf(name)).toBeLessThanOrEqual(255);
    expect(report.warnings.filter((w: { code: string }) => w.code === 'WRITE_FILE_NAME_SHORTENED'), JSON.stringify(report.warnings)).toHaveLength(2);
    // Read back: each texture of the written model is a file that was written.
    const back = await parseFile(path.join(dir, 'out.ase'));
    expect(back.textures.map((t) => path.basename(t.uri!)).sort()).toEqual([...images].sort());
    for (const name of images) expect(readFileSync(path.join(dir, name)).subarray(0, PNG.length).equals(PNG)).toBe(true);
  });

  it('in a folder 3,900 bytes deep, a 250-character texture name is shortened to fit the 4,095-byte path', async () => {
    const top = tmp('repro-deep');
    let dir = top;
    while (bytesOf(dir) < 3700) dir = path.join(dir, 'd'.repeat(200));
    mkdirSync(dir, { recursive: true });
    await writeFile(await jeepWith([`${'w'.repeat(246)}.png`]), path.join(dir, 'in.glb'));
    const result = await run('convert', path.join(dir, 'in.glb'), path.join(dir, 'out.ase'), '--json');
    expect(result.code, result.stderr).toBe(0);
    const image = JSON.parse(result.stdout).files[1].path as string;
    expect(bytesOf(image)).toBeLessThan(4096);
    expect(bytesOf(path.basename(image))).toBeLessThan(246);
    expect(readFileSync(path.join(dir, 'out.ase'), 'latin1')).toContain(`*BITMAP "${path.basename(image)}"`);
  });

  it('a 5,000-character material name: the .mat file is shortened and the .mdl refers to it', async () => {
    const dir = tmp('repro-material');
    await writeFile(await jeepWith(['skin.png'], 'M'.repeat(5000)), path.join(dir, 'in.glb'));
    const result = await run('convert', path.join(dir, 'in.glb'), path.join(dir, 'out.mdl'), '--json');
    expect(result.code, result.stderr).toBe(0);
    const mats = readdirSync(dir).filter((n) => n.endsWith('.mat'));
    expect(mats).toHaveLength(1);
    const long = mats[0]!;
    expect(bytesOf(long)).toBeLessThanOrEqual(255);
    expect(long).toMatch(/^M+~[0-9a-f]{8}\.mat$/);
    expect(Buffer.from(readFileSync(path.join(dir, 'out.mdl'))).includes(Buffer.from(`./${long}`))).toBe(true);
  });

  it('writeFile: protect keeps the input even with force, through a hard link; a refused run leaves no temporary file', async () => {
    const dir = tmp('repro-hardlink');
    const scene = await jeepWith(['skin.png']);
    await writeFile(scene, path.join(dir, 'in.glb'));
    linkSync(path.join(dir, 'in.glb'), path.join(dir, 'other.glb'));
    const before = readFileSync(path.join(dir, 'in.glb'));
    await expect(writeFile(scene, path.join(dir, 'other.glb'), { force: true, protect: [path.join(dir, 'in.glb')] })).rejects.toMatchObject({ name: 'WriteError', refusal: 'OUTPUT_IS_INPUT' });
    expect(readFileSync(path.join(dir, 'in.glb')).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['in.glb', 'other.glb']);
    expect(existsSync(path.join(dir, 'skin.png'))).toBe(false);
  });
});
