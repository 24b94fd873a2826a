import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusFiles, corpusRoot, readManifest } from '@relic3d/test-harness';
import { createIO } from '@relic3d/gltf';
import { runCli, type BatchReport } from '../src/cli.js';

const hasCorpus = corpusFiles('o3d').length > 0;
/** Reads a written .glb, or a .gltf with its resources from the same folder. */
const io = {
  async read(file: string) {
    if (file.endsWith('.glb')) return createIO().readBinary(new Uint8Array(readFileSync(file)));
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
    for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
      if (item.uri) resources[item.uri] = new Uint8Array(readFileSync(path.join(path.dirname(file), decodeURIComponent(item.uri))));
    }
    return createIO().readJSON({ json, resources });
  },
};
const FOLDERS = ['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'bad', 'foreign'];
/**
 * Worker threads load the *built* packages (a worker cannot run .ts), which may be stale or being
 * rebuilt while tests run from sources; the corpus-wide runs decode on the main thread, one small
 * run below goes through the worker pool when it is built.
 */
const batchWorker = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../batch/dist/worker.js');
const jobs = '0';
// CI builds before testing: there the worker-pool suite must run, never skip quietly.
if (process.env.CI === 'true' && !existsSync(batchWorker)) throw new Error(`relic3d: ${batchWorker} is missing; build @relic3d/batch before the tests`);

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t), isTTY: false });
  return { code, stdout, stderr };
}

const corpus = (folder: string, file: string) => path.join(corpusRoot(), folder, file);

describe.runIf(hasCorpus)('relic3d batch over a copy of the whole corpus', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-batch-'));
  const input = path.join(tmp, 'corpus');
  const out = path.join(tmp, 'out');
  const reportPath = path.join(tmp, 'report.json');
  let result: Awaited<ReturnType<typeof run>>;
  let report: BatchReport;

  beforeAll(async () => {
    for (const folder of FOLDERS) cpSync(path.join(corpusRoot(), folder), path.join(input, folder), { recursive: true });
    result = await run('batch', input, '--out', out, '--jobs', jobs, '--json', reportPath);
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  }, 120_000);

  // Model files per MANIFEST: everything but companions (.chr/.ani skeletons and motions, images).
  const expected = FOLDERS.flatMap((folder) =>
    readManifest(folder)
      .filter((e) => !/\.(chr|ani|jpg)$/i.test(e.file))
      .map((e) => ({ file: `${folder}/${e.file}`, folder, note: e.note })),
  );

  it('decodes every model file and skips only companions', () => {
    expect(report.files.map((f) => f.file).sort()).toEqual(expected.map((e) => e.file).sort());
    expect(report.skipped.every((s) => /(\.chr|\.ani|\.jpg|MANIFEST\.tsv)$/i.test(s))).toBe(true);
    expect(report.summary.files).toBe(expected.length);
  });

  it('converts every file of the format folders to a .glb', () => {
    for (const entry of report.files.filter((f) => !/^(bad|foreign)\//.test(f.file))) {
      expect(entry, entry.file).toMatchObject({ ok: true });
      const glb = readFileSync(path.join(out, entry.output!));
      expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    }
  });

  it('reports each known-bad and foreign file with its error: format, offset, code', () => {
    const failed = Object.fromEntries(report.files.filter((f) => !f.ok).map((f) => [f.file, f.error!]));
    expect(Object.keys(failed).sort()).toEqual([
      'bad/assimp__invalid__empty.ase',
      'bad/obj_dunTest.o3d',
      'foreign/halflife1__halogs_grenade.mdl',
      'foreign/leadwerks4__key.mdl',
      'foreign/quake1__slipgate_grenade.mdl',
      'foreign/source__noerrors_error.mdl',
    ]);
    expect(failed['bad/assimp__invalid__empty.ase']).toMatchObject({ code: 'EMPTY', offset: 0, format: 'ase' });
    expect(failed['bad/obj_dunTest.o3d']).toMatchObject({ format: 'o3d', offset: expect.any(Number) });
    // The MANIFEST names each foreign format; the error must say the same.
    expect(failed['foreign/halflife1__halogs_grenade.mdl']).toMatchObject({ code: 'FOREIGN_FORMAT', message: expect.stringContaining('Half-Life 1 MDL (IDST v10)') });
    expect(failed['foreign/leadwerks4__key.mdl'].message).toContain('Leadwerks 3/4');
    expect(failed['foreign/quake1__slipgate_grenade.mdl'].message).toContain('Quake 1 MDL (IDPO v6)');
    expect(failed['foreign/source__noerrors_error.mdl'].message).toContain('Source engine MDL (IDST v48)');
    // The malformed-but-recoverable ASE (unclosed *MATERIAL_LIST) converts, with warnings.
    const mundo = report.files.find((f) => f.file === 'bad/unv_station15__mundo_tree.ase')!;
    expect(mundo.ok).toBe(true);
    expect(mundo.warnings).toBeGreaterThan(0);
  });

  it('exits non-zero, prints a summary table and the failures, and no stack trace', () => {
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`relic3d batch: ${expected.length} models, ${expected.length - 6} converted, 6 failed`));
    expect(result.stdout).toMatch(/^total\s+\d+\s+\d+\s+6$/m);
    expect(result.stdout).toMatch(/^o3d\s+\d+\s+\d+\s+1$/m);
    expect(result.stdout).toContain('failures:');
    expect(result.stdout).toMatch(/foreign\/quake1__slipgate_grenade\.mdl\n\s+mdl at byte 0 \[FOREIGN_FORMAT\]/);
    expect(result.stderr).toMatch(/\[\s*\d+\/\d+\] ok {3}ms3d ms3d\/assimp__jeep1\.ms3d → ms3d\/assimp__jeep1\.glb/);
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
  });

  it('keeps skeletons and motions found beside an .o3d (mvr_AiBatt: 14 bones, stand + walk)', async () => {
    const doc = await io.read(path.join(out, 'o3d', 'mvr_AiBatt.glb'));
    expect(doc.getRoot().listSkins()[0].listJoints()).toHaveLength(14);
    expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort()).toEqual(['stand', 'walk']);
  });

  it('mirrors the input tree in the output folder', () => {
    expect(readdirSync(out).sort()).toEqual(['ase', 'bad', 'lod', 'mdl', 'ms3d', 'o3d']);
  });
});

/** The documented `info --json` schema, checked field by field. */
function expectInfoSchema(info: Record<string, unknown>) {
  expect(Object.keys(info)).toEqual([
    'format', 'version', 'meshes', 'primitives', 'vertices', 'triangles', 'materials', 'textures', 'textureFiles', 'joints',
    'animations', 'lods', 'colliders', 'cameras', 'lights', 'bounds', 'warnings',
  ]);
  expect(typeof info.format).toBe('string');
  expect(['number', 'string'].includes(typeof info.version) || info.version === null).toBe(true);
  for (const key of ['meshes', 'primitives', 'vertices', 'triangles', 'materials', 'textures', 'joints', 'lods', 'colliders', 'cameras', 'lights']) {
    expect(Number.isInteger(info[key]) && (info[key] as number) >= 0, key).toBe(true);
  }
  expect((info.textureFiles as unknown[]).length).toBe(info.textures);
  for (const t of info.textureFiles as Record<string, unknown>[]) {
    expect(Object.keys(t)).toEqual(['name', 'embedded', 'found']);
    expect(typeof t.name).toBe('string');
    expect(t.found === null || typeof t.found === 'boolean').toBe(true);
  }
  for (const clip of info.animations as Record<string, unknown>[]) {
    expect(Object.keys(clip)).toEqual(['name', 'duration', 'channels']);
    expect(typeof clip.name).toBe('string');
    expect(clip.duration as number).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(clip.channels)).toBe(true);
  }
  const bounds = info.bounds as { min: number[]; max: number[] } | null;
  if (bounds) {
    expect(Object.keys(bounds)).toEqual(['min', 'max']);
    for (let i = 0; i < 3; i++) expect(bounds.min[i]).toBeLessThanOrEqual(bounds.max[i]);
  }
  for (const w of info.warnings as Record<string, unknown>[]) {
    expect(typeof w.code).toBe('string');
    expect(typeof w.message).toBe('string');
  }
}

describe.runIf(hasCorpus)('relic3d info', () => {
  it.each([
    // [folder, file, facts from the MANIFEST notes]
    ['ms3d', 'assimp__jeep1.ms3d', { format: 'ms3d', version: 4, triangles: 2032, materials: 1, joints: 0 }],
    ['ms3d', 'glscene__Woman4.ms3d', { format: 'ms3d', triangles: 3450, materials: 2, joints: 31 }],
    ['lod', 'xtreme3d__TRINITYrage.lod', { format: 'lod', joints: 40 }],
    ['o3d', 'mvr_AiBatt.o3d', { format: 'o3d', version: 22, joints: 14, triangles: 496 }],
    ['o3d', 'Part_femaleUpper.o3d', { format: 'o3d', version: 20, lods: 3, joints: 30 }],
    ['ase', 'assimp__CameraRollAnim.ase', { format: 'ase', cameras: 1, triangles: 12 }],
    ['mdl', 'circuitchaos__door_double_v300.mdl', { format: 'mdl', meshes: 1 }],
  ] as const)('%s/%s --json follows the documented schema and the MANIFEST facts', async (folder, file, facts) => {
    const { code, stdout } = await run('info', corpus(folder, file), '--json');
    expect(code).toBe(0);
    const info = JSON.parse(stdout);
    expectInfoSchema(info);
    expect(info).toMatchObject(facts);
  });

  it('reports the warnings of a malformed file with their codes and offsets (MANIFEST: unclosed *MATERIAL_LIST, *SCENE_TICKSPERFxRAME typo, 1080 faces)', async () => {
    const file = corpus('bad', 'unv_station15__mundo_tree.ase');
    const { code, stdout } = await run('info', file, '--json');
    expect(code).toBe(0);
    const info = JSON.parse(stdout);
    expectInfoSchema(info);
    expect(info).toMatchObject({ format: 'ase', triangles: 1080 });
    const materialList = readFileSync(file, 'latin1').indexOf('*MATERIAL_LIST');
    expect(info.warnings).toEqual(
      expect.arrayContaining([
        { code: 'ASE_UNCLOSED_MATERIAL_LIST', message: expect.stringContaining('MATERIAL_LIST'), offset: materialList },
        { code: 'ASE_NO_TICKSPERFRAME', message: expect.any(String) },
      ]),
    );
  });

  it('lists the five TRINITYrage clips (MANIFEST: TRINITYrage, walk, run, jump, long_jump)', async () => {
    const info = JSON.parse((await run('info', corpus('lod', 'xtreme3d__TRINITYrage.lod'), '--json')).stdout);
    expect(info.animations.map((a: { name: string }) => a.name)).toEqual(['TRINITYrage', 'walk', 'run', 'jump', 'long_jump']);
  });

  it('prints a readable table without --json', async () => {
    const { code, stdout } = await run('info', corpus('o3d', 'mvr_AiBatt.o3d'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^format\s+o3d \(version 22\)$/m);
    expect(stdout).toMatch(/^joints\s+14$/m);
    expect(stdout).toMatch(/^animations\s+stand \(.* s, \d+ channels\), walk/m);
  });
});

describe.runIf(hasCorpus)('relic3d detect and errors', () => {
  it('names the format', async () => {
    const { code, stdout } = await run('detect', corpus('ase', 'assimp__TestFormatDetection'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/assimp__TestFormatDetection: ase \(/);
  });

  it('prints format, byte offset and expectation for a foreign file, a stack only with --verbose', async () => {
    const plain = await run('detect', corpus('foreign', 'quake1__slipgate_grenade.mdl'));
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('this is a Quake 1 MDL (IDPO v6), not an Ultra Engine MDL');
    expect(plain.stderr).toMatch(/format mdl, at byte 0 \(0x0\): expected an Ultra Engine MDL file, found Quake 1 MDL \(IDPO v6\) \[FOREIGN_FORMAT\]/);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const verbose = await run('--verbose', 'info', corpus('foreign', 'quake1__slipgate_grenade.mdl'));
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });

  it('rejects unknown commands and bad options with a usage error (exit code 2)', async () => {
    const unknown = await run('explode');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'explode'/);
    expect((await run('convert', 'a.ms3d', 'b.glb', '--lod', 'x')).code).toBe(2);
    expect((await run('batch', 'somewhere')).code).toBe(2); // --out is required
    expect((await run()).code).toBe(2);
  });

  it('a missing input file is a failure (exit code 1) with a one-line message, no stack', async () => {
    const { code, stderr } = await run('info', path.join(os.tmpdir(), 'relic3d-no-such-file.ms3d'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: .*relic3d-no-such-file\.ms3d: ENOENT/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe.runIf(hasCorpus)('relic3d convert', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-convert-'));

  it('writes a .glb with the texture found beside the model', async () => {
    const target = path.join(tmp, 'jeep.glb');
    // The model names '.\jeep1.jpg'; copy both with the real names so the resolver finds it.
    cpSync(corpus('ms3d', 'assimp__jeep1.ms3d'), path.join(tmp, 'jeep1.ms3d'));
    cpSync(corpus('ms3d', 'assimp__jeep1.jpg'), path.join(tmp, 'jeep1.jpg'));
    const { code, stdout } = await run('convert', path.join(tmp, 'jeep1.ms3d'), target);
    expect(code).toBe(0);
    expect(stdout).toMatch(/jeep1\.ms3d \(ms3d\) → .*jeep\.glb: \d+ bytes; \d+ mesh(es)?, 2032 triangles, 0 clips, 0 warnings/);
    const doc = await io.read(target);
    expect(doc.getRoot().listTextures().map((t) => t.getMimeType())).toEqual(['image/jpeg']);
  });

  it('writes .gltf with its .bin', async () => {
    const target = path.join(tmp, 'bat.gltf');
    const { code } = await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), target);
    expect(code).toBe(0);
    expect(existsSync(path.join(tmp, 'bat.bin'))).toBe(true);
    const doc = await io.read(target);
    expect(doc.getRoot().listAnimations()).toHaveLength(2);
  });

  it('--animation keeps one clip; --lod keeps one level', async () => {
    const walk = path.join(tmp, 'walk.glb');
    expect((await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), walk, '--animation', 'walk')).code).toBe(0);
    expect((await io.read(walk)).getRoot().listAnimations().map((a) => a.getName())).toEqual(['walk']);
    const low = path.join(tmp, 'low.glb');
    expect((await run('convert', corpus('o3d', 'Part_femaleUpper.o3d'), low, '--lod', '2')).code).toBe(0);
    const doc = await io.read(low);
    expect(doc.getRoot().listNodes().some((n) => n.getExtension('MSFT_lod'))).toBe(false);
    let triangles = 0;
    for (const node of doc.getRoot().listNodes()) for (const p of node.getMesh()?.listPrimitives() ?? []) triangles += p.getIndices()!.getCount() / 3;
    expect(triangles).toBe(68); // MANIFEST: faces per LOD = [256, 120, 68]
  });

  it('explains an unknown clip and a wrong output extension', async () => {
    const missing = await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(tmp, 'x.glb'), '--animation', 'dance');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/animation "dance" not found; the scene has "stand", "walk"|"walk", "stand"/);
    const wrong = await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(tmp, 'x.obj'));
    expect(wrong.code).toBe(2);
  });
});

describe.runIf(hasCorpus)('relic3d batch with companions', () => {
  it('an Ultra model finds its .mat beside it, and the .mat its TGA texture (embedded as PNG)', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-mat-'));
    const models = path.join(tmp, 'in', 'Doors');
    mkdirSync(models, { recursive: true });
    cpSync(corpus('mdl', 'circuitchaos__door_double_window_v300.mdl'), path.join(models, 'door_double_window.mdl'));
    // MANIFEST/info: the model names door_double_window.mat and door_single_window_glass.mat.
    writeFileSync(path.join(models, 'door_double_window.mat'), JSON.stringify({ material: { color: [1, 0, 0, 1], texture0: './Wood.tga' } }));
    // 1×1 TGA, type 2, 24-bit: one green pixel (BGR).
    writeFileSync(path.join(models, 'wood.TGA'), new Uint8Array([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 0, 255, 0]));
    const { code } = await run('batch', path.join(tmp, 'in'), '--out', path.join(tmp, 'out'), '--jobs', jobs);
    expect(code).toBe(0);
    const doc = await io.read(path.join(tmp, 'out', 'Doors', 'door_double_window.glb'));
    const red = doc.getRoot().listMaterials().find((m) => m.getName() === 'door_double_window')!;
    expect(red.getBaseColorFactor()).toEqual([1, 0, 0, 1]);
    expect(red.getBaseColorTexture()?.getMimeType()).toBe('image/png');
    expect(red.getBaseColorTexture()?.getExtras()).toMatchObject({ convertedFrom: 'tga' });
  });
});

describe.runIf(hasCorpus && existsSync(batchWorker))('relic3d batch through the worker pool', () => {
  it('decodes in worker threads and keeps .o3d motions (mvr_AiBatt: stand + walk)', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-workers-'));
    for (const file of ['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani']) cpSync(corpus('o3d', file), path.join(tmp, 'in', file));
    cpSync(corpus('ms3d', 'hiero__TBone.ms3d'), path.join(tmp, 'in', 'tbone.ms3d'));
    const { code, stdout } = await run('batch', path.join(tmp, 'in'), '--out', path.join(tmp, 'out'), '--jobs', '2');
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/2 models, 2 converted, 0 failed, 3 other files skipped/);
    const doc = await io.read(path.join(tmp, 'out', 'mvr_AiBatt.glb'));
    expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort()).toEqual(['stand', 'walk']);
  });
});

describe('relic3d --help', () => {
  it('lists every command, the global options and examples; exit code 0', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    for (const command of ['detect', 'info', 'convert', 'batch']) expect(stdout).toMatch(new RegExp(`^\\s+${command} `, 'm'));
    expect(stdout).toContain('--quiet');
    expect(stdout).toContain('--verbose');
    expect(stdout).toMatch(/Examples:\n\s+\$ relic3d detect /);
    expect(stdout).toContain('$ relic3d convert model.ms3d            writes model.glb beside the model');
    expect(stdout).toContain('Exit codes: 0 success, 1 a file failed, 2 usage error, 130 interrupted.');
  });

  it('each command has its own help', async () => {
    const { code, stdout } = await run('convert', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: relic3d convert \[options\] <input> \[output\]/);
    expect(stdout).toContain('--animation <name>');
  });
});

describe.runIf(hasCorpus)('relic3d convert: output names, relative textures, --quiet', () => {
  it('without OUT writes <name>.glb beside the input; a folder OUT gets <name>.glb inside', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-names-'));
    cpSync(corpus('ms3d', 'hiero__TBone.ms3d'), path.join(tmp, 'TBone.ms3d'));
    const beside = await run('convert', path.join(tmp, 'TBone.ms3d'));
    expect(beside.code).toBe(0);
    expect(beside.stdout).toContain(`→ ${path.join(tmp, 'TBone.glb')}`);
    expect((await io.read(path.join(tmp, 'TBone.glb'))).getRoot().listSkins()[0].listJoints()).toHaveLength(4); // MANIFEST: 4 joints
    const folder = path.join(tmp, 'out') + path.sep;
    expect((await run('convert', path.join(tmp, 'TBone.ms3d'), folder)).code).toBe(0);
    expect(existsSync(path.join(tmp, 'out', 'TBone.glb'))).toBe(true);
    // An existing folder without the trailing slash counts too.
    expect((await run('convert', path.join(tmp, 'TBone.ms3d'), path.join(tmp, 'out'), '--quiet')).code).toBe(0);
  });

  it("finds a texture the model names relative to its folder ('..\\Textures\\Wood.jpg', other case)", async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-relative-'));
    mkdirSync(path.join(tmp, 'models'));
    mkdirSync(path.join(tmp, 'textures'));
    const ase = readFileSync(corpus('ase', 'darkradiant__single_triangle.ase'), 'latin1');
    expect(ase).toContain('*BITMAP "\\\\base\\material"');
    writeFileSync(path.join(tmp, 'models', 'tri.ase'), ase.replace('*BITMAP "\\\\base\\material"', '*BITMAP "..\\Textures\\Wood.jpg"'), 'latin1');
    cpSync(corpus('ms3d', 'assimp__jeep1.jpg'), path.join(tmp, 'textures', 'WOOD.JPG'));
    // The model's own folder is the root: '..' does not leave it unless --root widens it.
    const contained = await run('convert', path.join(tmp, 'models', 'tri.ase'));
    expect(contained.code).toBe(0);
    expect(contained.stdout).toMatch(/1 warning\n.*GLTF_TEXTURE_MISSING: texture '\.\.\\Textures\\Wood\.jpg' was not found/);
    const { code, stdout } = await run('convert', path.join(tmp, 'models', 'tri.ase'), '--root', tmp);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/0 warnings/);
    const doc = await io.read(path.join(tmp, 'models', 'tri.glb'));
    const texture = doc.getRoot().listMaterials()[0].getBaseColorTexture()!;
    expect(texture.getMimeType()).toBe('image/jpeg');
    expect(texture.getImage()!.byteLength).toBe(readFileSync(corpus('ms3d', 'assimp__jeep1.jpg')).byteLength);
  });

  it('--quiet prints nothing on success and still prints errors', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-quiet-'));
    const ok = await run('--quiet', 'convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(tmp, 'bat.glb'));
    expect(ok).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(path.join(tmp, 'bat.glb'))).toBe(true);
    const bad = await run('-q', 'convert', corpus('foreign', 'quake1__slipgate_grenade.mdl'), path.join(tmp, 'q.glb'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Quake 1 MDL (IDPO v6)');
  });
});

describe.runIf(hasCorpus)('relic3d batch output modes', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'relic3d-modes-'));
  const input = path.join(tmp, 'in');
  mkdirSync(input, { recursive: true });
  cpSync(corpus('ms3d', 'hiero__TBone.ms3d'), path.join(input, 'tbone.ms3d'));
  cpSync(corpus('ase', 'darkradiant__single_triangle.ase'), path.join(input, 'tri.ase'));
  cpSync(corpus('foreign', 'quake1__slipgate_grenade.mdl'), path.join(input, 'grenade.mdl'));

  it('draws a progress bar on a TTY instead of one line per file, then the summary', async () => {
    let bar = '';
    let stdout = '';
    let stderr = '';
    const tty = Object.assign(new (await import('node:stream')).Writable({ write: (chunk, _enc, done) => ((bar += String(chunk)), done()) }), { isTTY: true, columns: 120 });
    const code = await runCli(['batch', input, '--out', path.join(tmp, 'tty'), '--jobs', jobs], {
      out: (t) => (stdout += t),
      err: (t) => (stderr += t),
      isTTY: true,
      progress: tty,
    });
    expect(code).toBe(1);
    expect(bar).toMatch(/relic3d batch .* 3\/3/);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/relic3d batch: 3 models, 2 converted, 1 failed/);
    expect(stdout).toMatch(/^total\s+3\s+2\s+1$/m);
  });

  it('prints one plain line per file otherwise', async () => {
    const { code, stderr } = await run('batch', input, '--out', path.join(tmp, 'plain'), '--jobs', jobs);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.filter((l) => /^\[\d\/3\] ok {3}/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /^\[\d\/3\] FAIL mdl {2}grenade\.mdl : .*Quake 1 MDL/.test(l))).toHaveLength(1);
  });

  it('--quiet prints only the failures, and the exit code still says a file failed', async () => {
    const { code, stdout, stderr } = await run('--quiet', 'batch', input, '--out', path.join(tmp, 'quiet'), '--jobs', jobs);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^FAIL grenade\.mdl: .*Quake 1 MDL \(IDPO v6\)/)]);
    expect(existsSync(path.join(tmp, 'quiet', 'tbone.glb'))).toBe(true);
  });
});
