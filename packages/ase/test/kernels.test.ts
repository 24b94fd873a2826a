import { validateScene } from '@relic3d/core';
import * as kernelModule from '@relic3d/kernels';
import { activePath, ready, supported } from '@relic3d/kernels';
import { corpusFiles, readCorpusFile, sceneDifferences } from '@relic3d/test-harness';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse, parseSync } from '../src/index.js';
import { aseFile, cube, geom, helper, material, type MeshSpec } from '@relic3d/fixtures/ase';

/** Every kernel call with the `kernels` option it received. */
const calls: { kernel: string; kernels: unknown }[] = [];

// Spies on the one shared kernels module, restored after each test: a vi.mock would not reach ase's
// sources once another test file of the worker has loaded them (isolate: false).
function recordKernelCalls(): void {
  const { unweld, unweldByVertex, packSkinWeights } = kernelModule;
  vi.spyOn(kernelModule, 'unweld').mockImplementation((...args) => {
    calls.push({ kernel: 'unweld', kernels: args[3]?.kernels });
    return unweld(...args);
  });
  vi.spyOn(kernelModule, 'unweldByVertex').mockImplementation((...args) => {
    calls.push({ kernel: 'unweldByVertex', kernels: args[4]?.kernels });
    return unweldByVertex(...args);
  });
  vi.spyOn(kernelModule, 'packSkinWeights').mockImplementation((...args) => {
    calls.push({ kernel: 'packSkinWeights', kernels: args[4]?.kernels });
    return packSkinWeights(...args);
  });
}

afterEach(() => vi.restoreAllMocks());

/** A file that reaches every kernel call: several materials, UV channels, colours, a skin with more than 4 influences, morphs. */
function everyKernelFile(): Uint8Array {
  const base = cube();
  const m: MeshSpec = {
    ...base,
    mtlIds: base.faces.map((_, i) => i % 3),
    tverts: base.vertices.map(([x, y]) => [x * 0.5 + 0.5, y * 0.5 + 0.5, 0]),
    tfaces: base.faces,
    channels: [{ channel: 2, tverts: [[0, 0, 0], [1, 1, 0]], tfaces: base.faces.map(([a, b, c]) => [a & 1, b & 1, c & 1]) }],
    cverts: [[1, 0, 0], [0, 0, 1]],
    cfaces: base.faces.map((_, i) => [i & 1, i & 1, 0]),
    weights: {
      bones: ['B0', 'B1', 'B2', 'B3', 'B4', 'B5'],
      vertices: base.vertices.map((_, index) => ({ index, pairs: [[0, 0.1], [1, 0.3], [2, 0.05], [3, 0.2], [4, 0.25], [5, 0.1 + index / 100]] as [number, number][] })),
    },
  };
  const bones = [0, 1, 2, 3, 4, 5].map((b) => helper(`B${b}`, [[1, 0, 0], [0, 1, 0], [0, 0, 1], [b, 0, 0]]));
  const subs = [0, 1, 2].map((i) => material(i, `s${i}`, {}, 'SUBMATERIAL'));
  const text = aseFile([...bones, geom('Skin', m, { materialRef: 0, frames: [cube([0, 0, 1]), cube([0, 1, 0])] })], { materials: [material(0, 'multi', { subs })] });
  return new TextEncoder().encode(text);
}

const corpus = [...corpusFiles('ase'), ...corpusFiles('bad', '.ase').filter((f) => f.bytes > 0)];

describe('kernels: WASM and TypeScript paths', () => {
  it('async parse awaits ready(), so it runs on WASM where supported', async () => {
    const scene = await parse(everyKernelFile());
    expect(validateScene(scene)).toEqual([]);
    if (supported) expect(activePath()).not.toBe('js');
    expect(sceneDifferences(scene, await parse(everyKernelFile(), { kernels: 'js' }))).toEqual([]);
  });

  it('options.kernels reaches every kernel call (unweldByVertex per primitive, packSkinWeights per skin)', async () => {
    await ready();
    recordKernelCalls();
    for (const kernels of ['js', 'wasm'] as const) {
      calls.length = 0;
      const scene = parseSync(everyKernelFile(), { kernels });
      const primitives = scene.meshes.reduce((n, mesh) => n + mesh.primitives.length, 0);
      expect(primitives).toBe(3);
      // Chained on the source vertex; the hash unweld is only its fallback inside the kernel.
      expect(calls.filter((c) => c.kernel === 'unweldByVertex')).toHaveLength(primitives);
      expect(calls.filter((c) => c.kernel === 'unweld')).toHaveLength(0);
      expect(calls.filter((c) => c.kernel === 'packSkinWeights')).toHaveLength(1);
      expect(calls.every((c) => c.kernels === kernels)).toBe(true);
    }
  });

  it('synthetic: every kernel input gives byte-identical scenes', async () => {
    await ready();
    const wasm = parseSync(everyKernelFile(), { kernels: 'wasm' });
    const js = parseSync(everyKernelFile(), { kernels: 'js' });
    expect(wasm.skins).toHaveLength(1);
    expect(wasm.meshes[0].primitives[0].targets).toHaveLength(2);
    expect(sceneDifferences(wasm, js)).toEqual([]);
  });

  describe.skipIf(!corpus.length)('corpus', () => {
    it.each(corpus.map((f) => [f.file, f] as const))('%s: wasm and js scenes are byte-identical', async (_name, entry) => {
      await ready();
      const bytes = readCorpusFile(entry);
      const wasm = parseSync(bytes, { kernels: 'wasm' });
      const js = parseSync(bytes, { kernels: 'js' });
      expect(wasm.meshes.length).toBeGreaterThan(0);
      expect(sceneDifferences(wasm, js)).toEqual([]);
    });
  });
});
