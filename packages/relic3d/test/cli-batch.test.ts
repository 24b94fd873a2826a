// `relic3d batch` on small folders: companion .mat and TGA files, the worker pool, output modes.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { hasCorpus, io, batchWorker, jobs, run, corpus } from './cli-helpers.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

describe.runIf(hasCorpus)('relic3d batch with companions', () => {
  it('an Ultra model finds its .mat beside it, and the .mat its TGA texture (embedded as PNG)', async () => {
    const tmp = scratchFolder('mat');
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
    const tmp = scratchFolder('workers');
    for (const file of ['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani']) cpSync(corpus('o3d', file), path.join(tmp, 'in', file));
    cpSync(corpus('ms3d', 'hiero__TBone.ms3d'), path.join(tmp, 'in', 'tbone.ms3d'));
    const { code, stdout } = await run('batch', path.join(tmp, 'in'), '--out', path.join(tmp, 'out'), '--jobs', '2');
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/2 models, 2 converted, 0 failed, 3 other files skipped/);
    const doc = await io.read(path.join(tmp, 'out', 'mvr_AiBatt.glb'));
    expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort()).toEqual(['stand', 'walk']);
  });
});

describe.runIf(hasCorpus)('relic3d batch output modes', () => {
  const tmp = scratchFolder('modes');
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
