// Issue 15, items 1 and 2: nothing is read outside the root, nothing is written outside --out.
// A temporary tree holds a secret outside the root, models that name it with '..', with an absolute
// path and through a symlink (.ase *BITMAP, .mdl material), and symlinks planted in --out.
import { spawn } from 'node:child_process';
import fs, { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aseFile, bitmapMap, geom, material } from '@relic3d/fixtures/ase';
import { writeMdl } from '@relic3d/fixtures/mdl';
import { ensureBuilt } from '../../batch/test/built.js';
import { runCli, type BatchReport } from '../src/cli.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const bin = path.resolve(import.meta.dirname, '../dist/cli.js');
const SECRET = 'SECRET-MARKER-7f3a9c';
const WOOD = 'WOOD-TEXTURE-OK-91c2';
/** A 1×1 PNG; the marker after IEND travels with the bytes if the image is embedded. */
const png = (marker: string) => Buffer.concat([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'), Buffer.from(marker)]);

function triangleAse(bitmap: string): string {
  const tri = { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as [number, number, number][], faces: [[0, 1, 2]] as [number, number, number][], tverts: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as [number, number, number][], tfaces: [[0, 1, 2]] as [number, number, number][] };
  return aseFile([geom('Tri', tri, { materialRef: 0 })], { materials: [material(0, 'Mat', { maps: [bitmapMap('DIFFUSE', bitmap)] })] });
}

function doorMdl(materialPath: string): Uint8Array {
  const vertices = [[0, 0, 0], [1, 0, 0], [0, 1, 0]].map((p) => ({ position: p as [number, number, number], normal: [0, 0, 1] as [number, number, number], uv0: [p[0], p[1]] as [number, number] }));
  return writeMdl({ variant: 'ultra', version: 300, root: { name: 'Door', lods: [{ meshes: [{ name: 'door', material: materialPath, vertices, indices: [0, 1, 2] }] }] } });
}

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t), isTTY: false });
  return { code, stdout, stderr };
}

function tree(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tree(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

/** Every file open (sync, async, callback, readFile) of this thread, by absolute path. */
function recordOpens(): { paths: string[]; stop(): void } {
  const paths: string[] = [];
  const note = (p: unknown) => {
    if (typeof p === 'string' || p instanceof URL || Buffer.isBuffer(p)) paths.push(path.resolve(String(p instanceof URL ? p.pathname : p)));
  };
  const originals = { openSync: fs.openSync, open: fs.open, readFileSync: fs.readFileSync, readFile: fs.readFile, popen: fsp.open, preadFile: fsp.readFile };
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => (note(p), (originals.openSync as (...a: unknown[]) => number)(p, ...rest))) as typeof fs.openSync;
  fs.open = ((p: fs.PathLike, ...rest: unknown[]) => (note(p), (originals.open as (...a: unknown[]) => void)(p, ...rest))) as typeof fs.open;
  fs.readFileSync = ((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => (note(p), (originals.readFileSync as (...a: unknown[]) => unknown)(p, ...rest))) as typeof fs.readFileSync;
  fs.readFile = ((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => (note(p), (originals.readFile as (...a: unknown[]) => void)(p, ...rest))) as typeof fs.readFile;
  fsp.open = ((p: fs.PathLike, ...rest: unknown[]) => (note(p), (originals.popen as (...a: unknown[]) => unknown)(p, ...rest))) as typeof fsp.open;
  fsp.readFile = ((p: fs.PathLike, ...rest: unknown[]) => (note(p), (originals.preadFile as (...a: unknown[]) => unknown)(p, ...rest))) as typeof fsp.readFile;
  syncBuiltinESMExports();
  return {
    paths,
    stop() {
      Object.assign(fs, { openSync: originals.openSync, open: originals.open, readFileSync: originals.readFileSync, readFile: originals.readFile });
      Object.assign(fsp, { open: originals.popen, readFile: originals.preadFile });
      syncBuiltinESMExports();
    },
  };
}

let base: string;
let root: string;
let secretDir: string;
const MODELS = ['tri_dotdot.ase', 'tri_abs.ase', 'tri_link.ase', 'tri_ok.ase', 'door_dotdot.mdl', 'door_abs.mdl', 'door_link.mdl', 'door_proc.mdl'];

/** The tree around the root and the planted --out; returns the out folder. */
function plantOut(name: string): string {
  const out = path.join(base, name);
  mkdirSync(path.join(out, 'models'), { recursive: true });
  symlinkSync(path.join(secretDir, 'victim.txt'), path.join(out, 'models', 'tri_dotdot.glb'));
  symlinkSync(path.join(secretDir, 'drop'), path.join(out, 'other'));
  return out;
}

beforeAll(() => {
  ensureBuilt();
  base = scratchFolder('contain');
  secretDir = path.join(base, 'secret');
  root = path.join(base, 'root');
  mkdirSync(path.join(secretDir, 'drop'), { recursive: true });
  writeFileSync(path.join(secretDir, 'secret.png'), png(SECRET));
  writeFileSync(path.join(secretDir, 'secret.mat'), JSON.stringify({ material: { color: [0.11, 0.22, 0.33, 1], note: SECRET } }));
  writeFileSync(path.join(secretDir, 'victim.txt'), 'precious');
  const models = path.join(root, 'models');
  mkdirSync(models, { recursive: true });
  mkdirSync(path.join(root, 'textures'));
  mkdirSync(path.join(root, 'other'));
  writeFileSync(path.join(root, 'textures', 'Wood.png'), png(WOOD));
  writeFileSync(path.join(models, 'tri_dotdot.ase'), triangleAse('..\\..\\secret\\secret.png'));
  writeFileSync(path.join(models, 'tri_abs.ase'), triangleAse(path.join(secretDir, 'secret.png')));
  writeFileSync(path.join(models, 'tri_link.ase'), triangleAse('link.png'));
  writeFileSync(path.join(models, 'tri_ok.ase'), triangleAse('..\\textures\\wood.png'));
  writeFileSync(path.join(root, 'other', 'tri_other.ase'), triangleAse('..\\textures\\wood.png'));
  symlinkSync(path.join(secretDir, 'secret.png'), path.join(models, 'link.png'));
  symlinkSync(path.join(secretDir, 'secret.mat'), path.join(models, 'link.mat'));
  symlinkSync(secretDir, path.join(root, 'linkdir')); // a folder leaving the root: never walked
  writeFileSync(path.join(models, 'door_dotdot.mdl'), doorMdl('../../secret/secret.mat'));
  writeFileSync(path.join(models, 'door_abs.mdl'), doorMdl(path.join(secretDir, 'secret.mat')));
  writeFileSync(path.join(models, 'door_link.mdl'), doorMdl('link.mat'));
  writeFileSync(path.join(models, 'door_proc.mdl'), doorMdl('/proc/self/environ'));
}, 600_000);

/** What every batch run over the tree must show. */
function expectContained(out: string, report: BatchReport, printed: string): void {
  const byFile = new Map(report.files.map((f) => [f.file, f]));
  // Planted symlinks in --out: refused, their targets untouched.
  expect(byFile.get('models/tri_dotdot.ase')).toMatchObject({ ok: false, error: { code: 'OUTPUT_OUTSIDE' } });
  expect(byFile.get('other/tri_other.ase')).toMatchObject({ ok: false, error: { code: 'OUTPUT_OUTSIDE' } });
  expect(readFileSync(path.join(secretDir, 'victim.txt'), 'utf8')).toBe('precious');
  expect(readdirSync(path.join(secretDir, 'drop'))).toEqual([]);
  // The symlinked folder that leaves the root is not walked.
  expect(report.files.map((f) => f.file).sort()).toEqual([...MODELS.map((m) => `models/${m}`), 'other/tri_other.ase'].sort());
  for (const m of MODELS.filter((m) => m !== 'tri_dotdot.ase')) expect(byFile.get(`models/${m}`), m).toMatchObject({ ok: true });
  // Nothing of the secret is embedded, applied or echoed.
  for (const f of tree(out).filter((f) => f.endsWith('.glb'))) {
    const bytes = readFileSync(path.join(out, f));
    expect(bytes.includes(SECRET), f).toBe(false);
    expect(bytes.includes('0.11'), f).toBe(false);
  }
  expect(printed).not.toContain(SECRET);
  expect(JSON.stringify(report)).not.toContain(SECRET);
  // tri_dotdot (exported, then its write refused), tri_abs, tri_link: the secret image is missing to them.
  expect(report.warnings.GLTF_TEXTURE_MISSING.files).toBe(3);
  expect(report.warnings.MDL_MATERIAL_NOT_FOUND.files).toBe(4);
  // '..\textures\' inside the root still works.
  expect(readFileSync(path.join(out, 'models', 'tri_ok.glb')).includes(WOOD)).toBe(true);
}

describe('containment: batch', () => {
  let recorder: ReturnType<typeof recordOpens> | undefined;
  afterEach(() => recorder?.stop());

  it('on the main thread (--jobs 0), opens nothing outside the root and writes nothing outside --out', async () => {
    const before = tree(base);
    const out = plantOut('out-inline');
    const reportFile = path.join(base, 'report-inline.json');
    recorder = recordOpens();
    const { code, stdout, stderr } = await run('batch', root, '--out', out, '--jobs', '0', '--json', reportFile);
    recorder.stop();
    const opened = recorder.paths;
    recorder = undefined;
    expect(code).toBe(1);
    // The recorder sees the reads (it is not blind), and none of them is outside the root or --out.
    expect(opened).toContain(path.join(root, 'models', 'tri_ok.ase'));
    expect(opened).toContain(path.join(root, 'textures', 'Wood.png'));
    const inTree = opened.filter((p) => p.startsWith(base + path.sep));
    expect(inTree.filter((p) => !p.startsWith(root + path.sep) && !p.startsWith(out + path.sep) && !path.basename(p).startsWith('.report-inline.json.') && p !== reportFile)).toEqual([]);
    expect(opened).not.toContain('/proc/self/environ');
    expectContained(out, JSON.parse(readFileSync(reportFile, 'utf8')), stdout + stderr);
    // Outside --out, only the report appeared.
    expect(tree(base).filter((f) => !f.startsWith('out-inline/') && !before.includes(f))).toEqual(['report-inline.json']);
  });

  // The bin's batch runs in worker threads: it asserts what an in-process `--jobs 2` run did before (dropped as a duplicate).
  it('in worker threads, through the built bin, the same', async () => {
    const out = plantOut('out-bin');
    const reportFile = path.join(base, 'report-bin.json');
    const child = spawn(process.execPath, [bin, 'batch', root, '--out', out, '--jobs', '2', '--json', reportFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    child.stdout.on('data', (d) => (printed += d));
    child.stderr.on('data', (d) => (printed += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expectContained(out, JSON.parse(readFileSync(reportFile, 'utf8')), printed);
  });
});

describe('containment: convert and info', () => {
  it("root = the model's folder by default, --root widens it; the secret is never embedded or read", async () => {
    const out = path.join(base, 'single');
    mkdirSync(out, { recursive: true });
    const recorder = recordOpens();
    const results: { model: string; root: boolean; code: number; printed: string; glb: Buffer | undefined }[] = [];
    try {
      for (const model of MODELS) {
        for (const widen of [false, true]) {
          const target = path.join(out, `${model}.${widen ? 'root' : 'own'}.glb`);
          const { code, stdout, stderr } = await run('convert', path.join(root, 'models', model), target, ...(widen ? ['--root', root] : []));
          results.push({ model, root: widen, code, printed: stdout + stderr, glb: existsSync(target) ? readFileSync(target) : undefined });
        }
      }
    } finally {
      recorder.stop();
    }
    for (const r of results) {
      expect(r.code, `${r.model} ${r.printed}`).toBe(0);
      expect(r.glb!.includes(SECRET), r.model).toBe(false);
      expect(r.printed).not.toContain(SECRET);
    }
    expect(recorder.paths.filter((p) => p.startsWith(secretDir) || p.startsWith('/proc/self/environ'))).toEqual([]);
    const ok = (widen: boolean) => results.find((r) => r.model === 'tri_ok.ase' && r.root === widen)!;
    expect(ok(true).glb!.includes(WOOD)).toBe(true);
    expect(ok(false).glb!.includes(WOOD)).toBe(false);
    expect(ok(false).printed).toMatch(/GLTF_TEXTURE_MISSING: texture '\.\.\\textures\\wood\.png' was not found/);
    const info = await run('info', path.join(root, 'models', 'tri_abs.ase'), '--json', '--root', base);
    // Even a root that holds the secret's folder does not make an absolute path reach it: base name only.
    expect(JSON.parse(info.stdout).textureFiles).toEqual([{ name: path.join(secretDir, 'secret.png'), embedded: false, found: false }]);
  });

  it('--root must contain the model: a usage error otherwise', async () => {
    const { code, stderr } = await run('convert', path.join(root, 'models', 'tri_ok.ase'), path.join(base, 'x.glb'), '--root', secretDir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--root .*secret: the folder must exist and contain/);
  });
});
