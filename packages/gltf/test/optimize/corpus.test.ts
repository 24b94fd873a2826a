// `optimizeGlb` (the default preset: meshopt + quantization) on every corpus model (made once per process:
// presets.test.ts reads some of the same outputs, helpers.ts): the output is
// Khronos-valid, smaller, and read back (glTF-Transform + the packages' own decoders) it has the
// plain .glb's triangles, joints, clips and bounds, at rest and posed, within quantisation.
import { describe, expect, it } from 'vitest';
import { corpusModels } from '../corpus-scenes.js';
import { describeIssues } from '../validate.js';
import { boundsError, defaultOptimized, extensionsOf, generatorOf, plainFacts } from './helpers.js';

const all = corpusModels();
/** Positions are quantized to 14 bits of each mesh's extent, weights to 8 bits: well under 1% of the model's size. */
const BOUNDS_TOLERANCE = 0.01;

describe('optimizeGlb on every corpus model', () => {
  const sizes = { plain: 0, optimized: 0 };
  let kept = 0;

  it.each(all)('%s', async (_name, entry) => {
    const { plain: glb, optimized, warnings, report: reportOf, facts } = await defaultOptimized(entry);
    sizes.plain += glb.byteLength;
    sizes.optimized += optimized.byteLength;
    if (optimized === glb) kept++;

    const report = await reportOf();
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    expect(generatorOf(optimized)).toBe(generatorOf(glb));
    const before = await plainFacts(entry);
    const after = await facts();
    expect(after.triangles).toBe(before.triangles);
    expect(after.joints).toEqual(before.joints);
    expect(after.clips.map((c) => c.name)).toEqual(before.clips.map((c) => c.name));
    for (const [i, clip] of after.clips.entries()) expect(clip.seconds).toBeCloseTo(before.clips[i].seconds, 4);
    expect(boundsError(after.rest, before.rest)).toBeLessThan(BOUNDS_TOLERANCE);
    for (const [i, posed] of after.posed.entries()) expect(boundsError(posed, before.posed[i]), `clip ${after.clips[i].name}`).toBeLessThan(BOUNDS_TOLERANCE);
    // Smaller, or (a few hundred bytes of geometry) the input kept, said by a warning.
    if (warnings.includes('GLTF_OPTIMIZE_NOT_SMALLER')) expect(optimized).toBe(glb);
    else {
      expect(optimized.byteLength).toBeLessThan(glb.byteLength);
      if (before.triangles) expect(extensionsOf(optimized)).toContain('EXT_meshopt_compression');
    }
  });

  it('makes the corpus less than 60% of its plain .glb size, most files optimised', () => {
    if (!all.length) return;
    expect(kept).toBeLessThan(all.length / 4);
    expect(sizes.optimized).toBeGreaterThan(0);
    expect(sizes.optimized / sizes.plain).toBeLessThan(0.6);
  });
});
