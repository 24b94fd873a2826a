import { validateScene } from '@relic3d/core';
import { activePath, ready } from '@relic3d/kernels';
import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it, vi } from 'vitest';
import { parse, parseSync, readMs3d } from '../src/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';

// Rigs with every vertex-extra sub-version, mixed weights, a rigid vertex and a bad bone id.
const synthetic = [1, 2, 3].map((subVersion) =>
  writeMs3d(
    quad({
      vertices: [
        { position: [0, 0, 0], boneId: 0 },
        { position: [1, 0, 0], boneId: 1 },
        { position: [1, 1, 0], boneId: -1 },
        { position: [0, 1, 0], boneId: 9 },
      ],
      joints: [{ name: 'a', rotKeys: [[0, 0, 0, 0], [1, 0, 1, 0]] }, { name: 'b', parent: 'a', position: [1, 0, 0] }],
      comments: {},
      vertexExtra: {
        subVersion,
        records: [
          { ids: [1, -1, -1], weights: [30, 70, 0], extra: [5, 6] },
          { ids: [0, 1, 0], weights: [25, 25, 25] },
          { ids: [0, 0, 0], weights: [0, 0, 0] },
          { ids: [1, 1, 1], weights: [90, 90, 0] },
        ],
      },
    }),
  ),
);

/**
 * First difference between two results, or undefined. Typed arrays must match type, length and
 * every bit (vitest's toEqual walks them element by element, which is slow on 10⁵-key clips).
 */
function difference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor || a.byteLength !== b.byteLength) {
      return `${path}: ${a?.constructor?.name}(${(a as Uint8Array)?.byteLength}) vs ${b?.constructor?.name}(${(b as Uint8Array)?.byteLength})`;
    }
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${path}: byte ${i} differs`;
    return undefined;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

describe('kernels', () => {
  it('the difference check can fail', () => {
    expect(difference({ a: new Float32Array([1, -0]) }, { a: new Float32Array([1, 0]) })).toBe('$.a: byte 7 differs');
    expect(difference({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe('$.a.1.b: x vs y');
    expect(difference({ a: new Uint16Array(2) }, { a: new Uint32Array(1) })).toMatch(/Uint16Array/);
  });

  it('the async parse waits for the WASM kernels', async () => {
    // A fresh kernels module, so only this parse can make it ready: test files share one module graph.
    vi.resetModules();
    const fresh = await import('@relic3d/kernels');
    const ms3d = await import('../src/index.js');
    expect(fresh.activePath()).toBe('js');
    await ms3d.parse(synthetic[0]);
    expect(fresh.activePath()).not.toBe('js');
  });

  it('WASM and TypeScript paths give deep-equal files and scenes (synthetic sv1/2/3 rigs)', async () => {
    await ready();
    expect(activePath({ kernels: 'wasm' })).not.toBe('js');
    expect(activePath({ kernels: 'js' })).toBe('js');
    for (const bytes of synthetic) {
      expect(difference(readMs3d(bytes, { kernels: 'wasm' }), readMs3d(bytes, { kernels: 'js' }))).toBeUndefined();
      const wasm = parseSync(bytes, { kernels: 'wasm' });
      expect(validateScene(wasm)).toEqual([]);
      expect(wasm.skins).toHaveLength(1);
      expect(difference(wasm, parseSync(bytes, { kernels: 'js' }))).toBeUndefined();
    }
  });

  const files = corpusFiles('ms3d', '.ms3d');
  it.skipIf(files.length === 0)('WASM and TypeScript paths give deep-equal scenes on every corpus file', async () => {
    await ready();
    expect(activePath({ kernels: 'wasm' })).not.toBe('js');
    for (const entry of files) {
      const bytes = readCorpusFile(entry);
      const wasm = parseSync(bytes, { kernels: 'wasm', fileName: entry.file });
      const js = parseSync(bytes, { kernels: 'js', fileName: entry.file });
      expect(difference(wasm, js), entry.file).toBeUndefined();
      expect(difference(await parse(bytes, { kernels: 'js', fileName: entry.file }), js), entry.file).toBeUndefined();
    }
  });

  it('on the WASM path too, only FormatError escapes and accepted scenes are valid', async () => {
    await ready();
    const parseWasm = (bytes: Uint8Array) => {
      const scene = parseSync(bytes, { kernels: 'wasm' });
      const issues = validateScene(scene);
      if (issues.length) throw new Error(`invalid scene: ${issues[0].code} ${issues[0].path} ${issues[0].message}`);
      return scene;
    };
    const inputs: [string, Uint8Array][] = [['sv3 rig', synthetic[2]]];
    const model = files.find((f) => f.file === 'soulsheng__Model.ms3d');
    if (model) inputs.push([model.file, readCorpusFile(model)]);
    for (const [name, bytes] of inputs) {
      const report = await expectHardened(parseWasm, bytes, { name: `ms3d wasm ${name}` });
      expect(report.accepted).toBeGreaterThan(0);
    }
  });
});
