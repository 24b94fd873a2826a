// glTF in: `relic3d convert model.gltf|glb OUT` reads through fromGltf with the input folder's
// contained resolver (its .bin and images beside it, nothing outside the root).
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from 'relic3d/node';
import { sceneFacts } from '@relic3d/scene-facts';
import { corpus, hasCorpus, io, run } from '../cli-helpers.js';
import { tmp } from '../run-cli.js';

const trianglesOf = async (file: string) => {
  let n = 0;
  for (const node of (await io.read(file)).getRoot().listNodes()) for (const p of node.getMesh()?.listPrimitives() ?? []) n += p.getIndices()!.getCount() / 3;
  return n;
};

describe.runIf(hasCorpus)('relic3d convert: glTF input', () => {
  it('.gltf with its .bin beside → .glb, and .glb → .gltf: the triangles of the source', async () => {
    const dir = tmp('gltf-in');
    const source = corpus('o3d', 'mvr_AiBatt.o3d');
    const expected = sceneFacts(await parseFile(source));
    expect((await run('convert', source, path.join(dir, 'a', 'bat.gltf'))).code).toBe(0);
    const glb = await run('convert', path.join(dir, 'a', 'bat.gltf'), path.join(dir, 'b', 'bat.glb'));
    expect(glb.code, glb.stderr).toBe(0);
    expect(glb.stdout).toMatch(/bat\.gltf \(gltf\) → .*bat\.glb: \d+ bytes; 1 mesh, 496 triangles, 2 clips/);
    expect(await trianglesOf(path.join(dir, 'b', 'bat.glb'))).toBe(expected.triangles);
    const back = await run('convert', path.join(dir, 'b', 'bat.glb'), path.join(dir, 'c', 'bat.gltf'), '--json');
    expect(back.code, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ ok: true, inputFormat: 'gltf', format: 'gltf', triangles: 496, clips: 2 });
    expect(await trianglesOf(path.join(dir, 'c', 'bat.gltf'))).toBe(expected.triangles);
  });

  it('never reads a buffer the .gltf names outside its folder (the root): the conversion fails instead', async () => {
    const dir = tmp('gltf-outside');
    expect((await run('convert', corpus('o3d', 'mvr_AiBatt.o3d'), path.join(dir, 'made', 'bat.gltf'))).code).toBe(0);
    mkdirSync(path.join(dir, 'models'));
    // The buffer sits one folder up; the .gltf names it with '..'.
    renameSync(path.join(dir, 'made', 'bat.bin'), path.join(dir, 'bat.bin'));
    const json = JSON.parse(readFileSync(path.join(dir, 'made', 'bat.gltf'), 'utf8'));
    json.buffers[0].uri = '../bat.bin';
    writeFileSync(path.join(dir, 'models', 'bat.gltf'), JSON.stringify(json));
    const outside = await run('convert', path.join(dir, 'models', 'bat.gltf'), path.join(dir, 'out', 'bat.glb'));
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(/^error: .*bat\.gltf: gltf: buffers\[0\]: expected the buffer '\.\.\/bat\.bin', found the resolver did not find it\n.*\[MISSING_COMPANION\]/);
    // With --root widened to hold it, the same file converts.
    cpSync(path.join(dir, 'models', 'bat.gltf'), path.join(dir, 'models', 'bat2.gltf'));
    const widened = await run('convert', path.join(dir, 'models', 'bat2.gltf'), path.join(dir, 'out', 'bat2.glb'), '--root', dir);
    expect(widened.code, widened.stderr).toBe(0);
  });
});
