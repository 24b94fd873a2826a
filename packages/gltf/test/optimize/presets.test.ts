// Each preset and compression on real files of every format (textured, skinned with clips, LODs):
// Khronos-valid, the extensions they promise, and the plain .glb's facts; MANIFEST numbers where
// the corpus states them.
import { describe, expect, it } from 'vitest';
import { corpusModels } from '../corpus-scenes.js';
import { describeIssues, validateGltf } from '../validate.js';
import { optimizeGlb, type OptimizeOptions } from '../../src/index.js';
import { boundsError, defaultOptimized, extensionsOf, glbFacts, PRESET_MODELS, plainFacts, plainGlb, readGlb } from './helpers.js';

const all = corpusModels();
const entry = (file: string) => all.find(([name]) => name === file)?.[1];

const MODELS = PRESET_MODELS;

/** Variant → options, and the extensions the output must use (those with geometry). */
const VARIANTS: [name: string, options: OptimizeOptions, uses: string[], avoids: string[]][] = [
  ['size', { preset: 'size' }, ['EXT_meshopt_compression', 'KHR_mesh_quantization'], ['KHR_draco_mesh_compression']],
  ['fast', { preset: 'fast' }, ['EXT_meshopt_compression', 'KHR_mesh_quantization'], ['KHR_draco_mesh_compression']],
  ['draco', { compress: 'draco' }, ['KHR_draco_mesh_compression'], ['EXT_meshopt_compression']],
  ['none', { compress: 'none' }, ['KHR_mesh_quantization'], ['EXT_meshopt_compression', 'KHR_draco_mesh_compression']],
  ['none, no quantize', { compress: 'none', quantize: false }, [], ['EXT_meshopt_compression', 'KHR_draco_mesh_compression', 'KHR_mesh_quantization']],
  ['meshopt, no quantize', { quantize: false }, ['EXT_meshopt_compression'], ['KHR_mesh_quantization']],
];

const cases = VARIANTS.flatMap(([variant, options, uses, avoids]) => MODELS.map((file) => [`${variant}: ${file}`, file, options, uses, avoids] as const));

describe('presets and compressions keep the facts', () => {
  it.each(cases)('%s', async (_label, file, options, uses, avoids) => {
    const model = entry(file);
    if (!model) return;
    const glb = await plainGlb(model);
    const warnings: string[] = [];
    const optimized = await optimizeGlb(glb, { ...options, onWarning: (w) => warnings.push(w.code) });
    const report = await validateGltf(optimized);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    expect(optimized.byteLength).toBeLessThan(glb.byteLength);
    const used = extensionsOf(optimized);
    for (const name of uses) expect(used).toContain(name);
    for (const name of avoids) expect(used).not.toContain(name);

    // The plain .glb's facts, read once per model (six variants and optimize/corpus share them).
    const before = await plainFacts(model);
    const after = glbFacts(await readGlb(optimized));
    expect(after.triangles).toBe(before.triangles);
    expect(after.joints).toEqual(before.joints);
    expect(after.clips.map((c) => c.name)).toEqual(before.clips.map((c) => c.name));
    expect(boundsError(after.rest, before.rest)).toBeLessThan(0.01);
    for (const [i, posed] of after.posed.entries()) expect(boundsError(posed, before.posed[i])).toBeLessThan(0.01);
  });
});

describe('facts the corpus MANIFEST states survive the default optimisation', () => {
  // MANIFEST: Wuson 3732 triangles, jeep1 2032 triangles (+ a 512×512 JPEG), genericcharacter 1998 indices.
  it.each([
    ['ms3d/assimp__Wuson.ms3d', 3732],
    ['ms3d/assimp__jeep1.ms3d', 2032],
    ['mdl/circuitchaos__genericcharacter_v300.mdl', 666],
  ] as const)('%s: %i triangles', async (file, triangles) => {
    const model = entry(file);
    if (!model) return;
    // The default optimisation optimize/corpus.test.ts makes and checks too (once per process).
    expect((await (await defaultOptimized(model)).facts()).triangles).toBe(triangles);
  });

  it('jeep1 keeps its 512×512 JPEG as it is (no re-encoding)', async () => {
    const model = entry('ms3d/assimp__jeep1.ms3d');
    if (!model) return;
    const report = await (await defaultOptimized(model)).report();
    const images = ((report.info?.resources ?? []) as { mimeType?: string; image?: { width: number; height: number } }[]).filter((r) => r.image);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ mimeType: 'image/jpeg', image: { width: 512, height: 512 } });
  });
});

describe('compressed input optimises again (decoders loaded for it)', () => {
  it.each([
    ['meshopt → draco', {}, { compress: 'draco' }],
    ['draco → meshopt', { compress: 'draco' }, {}],
  ] as const)('mvr_AiBatt.o3d %s keeps its facts', async (_label, first: OptimizeOptions, second: OptimizeOptions) => {
    const model = entry('o3d/mvr_AiBatt.o3d');
    if (!model) return;
    const glb = await plainGlb(model);
    // The default first pass is the one optimize/corpus.test.ts checks (made once per process).
    const once = Object.keys(first).length ? await optimizeGlb(glb, first) : (await defaultOptimized(model)).optimized;
    const twice = await optimizeGlb(once, second);
    const report = await validateGltf(twice);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    const before = await plainFacts(model);
    const after = glbFacts(await readGlb(twice));
    expect(after.triangles).toBe(before.triangles);
    expect(after.joints).toEqual(before.joints);
    expect(after.clips.map((c) => c.name)).toEqual(['stand', 'walk']);
    for (const [i, posed] of after.posed.entries()) expect(boundsError(posed, before.posed[i])).toBeLessThan(0.02);
  });
});
