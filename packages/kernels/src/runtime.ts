import { SCALAR_WASM, SIMD_WASM } from './generated/wasm.js';

/** Exports of the compiled assembly/index.ts. */
export interface KernelExports {
  memory: WebAssembly.Memory;
  HEAP_BASE: WebAssembly.Global;
  deinterleaveF32(src: number, count: number, stride: number, fieldOffset: number, components: number, dst: number): void;
  deinterleaveU8(src: number, count: number, stride: number, fieldOffset: number, components: number, dst: number): void;
  deinterleaveU16(src: number, count: number, stride: number, fieldOffset: number, components: number, dst: number): void;
  deinterleaveU32(src: number, count: number, stride: number, fieldOffset: number, components: number, dst: number): void;
  deinterleaveFields(src: number, count: number, stride: number, table: number, fieldCount: number): void;
  widenU8(src: number, count: number, dst: number): number;
  widenU16(src: number, count: number, dst: number): number;
  unweld(keys: number, keyWidth: number, cornerCount: number, table: number, mask: number, indices: number, firstCorner: number, budget: number): number;
  unweldSorted(keys: number, keyWidth: number, cornerCount: number, order: number, scratch: number, indices: number, firstCorner: number): number;
  unweldByVertex(primary: number, primaryCount: number, keys: number, keyWidth: number, cornerCount: number, head: number, next: number, indices: number, firstCorner: number, budget: number): number;
  packSkin(
    vertexCount: number, influences: number,
    joints: number, jointStride: number, jointStep: number, jointType: number,
    weights: number, weightStride: number, weightStep: number, weightType: number,
    tj: number, tw: number, outJ: number, outW: number, rigid: number,
  ): number;
  groupRecords(bytes: number, count: number, stride: number, offset: number, type: number, endMask: number, maxPer: number, vertexCount: number, starts: number): number;
  gatherGroupedInfluences(
    bytes: number, stride: number, jointOffset: number, jointType: number, weightOffset: number, weightType: number,
    vertexCount: number, starts: number, widest: number, rules: number, tables: number, outJ: number, outW: number, rigid: number,
  ): number;
  unpackFewGroupedInfluences(
    bytes: number, stride: number, jointOffset: number, jointType: number, weightOffset: number, weightType: number,
    vertexCount: number, starts: number, widest: number, rules: number, tables: number, scratch: number, outJ: number, outW: number, rigid: number,
  ): number;
  unpackRecordInfluences(
    recordCount: number, count: number, vertices: number, slots: number, weighted: number, fields: number, idType: number, weightType: number,
    rules: number, tables: number, scratch: number, outJ: number, outW: number, rigid: number,
  ): number;
  compactTriangles(indices: number, wide: number, triangles: number, vertexCount: number, remap: number, source: number, out: number, outWide: number, counts: number): number;
  recordCornerKeys(
    records: number, stride: number, rows: number, rowCount: number, cornersPerRecord: number, primaryOffset: number,
    table: number, keyWidth: number, primaryCount: number, primary: number, keys: number,
  ): number;
  gatherRecordFloats(records: number, recordCount: number, stride: number, source: number, count: number, table: number, fieldCount: number): number;
  skinVertices(positions: number, joints: number, weights: number, matrices: number, jointCount: number, count: number, outPositions: number, normals: number, outNormals: number): void;
  eulerToQuat(src: number, count: number, dst: number): void;
  bakeClip(
    jointCount: number, frameCount: number, frameTimes: number, order: number, parents: number, inverseBind: number,
    restT: number, restR: number, restS: number,
    tOff: number, tTimes: number, tValues: number,
    rOff: number, rTimes: number, rValues: number,
    sOff: number, sTimes: number, sValues: number,
    relative: number, local: number, world: number, out: number,
  ): void;
}

export type Variant = 'simd' | 'scalar';
export type KernelMode = 'wasm' | 'js';

/** An input placed in module memory for the length of a {@link withInput} call. */
interface PlacedInput {
  buffer: ArrayBufferLike;
  /** Byte offset of the placed bytes in `buffer`. */
  offset: number;
  length: number;
  /** Their address in module memory. */
  address: number;
}

/**
 * One instantiated module with the per-call memory protocol: bump-allocate, copy in with one
 * `set` (or find the bytes already placed by {@link withInput}), call, copy out, rewind.
 */
export class WasmModule {
  readonly exports: KernelExports;
  readonly variant: Variant;
  private readonly base: number;
  /** Where each call's allocations start: past the placed input, if any. */
  private floor: number;
  private top: number;
  private placed: PlacedInput | undefined;

  constructor(instance: WebAssembly.Instance, variant: Variant) {
    this.exports = instance.exports as unknown as KernelExports;
    this.variant = variant;
    this.base = align(Number(this.exports.HEAP_BASE.value));
    this.floor = this.base;
    this.top = this.base;
  }

  /** Reserves `bytes` (16-byte aligned, plus 16 bytes of slack for SIMD tails); returns the address. */
  alloc(bytes: number): number {
    if (!(bytes >= 0)) throw new RangeError(`cannot allocate ${bytes} bytes`);
    const ptr = this.top;
    const end = align(ptr + bytes + 16);
    const memory = this.exports.memory;
    if (end > memory.buffer.byteLength) {
      const pages = Math.ceil((end - memory.buffer.byteLength) / 65536);
      // 32-bit addresses: past 4 GiB (or when the engine refuses to grow) the TypeScript path runs.
      if (end > 0xffff0000) throw new WasmOutOfMemory(bytes);
      try {
        memory.grow(pages);
      } catch {
        throw new WasmOutOfMemory(bytes);
      }
    }
    this.top = end;
    return ptr;
  }

  /** Copies bytes in; returns the address. */
  copyIn(bytes: Uint8Array): number {
    const ptr = this.alloc(bytes.byteLength);
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.byteLength).set(bytes);
    return ptr;
  }

  /**
   * The address of `bytes` in module memory: inside the placed input when they are a view of it
   * (no copy), else copied in.
   */
  place(bytes: Uint8Array): number {
    const p = this.placed;
    return p && this.holds(bytes) ? p.address + (bytes.byteOffset - p.offset) : this.copyIn(bytes);
  }

  /** Whether `bytes` lie inside the placed input (a kernel reads them there, no copy). */
  holds(bytes: Uint8Array): boolean {
    const p = this.placed;
    return !!p && bytes.buffer === p.buffer && bytes.byteOffset >= p.offset && bytes.byteOffset + bytes.byteLength <= p.offset + p.length;
  }

  /** Whether an input is placed (only one at a time). */
  get holdsInput(): boolean {
    return this.placed !== undefined;
  }

  /** Copies `bytes` in below every later call's allocations, until {@link release}. */
  hold(bytes: Uint8Array): void {
    this.rewind();
    const address = this.copyIn(bytes);
    this.placed = { buffer: bytes.buffer, offset: bytes.byteOffset, length: bytes.byteLength, address };
    this.floor = this.top;
  }

  /** Forgets the placed input: calls allocate from the start again. */
  release(): void {
    this.placed = undefined;
    this.floor = this.base;
    this.top = this.base;
  }

  /** Copies a typed array's bytes in; returns the address. */
  put(array: ArrayBufferView): number {
    return this.copyIn(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }

  /** Copies `length` elements out of module memory into a new array of `ctor`. */
  take<T extends ArrayBufferView>(ctor: new (buffer: ArrayBuffer, offset: number, length: number) => T, ptr: number, length: number): T {
    // A fresh array filled with `set` (a plain memory copy); `slice` of a view of module memory measured ~5× slower.
    const out = new ctor(new ArrayBuffer(length * (ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT), 0, length);
    (out as unknown as Uint8Array).set(this.view(ctor, ptr, length) as unknown as Uint8Array);
    return out;
  }

  /**
   * Runs `body` with this module and rewinds its allocations afterwards, even when it throws.
   * When module memory cannot hold the call, `fallback` (the TypeScript path) runs instead.
   */
  run<R>(body: (wasm: this) => R, fallback?: () => R): R {
    try {
      return body(this);
    } catch (error) {
      if (fallback && error instanceof WasmOutOfMemory) {
        this.rewind();
        return fallback();
      }
      throw error;
    } finally {
      this.rewind();
    }
  }

  /** A view of module memory (valid until the next alloc). */
  view<T extends ArrayBufferView>(ctor: new (buffer: ArrayBuffer, offset: number, length: number) => T, ptr: number, length: number): T {
    return new ctor(this.exports.memory.buffer as ArrayBuffer, ptr, length);
  }

  /** Releases every allocation of the call (the placed input stays). */
  rewind(): void {
    this.top = this.floor;
  }
}

/** Module memory cannot grow to hold a call's data. */
export class WasmOutOfMemory extends RangeError {
  constructor(bytes: number) {
    super(`kernel memory cannot grow by ${bytes} bytes`);
    this.name = 'WasmOutOfMemory';
  }
}

/** Rounds up to 16 bytes; arithmetic, not bit operations, so sizes past 2^31 stay exact. */
function align(n: number): number {
  return Math.ceil(n / 16) * 16;
}

function decodeBase64(text: string): Uint8Array {
  const B = (globalThis as { Buffer?: { from(s: string, e: string): Uint8Array } }).Buffer;
  if (B) return new Uint8Array(B.from(text, 'base64'));
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// A minimal module using one v128 instruction (i8x16.splat + drop), as meshoptimizer probes SIMD.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 9, 1, 7, 0, 65, 0, 253, 15, 26, 11,
]);

/** Whether this runtime has WebAssembly at all. */
export const supported: boolean =
  typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function';

/** Whether WebAssembly SIMD is available. */
export const simdSupported: boolean = (() => {
  try {
    return supported && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
})();

const modules: Partial<Record<Variant, WasmModule>> = {};
/** Variants that failed to compile: never retried, their calls take the TypeScript path. */
const refused = new Set<Variant>();
let readyPromise: Promise<void> | undefined;
let mode: KernelMode = 'wasm';

/** The build the runtime uses by default: SIMD where supported, else scalar. */
const preferred: Variant = simdSupported ? 'simd' : 'scalar';

function bytesOf(variant: Variant): Uint8Array {
  return decodeBase64(variant === 'simd' ? SIMD_WASM : SCALAR_WASM);
}

const imports = { env: { abort: () => { throw new Error('kernel abort'); } } };

async function instantiate(variant: Variant): Promise<WasmModule> {
  const module = await WebAssembly.compile(bytesOf(variant) as BufferSource);
  const instance = await WebAssembly.instantiate(module, imports);
  return new WasmModule(instance, variant);
}

/**
 * A variant other than the preferred one, compiled on first request (tests and benchmarks pin
 * the scalar build). Synchronous, so it works only where the runtime allows synchronous
 * compilation of a module this size (Node, workers); elsewhere the TypeScript path runs.
 */
function compileNow(variant: Variant): WasmModule | undefined {
  if (refused.has(variant) || (variant === 'simd' && !simdSupported)) return undefined;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytesOf(variant) as BufferSource), imports);
    return (modules[variant] = new WasmModule(instance, variant));
  } catch {
    refused.add(variant);
    return undefined;
  }
}

/**
 * Instantiates the build this runtime uses (SIMD where supported, else scalar); the other one is
 * compiled only if a call pins it. Memoised: call it as often as you like. Until it resolves, and
 * wherever WASM is missing, the TypeScript path runs.
 */
export function ready(): Promise<void> {
  if (!readyPromise) {
    readyPromise = (async () => {
      if (!supported) return;
      modules[preferred] = await instantiate(preferred);
    })().catch(() => {
      // A runtime that refuses to compile (a strict CSP, say) keeps the TypeScript path.
      refused.add(preferred);
    });
  }
  return readyPromise;
}

/** Forces the TypeScript path everywhere (`'js'`) or allows WASM again (`'wasm'`, the default). */
export function setKernelMode(next: KernelMode): void {
  if (next !== 'wasm' && next !== 'js') throw new TypeError(`kernel mode must be 'wasm' or 'js', got ${String(next)}`);
  mode = next;
}

export function getKernelMode(): KernelMode {
  return mode;
}

/** The build every call runs when set (`setKernelVariant`); else the preferred one. */
let chosenVariant: Variant | undefined;

/**
 * Runs every WASM call on one build: `'scalar'` gives a runtime with SIMD the path of one without
 * it (tests and benchmarks of that path, end to end); `undefined` restores the default (SIMD where
 * supported). A call's own `variant` still wins. The other build compiles on first use, where the
 * runtime allows synchronous compilation (Node, workers); elsewhere the TypeScript path runs.
 */
export function setKernelVariant(next: Variant | undefined): void {
  if (next !== undefined && next !== 'simd' && next !== 'scalar') throw new TypeError(`kernel variant must be 'simd', 'scalar' or undefined, got ${String(next)}`);
  chosenVariant = next;
}

export function getKernelVariant(): Variant | undefined {
  return chosenVariant;
}

/**
 * The module a call should use: the requested variant (default: SIMD when available), or
 * undefined for the TypeScript path (forced, not ready, or unsupported).
 */
export function wasmModule(options: { kernels?: KernelMode; variant?: Variant } = {}): WasmModule | undefined {
  if ((options.kernels ?? mode) === 'js') return undefined;
  const variant = options.variant ?? chosenVariant;
  if (!variant || variant === preferred) return modules[preferred];
  // A pinned other build: only once the default one is ready (a runtime that refused it refuses this).
  if (!modules[preferred]) return undefined;
  return modules[variant] ?? compileNow(variant);
}

/** Which path a call with these options would take: 'simd', 'scalar' or 'js'. */
export function activePath(options: { kernels?: KernelMode } = {}): Variant | 'js' {
  return wasmModule(options)?.variant ?? 'js';
}

/**
 * Runs `body` with `bytes` placed in module memory once: while it runs, kernels given views of
 * `bytes` (records, vertex buffers) read them where they are instead of copying them in per call.
 * A promise from `body` keeps them placed until it settles. Only one input is placed at a time: a
 * call while another runs (or without WASM, or when memory cannot grow) just runs `body`, and the
 * kernels copy their inputs as usual. Results are the same either way.
 */
export function withInput<R>(bytes: Uint8Array, body: () => R, options: { kernels?: KernelMode; variant?: Variant } = {}): R {
  const wasm = wasmModule(options);
  if (!wasm || wasm.holdsInput || !(bytes instanceof Uint8Array)) return body();
  try {
    wasm.hold(bytes);
  } catch (error) {
    wasm.release();
    if (error instanceof WasmOutOfMemory) return body();
    throw error;
  }
  let result: R;
  try {
    result = body();
  } catch (error) {
    wasm.release();
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => wasm.release()) as R;
  wasm.release();
  return result;
}
