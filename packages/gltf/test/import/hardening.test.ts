// fromGltf under fuzzing: every prefix and byte-level mutation of written .glb files (the sample,
// real models), and JSON-level mutations (numbers and references replaced by hostile values) give
// a valid scene or a FormatError, in bounded time and memory.
import { describe, expect, it } from 'vitest';
import { isFormatError, validateScene } from '@relic3d/core';
import { expectHardened, hashSeed, longFuzz, randInt, rng } from '@relic3d/test-harness';
import { fromGltf } from '../../src/index.js';
import { packGlb } from '../../src/io/glb.js';
import { corpusGlb, corpusModels } from '../corpus-scenes.js';
import { buildSample, io, sampleGlb } from './sample.js';

/** A valid scene or a FormatError: anything else (or an invalid scene) fails the harness. */
async function parse(bytes: Uint8Array) {
  const scene = await fromGltf(bytes);
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`invalid scene: ${issues[0].code} ${issues[0].path} ${issues[0].message}`);
  return scene;
}

describe('fromGltf hardening', () => {
  it('the glTF-Transform sample: every prefix, bit flips, overwritten runs, forced counts', async () => {
    const { glb } = await sampleGlb();
    const report = await expectHardened(parse, glb, { name: 'sample.glb' });
    expect(report.accepted).toBeGreaterThan(0);
  });

  const real = corpusModels().filter(([name]) => /Mvr_Lawolf|TRINITYrage|mvr_ClockWork|assimp__jeep1/.test(name));
  it.each(real)('%s as written by toGlb', async (name, entry) => {
    const glb = await corpusGlb(entry);
    await expectHardened(parse, glb, { name, samples: 48, iterations: 36 });
  });

  it('JSON mutations: numbers, indices and strings replaced by hostile values', async () => {
    const { json, resources } = await io.writeJSON(buildSample(), { format: 'GLB' as never });
    const bin = Object.values(resources)[0];
    const hostile: unknown[] = [-1, 0, 1, 2 ** 31, 2 ** 32 + 1, 1e308, -1e308, 0.5, null, 'x', [], {}, true, 65535, 255, 1e9];
    const random = rng(hashSeed('gltf-json-mutations'));
    const runs = longFuzz() ? 5000 : 400;
    let accepted = 0;
    for (let run = 0; run < runs; run++) {
      const copy = structuredClone(json) as unknown as Record<string, unknown>;
      const leaves: [Record<string, unknown> | unknown[], string | number][] = [];
      const walk = (value: unknown) => {
        if (Array.isArray(value)) value.forEach((item, i) => (typeof item === 'object' && item ? walk(item) : leaves.push([value, i])));
        else if (value && typeof value === 'object') for (const [k, item] of Object.entries(value)) typeof item === 'object' && item ? walk(item) : leaves.push([value as Record<string, unknown>, k]);
      };
      walk(copy);
      const edits = 1 + randInt(random, 3);
      for (let e = 0; e < edits; e++) {
        const [owner, key] = leaves[randInt(random, leaves.length)];
        (owner as Record<string, unknown>)[key as string] = hostile[randInt(random, hostile.length)];
      }
      const bytes = packGlb(copy, bin);
      try {
        await parse(bytes);
        accepted++;
      } catch (e) {
        if (!isFormatError(e)) throw new Error(`run ${run}: ${String(e)}\n${JSON.stringify(copy).slice(0, 200)}`);
      }
    }
    expect(accepted).toBeGreaterThan(runs / 10);
  });
});
