/**
 * Issue 25: an O3D parse places its input in kernel memory only where the SIMD build runs. Its
 * gather reads the vertex records there; the scalar build's gather is not used (slower than its
 * twin), so on a runtime without SIMD a placed input was a copy of the whole file that nothing read:
 * the scalar path measured 0.96× the TypeScript one on the bench's 50 MB file. A runtime without
 * SIMD is played by `setKernelVariant('scalar')`; a spy on the one shared kernels module counts the
 * placements.
 */
import * as kernelModule from '@relic3d/kernels';
import { ready, setKernelVariant } from '@relic3d/kernels';
import { corpusFiles, readCorpusFile, sceneDifferences } from '@relic3d/test-harness';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse, parseSync } from '../src/index.js';

// Static props of the Flyff corpus (no skeleton to resolve), the largest first.
const props = corpusFiles('o3d', '.o3d').filter((e) => /^Obj_/i.test(e.file.split('/').pop()!)).sort((a, b) => b.bytes - a.bytes).slice(0, 3);

beforeAll(async () => {
  await ready();
});
afterEach(() => {
  vi.restoreAllMocks();
  setKernelVariant(undefined);
});

/** Parses `bytes` on the `variant` build, counting the inputs placed. */
async function parsedOn(variant: 'simd' | 'scalar', bytes: Uint8Array, fileName: string, sync: boolean) {
  setKernelVariant(variant);
  expect(kernelModule.activePath()).toBe(variant);
  const placed = vi.spyOn(kernelModule, 'withInput');
  const scene = sync ? parseSync(bytes, { fileName }) : await parse(bytes, { fileName });
  const placements = placed.mock.calls.length;
  vi.restoreAllMocks();
  setKernelVariant(undefined);
  return { scene, placements };
}

describe.skipIf(!kernelModule.simdSupported || !props.length)('the input is placed for the SIMD gather only', () => {
  it('finds static props in the corpus', () => {
    expect(props.length).toBe(3);
  });

  for (const entry of props) {
    for (const sync of [false, true]) {
      it(`${entry.file} (${sync ? 'parseSync' : 'parse'}): placed once on SIMD, not on scalar; the same scene as the TypeScript path`, async () => {
        const bytes = readCorpusFile(entry);
        const simd = await parsedOn('simd', bytes, entry.file, sync);
        const scalar = await parsedOn('scalar', bytes, entry.file, sync);
        expect(simd.placements).toBe(1);
        expect(scalar.placements).toBe(0);
        const twin = await parse(bytes, { fileName: entry.file, kernels: 'js' });
        expect(twin.meshes.length).toBeGreaterThan(0);
        expect(sceneDifferences(simd.scene, twin)).toEqual([]);
        expect(sceneDifferences(scalar.scene, twin)).toEqual([]);
      });
    }
  }
});
