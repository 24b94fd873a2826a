// Issue 26 (outputs): `relic3d convert`, the built bin, from every format into every format in a
// folder full of decoys, changes no file but its outputs. Each source × target is first converted
// in a clean folder to learn every file it writes; then the same conversion runs in a folder holding
// a decoy under each of those companion names, plus victim.txt, .env, CON.png, model.glb and links
// to the input. The folder is hashed before and after: no entry that was there may change.
// The built bin runs (relative names, in the folder) once per behaviour: ms3d → glb is written among
// decoys and refused for an output that is its input through a symlink, o3d → o3d is refused for a
// taken companion and for an output that is its input through a hard link; every other conversion
// (and the other link of those two) runs the same CLI in-process on absolute names, with the same checks.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, linkSync, lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../batch/test/built.js';
import { corpus, hasCorpus, run } from '../cli-helpers.js';
import { tmp } from '../run-cli.js';

const bin = path.resolve(import.meta.dirname, '../../dist/cli.js');

/** Each source: its corpus folder, the model and the companions it reads, and the name it gets here. */
const SOURCES = [
  { id: 'ms3d', files: [['ms3d', 'assimp__jeep1.ms3d', 'jeep1.ms3d'], ['ms3d', 'assimp__jeep1.jpg', 'jeep1.jpg']] },
  { id: 'ase', files: [['ase', 'assimp__RotatingCube.ASE', 'cube.ase']] },
  { id: 'o3d', files: [['o3d', 'mvr_AiBatt.o3d', 'mvr_AiBatt.o3d'], ['o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt.chr'], ['o3d', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_stand.ani'], ['o3d', 'mvr_AiBatt_walk.ani', 'mvr_AiBatt_walk.ani']] },
  { id: 'mdl', files: [['mdl', 'circuitchaos__door_double_window_v300.mdl', 'door.mdl']] },
  { id: 'lod', files: [['lod', 'xtreme3d__TRINITYrage.lod', 'trinity.lod']] },
] as const;
const TARGETS = ['glb', 'ms3d', 'ase', 'o3d', 'mdl', 'lod'];

/** Every entry under `dir` → a hash of what it is: a file's bytes, a link's target, a folder. */
function snapshot(dir: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    const full = path.join(dir, rel);
    const st = lstatSync(full);
    if (entry.isSymbolicLink()) out.set(rel, `link:${readlinkSync(full)}`);
    else if (entry.isDirectory()) for (const [k, v] of snapshot(dir, `${rel}/`)) out.set(k, v);
    else out.set(rel, `file:${st.ino}:${createHash('sha256').update(readFileSync(full)).digest('hex')}`);
  }
  return out;
}

function spawnCli(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Source → target conversions that run through the built bin; the rest run in-process (~0.3 CPU-s less each). */
const SPAWNED = new Set(['ms3d → glb', 'o3d → o3d']);
/** The link each spawned conversion's bin is refused through (one bin run per kind of link). */
const SPAWNED_LINK: Record<string, 'alias' | 'hard'> = { 'ms3d → glb': 'alias', 'o3d → o3d': 'hard' };
/** What the spawned conversions met: the last test checks both behaviours went through the bin. */
const spawnedMet = new Set<string>();

/** `relic3d convert …` in `cwd`: the built bin on relative names, or in-process on names made absolute. */
function convertIn(spawned: boolean, cwd: string, input: string, output: string, ...flags: string[]) {
  return spawned ? spawnCli(cwd, 'convert', input, output, ...flags) : run('convert', path.join(cwd, input), path.join(cwd, output), ...flags);
}

/** A folder holding one source's files under their local names. */
function sourceFolder(name: string, source: (typeof SOURCES)[number] | { files: readonly (readonly [string, string, string])[] }, extra: Record<string, string> = {}): string {
  const dir = tmp(name);
  for (const [folder, file, local] of source.files) cpSync(corpus(folder, file), path.join(dir, local));
  // The door names door_double_window.mat (MANIFEST), which the corpus lacks: one made here, so the mdl writer writes its .mat.
  if (source.files[0]?.[2] === 'door.mdl') writeFileSync(path.join(dir, 'door_double_window.mat'), JSON.stringify({ material: { color: [1, 0, 0, 1] } }));
  for (const [file, from] of Object.entries(extra)) cpSync(from, path.join(dir, file));
  return dir;
}

describe.runIf(hasCorpus)('relic3d convert among decoys changes nothing but its outputs', () => {
  let glbSource: string;
  beforeAll(async () => {
    ensureBuilt();
    // The fifth source: a glTF made from a Flyff monster (two clips, a skeleton).
    const dir = sourceFolder('decoys-glb', SOURCES[2]);
    const made = await run('convert', path.join(dir, 'mvr_AiBatt.o3d'), path.join(dir, 'bat.glb'));
    expect(made.code, made.stderr).toBe(0);
    glbSource = path.join(dir, 'bat.glb');
  }, 900_000);

  const cases = [...SOURCES.map((s) => ({ id: s.id, source: s })), { id: 'glb', source: undefined }];
  for (const { id, source } of cases) {
    it(`${id} → ${TARGETS.join(', ')}`, async () => {
      const setup = () => (source ? sourceFolder(`decoys-${id}`, source) : sourceFolder(`decoys-${id}`, { files: [] }, { 'bat.glb': glbSource }));
      const input = source ? source.files[0][2] : 'bat.glb';
      let refused = 0;
      for (const target of TARGETS) {
        // 1. A clean folder: every file this conversion writes.
        const clean = setup();
        const untouched = snapshot(clean);
        const first = await run('convert', path.join(clean, input), path.join(clean, `model.${target}`), '--json');
        const own = /refusing to replace '.*[\\/]([^\\/]+)': it exists/.exec(first.stderr)?.[1];
        if (first.code === 1 && own && untouched.has(own)) {
          // The writer names a companion like one of the input's own (mdl → mdl: the door's .mat): refused, nothing changed.
          expect(snapshot(clean)).toEqual(untouched);
          refused++;
          continue;
        }
        expect(first.code, `${id} → ${target}: ${first.stderr}`).toBe(0);
        const names = (JSON.parse(first.stdout).files as { path: string }[]).map((f) => path.basename(f.path));
        expect(names[0]).toBe(`model.${target}`);

        // 2. The same conversion among decoys: each companion name taken, and the usual victims.
        const dir = setup();
        const decoys = [...names.slice(1), 'victim.txt', '.env', 'CON.png', 'model.glb', 'model.bin', 'model.chr', 'model.mat', 'model_walk.ani', 'model_texture0.png'];
        for (const name of decoys) if (name !== `model.${target}`) writeFileSync(path.join(dir, name), `decoy ${name}`);
        symlinkSync(input, path.join(dir, `alias${path.extname(input)}`));
        linkSync(path.join(dir, input), path.join(dir, `hard${path.extname(input)}`));
        const before = snapshot(dir);
        const spawned = SPAWNED.has(`${id} → ${target}`);
        const second = await convertIn(spawned, dir, input, `model.${target}`);
        const after = snapshot(dir);
        for (const [entry, hash] of before) expect(after.get(entry), `${id} → ${target}: ${entry} changed`).toBe(hash);
        const added = [...after.keys()].filter((k) => !before.has(k));
        if (names.length > 1) {
          // A companion's name is taken: refused, naming it, and nothing written (no temporaries left either).
          expect(second.code, `${id} → ${target}`).toBe(1);
          expect(second.stderr).toMatch(/refusing to replace '.*': it exists and this run did not create it \(--force replaces it\) \[OUTPUT_EXISTS\]/);
          expect(added, `${id} → ${target}`).toEqual([]);
          refused++;
          if (spawned) spawnedMet.add('refused');
        } else {
          expect(second.code, `${id} → ${target}: ${second.stderr}`).toBe(0);
          expect(added).toEqual([`model.${target}`]);
          if (spawned) spawnedMet.add('written');
        }

        // 3. The output is the input through a symlink or a hard link: refused even with --force.
        for (const link of ['alias', 'hard'] as const) {
          const alias = `${link}${path.extname(input)}`;
          const throughBin = spawned && SPAWNED_LINK[`${id} → ${target}`] === link;
          const same = await convertIn(throughBin, dir, input, alias, '--format', target, '--force');
          expect(same.code, `${id} → ${target} into ${alias}`).toBe(1);
          expect(same.stderr).toContain('[OUTPUT_IS_INPUT]');
          if (throughBin) spawnedMet.add(`input through ${link === 'alias' ? 'a symlink' : 'a hard link'}`);
        }
        expect(snapshot(dir)).toEqual(after);
      }
      // The glTF and o3d/mdl targets write companions for these sources, so the decoys are met.
      expect(refused, id).toBeGreaterThan(0);
    }, 600_000);
  }

  it('the built bin wrote among decoys, refused a taken companion, and refused its input through each kind of link', () => {
    expect([...spawnedMet].sort()).toEqual(['input through a hard link', 'input through a symlink', 'refused', 'written']);
  });
});
