// `relic3d convert/batch --optimize`: smaller, Khronos-valid .glb files with the plain conversion's
// triangles and clips; presets, --compress and --no-<step> flags; usage errors; batch workers too.
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validator from 'gltf-validator';
import { createOptimizeIO, OPTIMIZE_COMPRESSIONS, OPTIMIZE_PRESET_NAMES } from '@relic3d/gltf';
import { COMPRESSIONS, PRESET_NAMES } from '../src/cli/optimize-options.js';
import { batchWorker, corpus, hasCorpus, jobs, run } from './cli-helpers.js';
import { tmp } from './run-cli.js';

/** The .glb at `file` read with the decoders its extensions need; with its extensions, triangles and clip names. */
async function readOptimized(file: string) {
  const bytes = new Uint8Array(readFileSync(file));
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  const extensions: string[] = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length))).extensionsUsed ?? [];
  const doc = await (await createOptimizeIO({ extensionsUsed: extensions })).readBinary(bytes);
  let triangles = 0;
  for (const node of doc.getRoot().listNodes()) for (const p of node.getMesh()?.listPrimitives() ?? []) triangles += (p.getIndices()?.getCount() ?? p.getAttribute('POSITION')!.getCount()) / 3;
  const report = await validator.validateBytes(bytes, { maxIssues: 50 });
  return { bytes: bytes.byteLength, extensions, triangles, clips: doc.getRoot().listAnimations().map((a) => a.getName()).sort(), errors: report.issues.numErrors };
}

it("offers @relic3d/gltf's presets and compressions, restated so the CLI starts without glTF-Transform", () => {
  expect(PRESET_NAMES).toEqual(OPTIMIZE_PRESET_NAMES);
  expect(COMPRESSIONS).toEqual(OPTIMIZE_COMPRESSIONS);
});

describe.runIf(hasCorpus)('relic3d convert --optimize', () => {
  const out = tmp('optimize');
  const model = corpus('o3d', 'mvr_AiBatt.o3d');

  it('writes a smaller, valid .glb with meshopt, the same 496 triangles and clips stand + walk (MANIFEST)', async () => {
    expect((await run('convert', model, path.join(out, 'plain.glb'))).code).toBe(0);
    const { code, stderr } = await run('convert', model, path.join(out, 'web.glb'), '--optimize');
    expect(code, stderr).toBe(0);
    const plain = await readOptimized(path.join(out, 'plain.glb'));
    const web = await readOptimized(path.join(out, 'web.glb'));
    expect(web.errors).toBe(0);
    expect(web.bytes).toBeLessThan(plain.bytes * 0.7);
    expect(web.extensions).toEqual(expect.arrayContaining(['EXT_meshopt_compression', 'KHR_mesh_quantization']));
    expect(web.triangles).toBe(496);
    expect(plain.triangles).toBe(496);
    expect(web.clips).toEqual(['stand', 'walk']);
  });

  it.each([
    [['--optimize', '--compress', 'draco'], ['KHR_draco_mesh_compression'], ['EXT_meshopt_compression']],
    [['--optimize=size'], ['EXT_meshopt_compression'], []],
    [['--optimize=fast', '--no-quantize'], ['EXT_meshopt_compression'], ['KHR_mesh_quantization']],
    [['--optimize', '--compress', 'none', '--no-weld', '--no-dedup'], ['KHR_mesh_quantization'], ['EXT_meshopt_compression', 'KHR_draco_mesh_compression']],
  ])('%j: uses %j, not %j, keeps the facts', async (flags, uses, avoids) => {
    const file = path.join(out, `${flags.join('').replace(/\W+/g, '_')}.glb`);
    const { code, stderr } = await run('convert', model, file, ...flags);
    expect(code, stderr).toBe(0);
    const web = await readOptimized(file);
    expect(web.errors).toBe(0);
    for (const e of uses) expect(web.extensions).toContain(e);
    for (const e of avoids) expect(web.extensions).not.toContain(e);
    expect(web.triangles).toBe(496);
    expect(web.clips).toEqual(['stand', 'walk']);
  });

  it.each([
    [['--no-weld'], /--no-weld: only with --optimize/],
    [['--compress', 'draco'], /--compress: only with --optimize/],
    [['--optimize=tiny'], /'tiny' is no preset \(default, size, fast\)/],
    [['--optimize', '--compress', 'zip'], /Allowed choices are meshopt, draco, none/],
  ])('%j is a usage error (exit 2), nothing written', async (flags, message) => {
    const file = path.join(out, 'refused.glb');
    const { code, stderr } = await run('convert', model, file, ...flags);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(existsSync(file)).toBe(false);
  });

  it('an output named after --optimize is not taken for a preset silently: it says how to write it', async () => {
    const { code, stderr } = await run('convert', model, '--optimize', path.join(out, 'after.glb'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/write --optimize=default OUTPUT, or put OUTPUT first/);
  });

  it('a .gltf output is optimised too: JSON + .bin, meshopt-compressed, the same triangles and clips', async () => {
    const file = path.join(out, 'gltf', 'bat.gltf');
    const { code, stderr } = await run('convert', model, file, '--optimize');
    expect(code, stderr).toBe(0);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    expect(json.extensionsUsed).toEqual(expect.arrayContaining(['EXT_meshopt_compression', 'KHR_mesh_quantization']));
    expect(json.buffers.map((b: { uri?: string }) => b.uri)).toContain('bat.bin');
    const resources = { 'bat.bin': new Uint8Array(readFileSync(path.join(out, 'gltf', 'bat.bin'))) };
    const doc = await (await createOptimizeIO({ extensionsUsed: json.extensionsUsed })).readJSON({ json, resources });
    let triangles = 0;
    for (const node of doc.getRoot().listNodes()) for (const p of node.getMesh()?.listPrimitives() ?? []) triangles += (p.getIndices()?.getCount() ?? 0) / 3;
    expect(triangles).toBe(496);
    expect(doc.getRoot().listAnimations().map((a) => a.getName()).sort()).toEqual(['stand', 'walk']);
  });

  it('a legacy output with --optimize is a usage error', async () => {
    const { code, stderr } = await run('convert', model, path.join(out, 'x.ms3d'), '--optimize');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--optimize writes glTF \(\.glb, \.gltf\)/);
  });
});

describe.runIf(hasCorpus)('relic3d batch --optimize', () => {
  const input = tmp('optimize-batch-in');
  for (const file of ['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani']) cpSync(corpus('o3d', file), path.join(input, file));
  mkdirSync(path.join(input, 'ms3d'));
  cpSync(corpus('ms3d', 'assimp__Wuson.ms3d'), path.join(input, 'ms3d', 'wuson.ms3d'));

  const modes = [{ label: 'on the main thread', jobCount: jobs, again: '; run again, it replaces its own files' }];
  if (existsSync(batchWorker)) modes.push({ label: 'in worker threads', jobCount: '1', again: '' });
  it.each(modes)('$label: every .glb optimised with the facts kept (Wuson: 3732 triangles, MANIFEST)$again', async ({ jobCount, again: runAgain }) => {
    const out = tmp('optimize-batch-out');
    const first = await run('batch', input, '--out', out, '--jobs', jobCount, '--optimize');
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/2 models, 2 converted, 0 failed/);
    const batt = await readOptimized(path.join(out, 'mvr_AiBatt.glb'));
    const wuson = await readOptimized(path.join(out, 'ms3d', 'wuson.glb'));
    for (const r of [batt, wuson]) {
      expect(r.errors).toBe(0);
      expect(r.extensions).toContain('EXT_meshopt_compression');
    }
    expect(batt.triangles).toBe(496);
    expect(batt.clips).toEqual(['stand', 'walk']);
    expect(wuson.triangles).toBe(3732);
    // Run again on the main thread only: whether a file is relic3d's own is one check (batch's output.ts)
    // in either mode, and a second worker batch reloaded glTF-Transform's encoders for it.
    if (!runAgain) return;
    // The optimised files still name relic3d as their writer, so a second run may replace them.
    const before = statSync(path.join(out, 'mvr_AiBatt.glb')).mtimeMs;
    const again = await run('batch', input, '--out', out, '--jobs', jobCount, '--optimize');
    expect(again.code, again.stdout).toBe(0);
    expect(statSync(path.join(out, 'mvr_AiBatt.glb')).mtimeMs).toBeGreaterThanOrEqual(before);
  }, 120_000);

  it('--no-weld without --optimize is a usage error before any file is converted', async () => {
    const out = tmp('optimize-batch-usage');
    const { code, stderr } = await run('batch', input, '--out', out, '--jobs', jobs, '--no-weld');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--no-weld: only with --optimize/);
  });
});
