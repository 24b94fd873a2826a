import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateScene } from '@relic3d/core';
import { corpusFiles, readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { decodeBatch, formats, type BatchInput, type BatchResult } from '../src/index.js';
import { ensureBuilt } from './built.js';

const EXTENSIONS = ['.ms3d', '.ase', '.o3d', '.mdl', '.lod'];
const FOLDERS = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'];
const pkg = path.resolve(import.meta.dirname, '..');
const workerScript = path.join(pkg, 'dist/worker.js');

function models(folder: string): CorpusEntry[] {
  return corpusFiles(folder).filter((e) => EXTENSIONS.some((x) => e.file.toLowerCase().endsWith(x)));
}

async function collect(iterable: AsyncIterable<BatchResult>): Promise<BatchResult[]> {
  const out: BatchResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

describe('formats', () => {
  it('lists the five formats once each', () => {
    expect(formats.map((f) => f.id).sort()).toEqual(['ase', 'lod', 'mdl', 'ms3d', 'o3d']);
  });
});

describe('decodeBatch on the calling thread (concurrency 0)', () => {
  const all = FOLDERS.flatMap((folder) => models(folder).map((entry) => ({ folder, entry })));
  it.runIf(all.length > 0)('decodes every corpus model in input order with a valid scene of the folder format', async () => {
    const inputs = all.map(({ entry }) => ({ name: entry.file, bytes: readCorpusFile(entry) }));
    const progress: [number, number | undefined][] = [];
    const results = await collect(decodeBatch(inputs, { concurrency: 0, onProgress: (d, t) => progress.push([d, t]) }));
    expect(results.map((r) => r.index)).toEqual(all.map((_, i) => i));
    expect(results.map((r) => r.name)).toEqual(all.map(({ entry }) => entry.file));
    expect(progress.at(-1)).toEqual([all.length, all.length]);
    results.forEach((r, i) => {
      expect(r.error, `${r.name}: ${r.error?.message}`).toBeUndefined();
      expect(r.format).toBe(all[i].folder);
      expect(validateScene(r.scene!)).toEqual([]);
      expect(r.ms).toBeGreaterThanOrEqual(0);
    });
  });

  const bad = [...corpusFiles('bad'), ...corpusFiles('foreign')];
  it.runIf(bad.length > 0)('reports bad and foreign files as errors with FormatError fields and goes on', async () => {
    const good = models('ms3d')[0];
    const inputs: BatchInput[] = [...bad.map((e) => ({ name: e.file, bytes: readCorpusFile(e) })), { name: good.file, bytes: readCorpusFile(good) }];
    const results = await collect(decodeBatch(inputs, { concurrency: 0, kernels: 'js' }));
    expect(results.at(-1)!.scene).toBeDefined();
    const byName = new Map(results.map((r) => [r.name, r]));
    const quake = byName.get('quake1__slipgate_grenade.mdl')!;
    expect(quake.error).toMatchObject({ name: 'FormatError', code: 'FOREIGN_FORMAT', offset: 0 });
    expect(quake.error!.message).toContain('Quake 1 MDL');
    const empty = byName.get('assimp__invalid__empty.ase')!;
    expect(empty.error).toMatchObject({ name: 'FormatError', code: 'EMPTY' });
    // The malformed Blender export is named MALFORMED in the MANIFEST: it must not yield a scene silently broken.
    for (const r of results.slice(0, -1)) if (r.scene) expect(validateScene(r.scene)).toEqual([]);
  });

  it('accepts an async iterable, resolves companions by base name, and reports unknown bytes', async () => {
    async function* gen(): AsyncGenerator<BatchInput> {
      yield { name: 'nothing.bin', bytes: new Uint8Array([1, 2, 3, 4]) };
      yield { name: 'empty.ms3d', bytes: new Uint8Array(0) };
    }
    const results = await collect(decodeBatch(gen(), { concurrency: 0 }));
    expect(results.map((r) => r.error?.code)).toEqual(['UNKNOWN_FORMAT', 'EMPTY']);
    expect(results[0].error!.name).toBe('FormatError');
  });
});

describe('decodeBatch in workers', () => {
  beforeAll(() => void ensureBuilt(), 600_000);

  const sample = FOLDERS.flatMap((folder) => models(folder).slice(0, 4));
  it.runIf(sample.length > 0)('streams the same scenes as the inline path, in order, with 2 workers; errors do not stop it', async () => {
    const make = () => [
      ...sample.map((e) => ({ name: e.file, bytes: readCorpusFile(e) })),
      { name: 'broken.ms3d', bytes: new Uint8Array([0x4d, 0x53, 0x33, 0x44, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 4, 0, 0, 0, 9]) },
    ];
    const inline = await collect(decodeBatch(make(), { concurrency: 0 }));
    const progress: number[] = [];
    const pooled = await collect(decodeBatch(make(), { concurrency: 2, workerScript, timeout: 30_000, onProgress: (d) => progress.push(d) }));
    expect(pooled.map((r) => r.index)).toEqual(inline.map((r) => r.index));
    expect(progress).toEqual(inline.map((_, i) => i + 1));
    pooled.forEach((r, i) => {
      const ref = inline[i];
      expect(r.name).toBe(ref.name);
      expect(r.format).toBe(ref.format);
      expect(r.error).toEqual(ref.error);
      if (ref.scene) {
        expect(validateScene(r.scene!)).toEqual([]);
        expect(r.scene!.nodes.length).toBe(ref.scene.nodes.length);
        const a = r.scene!.meshes.flatMap((m) => m.primitives.map((p) => p.attributes.POSITION));
        const b = ref.scene.meshes.flatMap((m) => m.primitives.map((p) => p.attributes.POSITION));
        expect(a).toEqual(b);
        expect(a.every((x) => x instanceof Float32Array)).toBe(true);
      }
    });
    expect(pooled.at(-1)!.error).toMatchObject({ name: 'FormatError', format: 'ms3d', code: 'TRUNCATED' });
  });

  it.runIf(sample.length > 0)('transfers whole-buffer inputs (detached in the caller) and copies views of shared buffers', async () => {
    const entry = models('ms3d')[0];
    const whole = readCorpusFile(entry);
    const backing = new Uint8Array(whole.length + 8);
    backing.set(whole, 8);
    const view = backing.subarray(8);
    const length = whole.length;
    const results = await collect(decodeBatch([{ name: entry.file, bytes: whole }, { name: entry.file, bytes: view }], { concurrency: 1, workerScript }));
    expect(results.every((r) => r.scene)).toBe(true);
    expect(whole.byteLength).toBe(0); // transferred
    expect(view.byteLength).toBe(length); // copied, intact
    expect(view).toEqual(readCorpusFile(entry));
  });

  it.runIf(sample.length > 0)('decodes O3D with its skeleton and motion passed as companions', async () => {
    const files = corpusFiles('o3d');
    const find = (name: string) => readCorpusFile(files.find((e) => e.file === name)!);
    const [result] = await collect(
      decodeBatch([{ name: 'Mvr_Lawolf.o3d', bytes: find('Mvr_Lawolf.o3d'), companions: { 'Mvr_Lawolf.chr': find('Mvr_Lawolf.chr'), 'Mvr_Lawolf_dmgDie.ani': find('Mvr_Lawolf_dmgDie.ani') } }], { concurrency: 1, workerScript }),
    );
    expect(result.error).toBeUndefined();
    expect(result.scene!.skins.length).toBeGreaterThan(0);
    // The .ani companion becomes a clip (MANIFEST: the dmgDie motion; Lawolf's skeleton has 27 bones).
    expect(result.scene!.animations.map((c) => c.name)).toContain('dmgDie');
    expect(result.scene!.skins[0].joints).toHaveLength(27);
    expect(validateScene(result.scene!)).toEqual([]);
  });

  it.runIf(sample.length > 0)('finds dist/worker.js by itself when run from sources', async () => {
    const entry = models('mdl')[0];
    const [r] = await collect(decodeBatch([{ name: entry.file, bytes: readCorpusFile(entry) }], { concurrency: 1 }));
    expect(r.format).toBe('mdl');
    expect(r.scene).toBeDefined();
  });

  it.runIf(sample.length > 0)('reports a file that exceeds the timeout and goes on', async () => {
    const big = models('ase').sort((a, b) => b.bytes - a.bytes)[0];
    const small = models('ms3d')[0];
    const results = await collect(
      decodeBatch([{ name: big.file, bytes: readCorpusFile(big) }, { name: small.file, bytes: readCorpusFile(small) }], { concurrency: 1, workerScript, timeout: 1 }),
    );
    expect(results[0].error?.name).toBe('TimeoutError');
    expect(results.map((r) => r.index)).toEqual([0, 1]);
  });

  it.runIf(sample.length > 0)('stops the pool when the consumer breaks early', async () => {
    const inputs = sample.map((e) => ({ name: e.file, bytes: readCorpusFile(e) }));
    let seen = 0;
    for await (const r of decodeBatch(inputs, { concurrency: 2, workerScript })) {
      expect(r.index).toBe(seen++);
      if (seen === 2) break;
    }
    expect(seen).toBe(2);
  });
});
