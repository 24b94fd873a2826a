// Byte-level mutators shared by every format, and helpers the structure-aware ones build on.
import type { Mutation, MutationContext, Mutator, Random } from '../types.js';

export const randInt = (random: Random, n: number): number => Math.floor(random() * n);
export const pick = <T>(random: Random, list: readonly T[]): T => list[randInt(random, list.length)];

/** Integer lies for count, size and index fields: signed and unsigned edges, powers of two. */
export const HOSTILE_INTS = [0, 1, -1, -2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000, 0xffffff, 0x1000000, 0x10000000, 0x3fffffff, 0x40000000, 0x7fffffff, -0x80000000] as const;

/** Float lies: NaN, infinities, a denormal, the f32 extremes, negative zero, huge and tiny. */
export const HOSTILE_FLOATS = [NaN, Infinity, -Infinity, 1e-40, -1e-40, 1.4e-45, 3.4028234663852886e38, -3.4028234663852886e38, -0, 1e30, -1e30, 1e-30, 0] as const;

/** A hostile replacement for an integer field currently holding `n`. */
export function lieFor(random: Random, n: number): number {
  const r = random();
  if (r < 0.45) return pick(random, HOSTILE_INTS);
  if (r < 0.7) return n + pick(random, [-2, -1, 1, 2, 3, 4, 8]);
  if (r < 0.85) return n * pick(random, [2, 3, 16, 256, 65536]);
  return randInt(random, 0x100000000) | 0;
}

export const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Splices `insert` into a copy of `bytes` at `at`, removing `remove` bytes there. */
export function splice(bytes: Uint8Array, at: number, remove: number, insert: Uint8Array = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, at));
  out.set(insert, at);
  out.set(bytes.subarray(at + remove), at + insert.length);
  return out;
}

/** A position, biased to the first KB (headers and counts sit early). */
export function position(random: Random, length: number, width = 1): number {
  const span = Math.max(1, length - width + 1);
  return random() < 0.5 ? randInt(random, Math.min(span, 1024)) : randInt(random, span);
}

/**
 * A position where `test` holds, from up to `tries` random probes (no full scan: large inputs
 * stay cheap), or undefined.
 */
export function find(bytes: Uint8Array, random: Random, width: number, test: (v: DataView, at: number) => boolean, tries = 400): number | undefined {
  if (bytes.length < width) return undefined;
  const v = view(bytes);
  for (let t = 0; t < tries; t++) {
    const at = position(random, bytes.length, width);
    if (test(v, at)) return at;
  }
  return undefined;
}

/** An i32 that looks like a count, size or index (1..2^20). */
export const smallI32 = (v: DataView, at: number): boolean => {
  const n = v.getInt32(at, true);
  return n >= 1 && n <= 1 << 20;
};

/** A u16 that looks like a count or index (1..4096) and is not the low half of a larger i32. */
export const smallU16 = (v: DataView, at: number): boolean => {
  const n = v.getUint16(at, true);
  return n >= 1 && n <= 4096;
};

/** An f32 that looks like real data (normal, |x| in 1e-6..1e6). */
export const plainF32 = (v: DataView, at: number): boolean => {
  const x = Math.abs(v.getFloat32(at, true));
  return x >= 1e-6 && x <= 1e6;
};

export function setI32(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const out = bytes.slice();
  view(out).setInt32(at, value | 0, true);
  return out;
}

const flip: Mutator = (bytes, random) => {
  if (!bytes.length) return undefined;
  const out = bytes.slice();
  const flips = 1 + randInt(random, 8);
  const at = position(random, out.length);
  for (let f = 0; f < flips; f++) {
    const p = Math.min(out.length - 1, at + randInt(random, 64));
    out[p] ^= 1 << randInt(random, 8);
  }
  return { bytes: out, label: `flip×${flips}@${at}` };
};

const overwrite: Mutator = (bytes, random) => {
  if (!bytes.length) return undefined;
  const out = bytes.slice();
  const at = position(random, out.length);
  const len = 1 + randInt(random, 16);
  const fill = randInt(random, 3);
  for (let p = at; p < Math.min(out.length, at + len); p++) out[p] = fill === 0 ? 0 : fill === 1 ? 0xff : randInt(random, 256);
  return { bytes: out, label: `overwrite ${len}@${at} ${['zero', 'ones', 'random'][fill]}` };
};

const insert: Mutator = (bytes, random) => {
  const at = randInt(random, bytes.length + 1);
  const len = 1 + randInt(random, random() < 0.9 ? 16 : 4096);
  const fill = randInt(random, 3);
  const extra = new Uint8Array(len);
  for (let i = 0; i < len; i++) extra[i] = fill === 0 ? 0 : fill === 1 ? 0xff : randInt(random, 256);
  return { bytes: splice(bytes, at, 0, extra), label: `insert ${len}@${at}` };
};

const remove: Mutator = (bytes, random) => {
  if (bytes.length < 2) return undefined;
  const at = randInt(random, bytes.length);
  const len = 1 + randInt(random, Math.min(bytes.length - at, random() < 0.8 ? 16 : 4096));
  return { bytes: splice(bytes, at, len), label: `delete ${len}@${at}` };
};

const duplicate: Mutator = (bytes, random) => {
  if (bytes.length < 2) return undefined;
  const from = randInt(random, bytes.length);
  const len = 1 + randInt(random, Math.min(bytes.length - from, 4096));
  const times = random() < 0.8 ? 1 : 2 + randInt(random, 64);
  const piece = new Uint8Array(len * times);
  for (let t = 0; t < times; t++) piece.set(bytes.subarray(from, from + len), t * len);
  const at = randInt(random, bytes.length + 1);
  return { bytes: splice(bytes, at, 0, piece), label: `duplicate ${len}@${from}×${times}→${at}` };
};

const spliceDonor: Mutator = (bytes, random, context: MutationContext) => {
  if (!context.donors.length) return undefined;
  const donor = pick(random, context.donors);
  if (!donor.length) return undefined;
  const from = randInt(random, donor.length);
  const len = 1 + randInt(random, Math.min(donor.length - from, 2048));
  const at = randInt(random, bytes.length + 1);
  const replace = random() < 0.5 ? Math.min(len, bytes.length - at) : 0;
  return { bytes: splice(bytes, at, replace, donor.subarray(from, from + len)), label: `splice ${len} from a donor@${from}→${at}${replace ? ' (over)' : ''}` };
};

const truncate: Mutator = (bytes, random) => {
  if (!bytes.length) return undefined;
  const n = randInt(random, bytes.length);
  return { bytes: bytes.slice(0, n), label: `truncate ${n}/${bytes.length}` };
};

const intLie: Mutator = (bytes, random) => {
  if (random() < 0.7) {
    const at = find(bytes, random, 4, smallI32);
    if (at === undefined) return undefined;
    const old = view(bytes).getInt32(at, true);
    const value = lieFor(random, old);
    return { bytes: setI32(bytes, at, value), label: `i32@${at} ${old}→${value}` };
  }
  const at = find(bytes, random, 2, smallU16);
  if (at === undefined) return undefined;
  const out = bytes.slice();
  const old = view(out).getUint16(at, true);
  const value = lieFor(random, old) & 0xffff;
  view(out).setUint16(at, value, true);
  return { bytes: out, label: `u16@${at} ${old}→${value}` };
};

const floatLie: Mutator = (bytes, random) => {
  const at = find(bytes, random, 4, plainF32);
  if (at === undefined) return undefined;
  const out = bytes.slice();
  const value = pick(random, HOSTILE_FLOATS);
  view(out).setFloat32(at, value, true);
  return { bytes: out, label: `f32@${at}→${value}` };
};

/** Every byte-level mutator (all formats, binary and text). */
export const byteMutators: Mutator[] = [flip, overwrite, insert, remove, duplicate, spliceDonor, truncate, intLie, floatLie];

/** Byte-level mutators that assume binary fields (int and float lies). */
export const binaryFieldMutators: Mutator[] = [intLie, floatLie];

/** Runs `mutators[i]` and retries others when one does not apply. */
export function applyOne(mutators: Mutator[], bytes: Uint8Array, random: Random, context: MutationContext): Mutation {
  for (let attempt = 0; attempt < 8; attempt++) {
    const m = pick(random, mutators)(bytes, random, context);
    if (m) return m;
  }
  return flip(bytes, random, context) ?? { bytes: new Uint8Array([randInt(random, 256)]), label: 'one random byte' };
}
