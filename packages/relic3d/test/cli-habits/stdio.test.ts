// Issue 30 item 5: `-` is standard input (`info -`, `convert - OUT`) or standard output (`convert IN - --to glb`).
// The bin reads its real stdin (info -), writes binary to its real stdout (convert IN -) and both; the other
// cases run the same runCli in-process with the bytes given as stdin (inProcessCli).
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIO } from '@relic3d/gltf';
import { corpus, hasCorpus } from '../cli-helpers.js';
import { inProcessCli, spawnCli, text } from './spawn-cli.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

// MANIFEST facts: jeep1.ms3d 2032 triangles, texture ".\\jeep1.jpg" (512×512 JPEG beside it);
// twospheres.ms3d 240 triangles, no material; mvr_AiBatt.o3d 496 faces, skeleton mvr_AiBatt.chr.
const triangles = async (glb: Uint8Array) => {
  const doc = await createIO().readBinary(glb);
  let n = 0;
  for (const mesh of doc.getRoot().listMeshes()) for (const p of mesh.listPrimitives()) n += (p.getIndices()?.getCount() ?? 0) / 3;
  return n;
};

describe.runIf(hasCorpus)('standard input and output', () => {
  const dir = scratchFolder('stdio');
  const jeep = readFileSync(corpus('ms3d', 'assimp__jeep1.ms3d'));
  const spheres = readFileSync(corpus('ms3d', 'assimp__twospheres.ms3d'));

  it('info - detects the format from the bytes; the texture it names is reported once as not findable', async () => {
    const r = await spawnCli(['info', '-', '--json'], { stdin: jeep });
    expect(r.code, r.stderr).toBe(0);
    const info = JSON.parse(text(r));
    expect(info).toMatchObject({ format: 'ms3d', triangles: 2032, textureFiles: [{ found: false }] });
    const stdin = info.warnings.filter((w: { code: string }) => w.code === 'CLI_STDIN_NO_COMPANIONS');
    expect(stdin).toHaveLength(1);
    expect(stdin[0].message).toContain('jeep1.jpg');
    expect(stdin[0].message).toContain('--companions');
  });

  it('info - --companions DIR finds the texture there', async () => {
    const textures = mkdtempSync(path.join(dir, 'tex-'));
    copyFileSync(corpus('ms3d', 'assimp__jeep1.jpg'), path.join(textures, 'jeep1.jpg'));
    const r = await inProcessCli(['info', '-', '--json', '--companions', textures], { stdin: jeep });
    expect(r.code, r.stderr).toBe(0);
    const info = JSON.parse(text(r));
    expect(info.textureFiles).toEqual([expect.objectContaining({ found: true })]);
    expect(info.warnings.map((w: { code: string }) => w.code)).not.toContain('CLI_STDIN_NO_COMPANIONS');
  });

  it('info - --format names the parser (an ase parser refuses MilkShape bytes); human text names <stdin>', async () => {
    expect((await inProcessCli(['info', '-', '--format', 'ase'], { stdin: spheres })).code).toBe(1);
    const r = await inProcessCli(['info', '-', '--format', 'ms3d'], { stdin: spheres });
    expect(r.code, r.stderr).toBe(0);
    expect(text(r)).toMatch(/^file\s+<stdin>$/m);
    expect(text(r)).toMatch(/240 triangles/);
  });

  it('an o3d on stdin: its .chr is named as not findable', async () => {
    const r = await inProcessCli(['info', '-', '--json'], { stdin: readFileSync(corpus('o3d', 'mvr_AiBatt.o3d')) });
    expect(r.code, r.stderr).toBe(0);
    const info = JSON.parse(text(r));
    expect(info.triangles).toBe(496);
    expect(info.warnings.find((w: { code: string }) => w.code === 'CLI_STDIN_NO_COMPANIONS')?.message).toMatch(/mvr_AiBatt\.chr/i);
  });

  it('convert - out.glb --format ms3d reads stdin (the output name says what is written)', async () => {
    const out = path.join(dir, 'spheres.glb');
    const r = await inProcessCli(['convert', '-', out, '--format', 'ms3d'], { stdin: spheres });
    expect(r.code, r.stderr).toBe(0);
    expect(text(r)).toMatch(/^<stdin> \(ms3d\) → .*spheres\.glb: \d+ bytes; /);
    expect(await triangles(new Uint8Array(readFileSync(out)))).toBe(240);
  });

  it('convert IN - --to glb writes the .glb alone on stdout, the summary on stderr', async () => {
    const r = await spawnCli(['convert', corpus('ms3d', 'assimp__twospheres.ms3d'), '-', '--to', 'glb']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(r.stdout.readUInt32LE(8)).toBe(r.stdout.length); // the header's length: nothing else on stdout
    expect(await triangles(new Uint8Array(r.stdout))).toBe(240);
    expect(r.stderr).toMatch(/→ <stdout>: \d+ bytes; /);
  });

  it('stdin to stdout: ms3d in, ms3d out (one file)', async () => {
    const r = await spawnCli(['convert', '-', '-', '--to', 'ms3d'], { stdin: spheres });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.subarray(0, 10).toString('latin1')).toBe('MS3D000000');
  });

  it('usage errors (exit 2): - without --to, a format of several files, - in without an output name', async () => {
    const noTo = await inProcessCli(['convert', corpus('ms3d', 'assimp__twospheres.ms3d'), '-']);
    expect(noTo.code).toBe(2);
    expect(noTo.stderr).toContain('--to');
    const several = await inProcessCli(['convert', corpus('o3d', 'mvr_AiBatt.o3d'), '-', '--to', 'o3d']);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/o3d writes \d+ \(.*\.chr/);
    expect(several.stdout.length).toBe(0);
    expect((await inProcessCli(['convert', '-'], { stdin: spheres })).code).toBe(2);
    expect(existsSync(path.join(dir, '-.glb'))).toBe(false);
  });
});
