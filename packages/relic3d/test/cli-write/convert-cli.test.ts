// `relic3d convert` to legacy formats, with the writer's output made up (a spy): usage errors,
// refusals, containment, texture copies, warning summaries and --json. Real writers: convert-roundtrip.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aseWriter, ms3dWriter, WriteError, type Scene, type WriteOptions, type WriteResult } from 'relic3d';
import { corpus, hasCorpus, run } from '../cli-helpers.js';
import { tmp } from '../run-cli.js';
import { bytes, listFiles } from './helpers.js';

const JEEP = ['assimp__jeep1.ms3d', 'assimp__jeep1.jpg'];

/** A folder holding jeep1.ms3d and the jeep1.jpg it names. */
function jeepFolder(): string {
  const dir = tmp('convert-cli');
  cpSync(corpus('ms3d', JEEP[0]), path.join(dir, 'in', 'jeep1.ms3d'));
  cpSync(corpus('ms3d', JEEP[1]), path.join(dir, 'in', 'jeep1.jpg'));
  return dir;
}

/** Makes `writer.write` return these files (by the name it is given) and warnings. */
function fake(writer: typeof ms3dWriter, files: (name: string) => Record<string, Uint8Array>, warnings: WriteResult['warnings'] = []) {
  return vi.spyOn(writer, 'write').mockImplementation((_scene: Scene, options: WriteOptions = {}) => ({ files: files(options.name ?? 'model'), warnings }));
}

afterEach(() => vi.restoreAllMocks());

describe.runIf(hasCorpus)('relic3d convert: usage errors', () => {
  it('names the formats when the output extension is none of them; --format must be one (exit 2)', async () => {
    const dir = jeepFolder();
    const obj = await run('convert', path.join(dir, 'in', 'jeep1.ms3d'), path.join(dir, 'out.obj'));
    expect(obj.code).toBe(2);
    expect(obj.stderr).toContain('no format to write: the output must end in .glb, .gltf, .ms3d, .ase, .o3d, .mdl, .lod (or be a folder), or give --format');
    const format = await run('convert', path.join(dir, 'in', 'jeep1.ms3d'), '--format', 'obj');
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/argument 'obj' is invalid\. Allowed choices are glb, gltf, ms3d, ase, o3d, mdl, lod/);
  });

  it('refuses --lod/--animation for a legacy output (exit 2) and an output that is the input (exit 1)', async () => {
    const dir = jeepFolder();
    const input = path.join(dir, 'in', 'jeep1.ms3d');
    const lod = await run('convert', input, path.join(dir, 'x.ase'), '--lod', '0');
    expect(lod.code).toBe(2);
    expect(lod.stderr).toContain('--lod and --animation choose what a glTF output holds; ase is written whole');
    const same = await run('convert', input, input, '--force');
    expect(same.code).toBe(1);
    expect(same.stderr).toContain(`refusing to write '${input}': it is the input`);
    // --format ms3d without OUT: <name>.ms3d beside the input, which is the input.
    expect((await run('convert', input, '--format', 'ms3d')).code).toBe(1);
    expect(listFiles(dir)).toEqual(['in/jeep1.jpg', 'in/jeep1.ms3d']);
  });
});

describe.runIf(hasCorpus)('relic3d convert: what a writer returns', () => {
  it('a WriteError is a clear message and exit 1, in text and in --json, and nothing is written', async () => {
    const dir = jeepFolder();
    vi.spyOn(aseWriter, 'write').mockImplementation(() => {
      throw new WriteError({ format: 'ase', code: 'OVER_LIMIT', limit: 'vertices', value: 70000, max: 65534, where: "mesh 'body'" });
    });
    const out = path.join(dir, 'out', 'jeep.ase');
    const text = await run('convert', path.join(dir, 'in', 'jeep1.ms3d'), out);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe(
      `error: ${out}: ase: 70000 vertices exceed the format's limit of 65534 by 4466 (mesh 'body')\n` +
        `  format ase, vertices: the scene has 70000, the format allows 65534 (mesh 'body') [OVER_LIMIT]\n`,
    );
    const json = await run('convert', path.join(dir, 'in', 'jeep1.ms3d'), out, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      input: path.join(dir, 'in', 'jeep1.ms3d'),
      output: out,
      format: 'ase',
      error: { name: 'WriteError', message: expect.stringContaining('70000 vertices'), code: 'OVER_LIMIT', format: 'ase', limit: 'vertices', value: 70000, max: 65534, where: "mesh 'body'" },
    });
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it('a crafted file name from the writer cannot leave the output folder (exit 1, nothing written)', async () => {
    for (const bad of ['../escape.ms3d', '..\\escape.ms3d', '../../escape.ms3d', '/tmp/escape.ms3d', '..']) {
      const dir = jeepFolder();
      fake(ms3dWriter, (name) => ({ [`${name}.ms3d`]: bytes('model'), [bad]: bytes('evil') }));
      const result = await run('convert', path.join(dir, 'in', 'jeep1.ms3d'), path.join(dir, 'out', 'jeep.ms3d'));
      expect(result.code, bad).toBe(1);
      expect(result.stderr).toContain(`refusing the file name '${bad}'`);
      expect(listFiles(dir), bad).toEqual(['in/jeep1.jpg', 'in/jeep1.ms3d']);
      vi.restoreAllMocks();
    }
  });

  it("writes every file the writer returns into the output folder, the textures beside the input copied, and says so", async () => {
    const dir = jeepFolder();
    const spy = fake(ms3dWriter, (name) => ({ [`${name}.ms3d`]: bytes('model'), [`${name}.extra`]: bytes('companion') }));
    const input = path.join(dir, 'in', 'jeep1.ms3d');
    const out = path.join(dir, 'out', 'Jeep.MS3D');
    const result = await run('convert', input, out);
    expect(result.code, result.stderr).toBe(0);
    expect(spy.mock.calls[0]![1]).toMatchObject({ name: 'Jeep' });
    const jpg = readFileSync(corpus('ms3d', JEEP[1])).length;
    expect(result.stdout).toBe(
      `${input} (ms3d) → ${out} (ms3d): ${5 + 9 + jpg} bytes in 3 files; 1 mesh, 2032 triangles, 0 clips, 0 warnings\n` +
        `  with Jeep.extra (9 bytes)\n` +
        `  textures copied beside it from the input's folder (--no-copy-textures to not): jeep1.jpg (${jpg} bytes)\n`,
    );
    expect(listFiles(dir)).toEqual(['in/jeep1.jpg', 'in/jeep1.ms3d', 'out/Jeep.MS3D', 'out/Jeep.extra', 'out/jeep1.jpg']);
    expect(readFileSync(path.join(dir, 'out', 'jeep1.jpg')).equals(readFileSync(corpus('ms3d', JEEP[1])))).toBe(true);

    const off = await run('convert', input, path.join(dir, 'off', 'jeep.ms3d'), '--no-copy-textures');
    expect(off.stdout).toContain('  textures not copied (--no-copy-textures)\n');
    expect(listFiles(path.join(dir, 'off'))).toEqual(['jeep.extra', 'jeep.ms3d']);
    // Beside the input, the texture is already where the model looks: nothing to copy or say.
    const beside = await run('convert', input, path.join(dir, 'in', 'copy.ms3d'));
    expect(beside.stdout).not.toMatch(/texture/);
    expect(listFiles(path.join(dir, 'in'))).toEqual(['copy.extra', 'copy.ms3d', 'jeep1.jpg', 'jeep1.ms3d']);
  });

  it('summarises warnings by code (--verbose lists each) and prints every file and warning with --json', async () => {
    const dir = jeepFolder();
    const warnings = [1, 2, 3].map((i) => ({ code: 'WRITE_NAME_TRUNCATED', message: `name ${i} cut`, format: 'ms3d' }));
    fake(ms3dWriter, (name) => ({ [`${name}.ms3d`]: bytes('model') }), [...warnings, { code: 'MS3D_WRITE_MORPHS', message: 'morphs left out', format: 'ms3d' }]);
    const input = path.join(dir, 'in', 'jeep1.ms3d');
    const out = path.join(dir, 'out', 'jeep.ms3d');
    const text = await run('convert', input, out, '--no-copy-textures');
    expect(text.stdout.split('\n').slice(1)).toEqual([
      '  textures not copied (--no-copy-textures)',
      '  ms3d WRITE_NAME_TRUNCATED (3×, the first): name 1 cut',
      '  ms3d MS3D_WRITE_MORPHS: morphs left out',
      '',
    ]);
    expect(text.stdout).toMatch(/, 4 warnings\n/);
    // A second run into the same output is refused (exit 1, nothing changed) unless --force.
    const again = await run('convert', input, out, '--no-copy-textures');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`refusing to replace '${out}': it exists and this run did not create it (--force replaces it)`);
    expect(readFileSync(out, 'utf8')).toBe('model');
    const verbose = await run('--verbose', 'convert', input, out, '--no-copy-textures', '--force');
    expect(verbose.stdout).toContain('  ms3d WRITE_NAME_TRUNCATED: name 1 cut\n  ms3d WRITE_NAME_TRUNCATED: name 2 cut\n  ms3d WRITE_NAME_TRUNCATED: name 3 cut\n');
    const json = await run('convert', input, out, '--json', '--force');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ ok: true, input, inputFormat: 'ms3d', output: out, format: 'ms3d', meshes: 1, triangles: 2032, clips: 0, lod: null, texturesNotCopied: [] });
    expect(report.files).toEqual([
      { path: path.join(dir, 'out', 'jeep.ms3d'), bytes: 5, role: 'model' },
      { path: path.join(dir, 'out', 'jeep1.jpg'), bytes: readFileSync(corpus('ms3d', JEEP[1])).length, role: 'texture' },
    ]);
    expect(report.warnings.map((w: { code: string }) => w.code)).toEqual(['WRITE_NAME_TRUNCATED', 'WRITE_NAME_TRUNCATED', 'WRITE_NAME_TRUNCATED', 'MS3D_WRITE_MORPHS']);
    // --quiet prints nothing on success.
    expect((await run('--quiet', 'convert', input, out, '--force')).stdout).toBe('');
  });

  it('--format writes the main file under the name given, and a folder output gets <name>.<format>', async () => {
    const dir = jeepFolder();
    fake(ms3dWriter, (name) => ({ [`${name}.ms3d`]: bytes('model') }));
    const input = path.join(dir, 'in', 'jeep1.ms3d');
    expect((await run('convert', input, path.join(dir, 'out', 'jeep.bin'), '--format', 'ms3d', '--no-copy-textures')).code).toBe(0);
    expect((await run('convert', input, path.join(dir, 'folder') + path.sep, '--format', 'ms3d', '--no-copy-textures')).code).toBe(0);
    expect(listFiles(dir)).toEqual(['folder/jeep1.ms3d', 'in/jeep1.jpg', 'in/jeep1.ms3d', 'out/jeep.bin']);
  });
});
