import { describe, expect, it } from 'vitest';
import {
  assertHardened,
  corpusFiles,
  cpuClock,
  corpusRoot,
  expectHardened,
  hashSeed,
  largeInputRuns,
  longFuzz,
  looksLikeFormatError,
  memo,
  mutationFuzz,
  readManifest,
  retainedBytes,
  rng,
  truncationSweep,
} from '../src/index.js';

class FakeFormatError extends Error {
  override name = 'FormatError';
  constructor(
    readonly offset: number,
    readonly format = 'toy',
    readonly expected = 'x',
  ) {
    super(`toy: bad at ${offset}`);
  }
}

/** A toy format: 'TOY!' + u32 count + count f32 values. Written carefully. */
function safeParse(bytes: Uint8Array): Float32Array {
  if (bytes.length < 8 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'TOY!') throw new FakeFormatError(0);
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  if (n * 4 > bytes.length - 8) throw new FakeFormatError(4);
  return new Float32Array(bytes.slice(8, 8 + n * 4).buffer);
}
const toyFile = () => {
  const b = new Uint8Array(8 + 40);
  b.set([84, 79, 89, 33, 10, 0, 0, 0]);
  return b;
};

describe('hardening harness', () => {
  it('is reproducible for a seed', () => {
    const a = rng(42), b = rng(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(hashSeed('x')).toBe(hashSeed('x'));
  });

  it('passes a careful parser, counting accepts and FormatError rejects', async () => {
    const report = await expectHardened(safeParse, toyFile(), { name: 'toy' });
    expect(report.runs).toBeGreaterThan(48);
    expect(report.accepted).toBeGreaterThan(0);
    expect(report.rejected).toBeGreaterThan(0);
  });

  it.skipIf(longFuzz())('runs a large input fewer times: 64 header prefixes + samples + the last, and the mutations', async () => {
    const big = (size: number) => Object.assign(new Uint8Array(size), toyFile());
    const runs = async (size: number) => (await expectHardened(safeParse, big(size), { name: 'big', ...largeInputRuns(size) })).runs;
    // 100 KB keeps the defaults (96 samples, 48 mutations); sampled prefixes may coincide, so at most.
    expect(await runs(100_000)).toBeGreaterThan(64 + 90 + 1 + 48);
    expect(await runs(100_001)).toBeLessThanOrEqual(64 + 16 + 1 + 16);
    expect(await runs(100_001)).toBeGreaterThan(64 + 10 + 1 + 16);
    expect(await runs(500_001)).toBeLessThanOrEqual(64 + 8 + 1 + 8);
    expect(await runs(500_001)).toBeGreaterThan(64 + 4 + 1 + 8);
  });

  it('catches a RangeError escaping', async () => {
    const sloppy = (bytes: Uint8Array) => new DataView(bytes.buffer).getFloat32(44, true);
    const report = await truncationSweep(toyFile(), sloppy, { name: 'sloppy' });
    expect(report.failures.some((f) => f.kind === 'escaped' && /RangeError/.test(f.detail))).toBe(true);
    expect(() => assertHardened(report, 'sloppy')).toThrow(/hardening runs failed/);
  });

  it('catches a parser that trusts a count and allocates from it', async () => {
    const trusting = (bytes: Uint8Array) => {
      if (bytes.length < 8) throw new FakeFormatError(0);
      const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
      return new Float32Array(Math.min(n, 1 << 24)); // bounded so the test itself stays safe
    };
    const report = await mutationFuzz(toyFile(), trusting, { name: 'trusting', iterations: 60 });
    expect(report.failures.some((f) => f.kind === 'memory')).toBe(true);
  });

  it('catches a slow parser by the CPU it burns', async () => {
    const slow = (bytes: Uint8Array) => {
      const cpuMs = cpuClock();
      while (cpuMs() < 30);
      return bytes.length;
    };
    const report = await mutationFuzz(toyFile(), slow, { name: 'slow', iterations: 2, timeBudgetMs: 5 });
    expect(report.failures.filter((f) => f.kind === 'slow')).toHaveLength(2);
  });

  it('does not count the wall time a loaded machine adds: a parser that waits 40 ms is not slow', async () => {
    const waiting = async (bytes: Uint8Array) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return bytes.length;
    };
    const report = await mutationFuzz(toyFile(), waiting, { name: 'waiting', iterations: 2, timeBudgetMs: 20 });
    expect(report.failures).toEqual([]);
  });

  it('cpuClock counts CPU work, not waiting', async () => {
    const cpuMs = cpuClock();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cpuMs()).toBeLessThan(50);
    const burnt = cpuClock();
    while (burnt() < 20);
    expect(burnt()).toBeGreaterThanOrEqual(20);
  });

  it('recognises FormatErrors by shape and measures retained bytes', () => {
    expect(looksLikeFormatError(new FakeFormatError(3))).toBe(true);
    expect(looksLikeFormatError(new RangeError('x'))).toBe(false);
    const input = new Uint8Array(16);
    expect(retainedBytes({ a: new Float32Array(4), b: [input.subarray(2)], c: new Map([[1, new Uint8Array(3)]]) }, input.buffer)).toBe(19);
  });

  it('reads corpus manifests', () => {
    const files = corpusFiles('ms3d', '.ms3d');
    if (!files.length) return; // the loud notice was printed
    expect(corpusRoot()).toMatch(/corpus$/);
    expect(files.every((f) => f.file.endsWith('.ms3d'))).toBe(true);
    const all = readManifest('ms3d');
    expect(all.length).toBeGreaterThan(files.length - 1);
    expect(all.find((f) => f.file === 'glscene__Woman4.ms3d')?.license).toMatch(/MPL-2\.0/);
  });
});

describe('sceneDifferences', () => {
  it('finds one changed bit in a typed array and structural differences', async () => {
    const { sceneDifferences } = await import('../src/index.js');
    const a = { meshes: [{ p: new Float32Array([1, 2, 3]) }], name: 'x', m: new Map([[1, 'a']]) };
    const b = structuredClone(a);
    expect(sceneDifferences(a, b)).toEqual([]);
    b.meshes[0].p[2] = 3.0000002;
    expect(sceneDifferences(a, b)).toEqual(['$.meshes.0.p: byte 8 differs']);
    expect(sceneDifferences({ x: new Float32Array(1) }, { x: new Uint32Array(1) })).toEqual(['$.x: array types differ']);
    expect(sceneDifferences({ x: NaN, y: [1] }, { x: NaN, y: [2], z: 1 })).toEqual(['$.y.0: 1 !== 2', '$.z: undefined !== 1']);
    expect(sceneDifferences({ m: a.m }, { m: new Map([[1, 'b']]) })).toEqual(['$.m.0.1: a !== b']);
  });
});

describe('ByteWriter', () => {
  it('writes little-endian values, grows past its initial size and copies out', async () => {
    const { ByteWriter } = await import('../src/byte-writer.js');
    const w = new ByteWriter(16);
    w.u8(0x1ff).i8(-1).u16(0xbeef).i16(-2).u32(-1).i32(-3).f32(1.5).floats([2]).raw([1, 258]).zeros(3).ascii('OK');
    const b = w.result();
    const v = new DataView(b.buffer);
    expect(b.length).toBe(29);
    expect([v.getUint8(0), v.getInt8(1), v.getUint16(2, true), v.getInt16(4, true), v.getUint32(6, true), v.getInt32(10, true)]).toEqual([
      0xff, -1, 0xbeef, -2, 0xffffffff, -3,
    ]);
    expect([v.getFloat32(14, true), v.getFloat32(18, true)]).toEqual([1.5, 2]);
    expect(Array.from(b.subarray(22))).toEqual([1, 2, 0, 0, 0, 79, 75]);
    w.zeros(1000);
    expect(w.result().length).toBe(1029);
    expect(w.result()).not.toBe(w.result());
  });
});

describe('memo', () => {
  it('makes a value once per key and gives every caller that value', () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const key = `harness memo ${Math.random()}`;
    const a = memo(key, make);
    expect(memo(key, make)).toBe(a);
    expect(memo(`${key} other`, make)).not.toBe(a);
    expect(made).toBe(2);
  });
});
