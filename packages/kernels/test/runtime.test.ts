import { describe, expect, it, afterEach, vi } from 'vitest';
import { activePath, deinterleave, getKernelMode, getKernelVariant, ready, setKernelMode, setKernelVariant, simdSupported, supported, WasmOutOfMemory, withInput } from '../src/index.js';
import { wasmModule } from '../src/runtime.js';

describe('runtime', () => {
  afterEach(() => {
    setKernelMode('wasm');
    setKernelVariant(undefined);
  });

  it('says WASM and SIMD are supported on Node ≥ 20', () => {
    expect(supported).toBe(true);
    expect(simdSupported).toBe(true);
  });

  it('memoises ready(): every call returns the same promise and instantiates once', async () => {
    const a = ready();
    const b = ready();
    expect(a).toBe(b);
    await a;
    const simd = wasmModule({ variant: 'simd' });
    await ready();
    expect(wasmModule({ variant: 'simd' })).toBe(simd);
    expect(wasmModule({ variant: 'scalar' })?.variant).toBe('scalar');
  });

  it('compiles only the build it uses at ready(); a pinned other build compiles on its first call', async () => {
    vi.resetModules();
    const compile = vi.spyOn(WebAssembly, 'compile');
    try {
      const fresh = await import('../src/runtime.js');
      expect(fresh.wasmModule({ variant: 'scalar' })).toBeUndefined(); // not before the default build is ready
      await fresh.ready();
      expect(compile).toHaveBeenCalledTimes(1);
      expect(fresh.wasmModule()?.variant).toBe('simd');
      const scalar = fresh.wasmModule({ variant: 'scalar' });
      expect(scalar?.variant).toBe('scalar');
      expect(fresh.wasmModule({ variant: 'scalar' })).toBe(scalar);
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
  });

  it('prefers SIMD, and setKernelMode/kernels switch to the TypeScript path', async () => {
    await ready();
    expect(activePath()).toBe('simd');
    expect(activePath({ kernels: 'js' })).toBe('js');
    setKernelMode('js');
    expect(getKernelMode()).toBe('js');
    expect(activePath()).toBe('js');
    expect(wasmModule()).toBeUndefined();
    setKernelMode('wasm');
    expect(activePath()).toBe('simd');
    expect(() => setKernelMode('gpu' as never)).toThrow(TypeError);
  });

  it('setKernelVariant runs every call on the scalar build, as a runtime without SIMD would; a call\'s own variant still wins', async () => {
    await ready();
    const records = new Uint8Array(15 * 4).map((_, i) => i * 7);
    const layout = { xyz: { offset: 3, type: 'f32', components: 3 }, flag: { offset: 0, type: 'u8', components: 1 } } as const;
    const simd = deinterleave(records, 15, 4, layout);
    setKernelVariant('scalar');
    expect(getKernelVariant()).toBe('scalar');
    expect(activePath()).toBe('scalar');
    expect(wasmModule()!.variant).toBe('scalar');
    expect(activePath({ kernels: 'js' })).toBe('js');
    expect(wasmModule({ variant: 'simd' })!.variant).toBe('simd');
    // Placed inputs go to the build the calls use.
    expect(withInput(records, () => wasmModule()!.holds(records))).toBe(true);
    expect(deinterleave(records, 15, 4, layout)).toEqual(simd);
    setKernelVariant(undefined);
    expect(activePath()).toBe('simd');
    expect(() => setKernelVariant('gpu' as never)).toThrow(TypeError);
  });

  it('rewinds module memory after every call, also after a refused call', async () => {
    await ready();
    const wasm = wasmModule()!;
    const bytes = new Uint8Array(64);
    deinterleave(bytes, 16, 4, { a: { offset: 0, type: 'f32', components: 3 } });
    const top = wasm.alloc(0);
    wasm.rewind();
    deinterleave(bytes, 16, 4, { a: { offset: 0, type: 'f32', components: 3 } });
    expect(wasm.alloc(0)).toBe(top);
    wasm.rewind();
    expect(wasm.run(() => wasm.alloc(100))).toBe(top);
    expect(() => wasm.run(() => { wasm.alloc(100); throw new RangeError('x'); })).toThrow(RangeError);
    expect(wasm.alloc(0)).toBe(top);
    wasm.rewind();
  });

  it('falls back to the TypeScript path when module memory cannot hold a call (past 4 GiB)', async () => {
    await ready();
    const wasm = wasmModule()!;
    const top = wasm.alloc(0);
    wasm.rewind();
    expect(() => wasm.alloc(2 ** 32)).toThrow(WasmOutOfMemory);
    wasm.rewind();
    expect(wasm.run(() => wasm.alloc(2 ** 32), () => -1)).toBe(-1);
    expect(wasm.alloc(0)).toBe(top);
    wasm.rewind();
    expect(() => wasm.run(() => { throw new RangeError('not memory'); }, () => -1)).toThrow('not memory');
  });
});
