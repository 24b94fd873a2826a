/** One read in progress, and the small field readers the sections share. */
import { ByteReader, type Vec3, type WarningSink } from '@relic3d/core';
import { LIMITS, type MotionAttribute, type O3dReadOptions } from '../file.js';
import { ATTRIBUTE_BYTES } from './layout.js';

export interface Reading {
  r: ByteReader;
  sink: WarningSink;
  kernels: O3dReadOptions['kernels'];
  /**
   * Arrays may stay views of the input (the parser's own reads: the scene never keeps them). A
   * public read returns arrays of its own.
   */
  inputViews: boolean;
}

export function startReading(bytes: Uint8Array, options: O3dReadOptions, sink: WarningSink, inputViews: boolean): Reading {
  const r = new ByteReader(bytes, { format: 'o3d', codePage: options.codePage ?? 'windows-1252' });
  return { r, sink, kernels: options.kernels, inputViews };
}

type Typed = Uint8Array | Uint16Array | Int32Array | Float32Array;

/** A typed array the raw structure may keep: ByteReader's zero-copy views are copied (once) unless inputViews. */
export function own<T extends Typed>(a: T, reading: Reading): T {
  return !reading.inputViews && a.buffer === reading.r.bytes.buffer ? (a.slice() as T) : a;
}

export function vec3s(r: ByteReader, n: number, what: string): Vec3[] {
  r.count(n, 12, what);
  const out: Vec3[] = [];
  for (let i = 0; i < n; i++) out.push(r.vec3());
  return out;
}

export function motionAttributes(r: ByteReader, n: number): MotionAttribute[] {
  r.count(n, ATTRIBUTE_BYTES, 'frame attributes');
  const out: MotionAttribute[] = [];
  for (let i = 0; i < n; i++) out.push({ flags: r.u32(), soundId: r.i32(), frame: r.f32() });
  return out;
}

export function boneName(r: ByteReader, what: string): string {
  const at = r.offset;
  const n = r.i32();
  if (n < 0 || n > LIMITS.boneName) r.fail(`a ${what} name length of 0..${LIMITS.boneName} bytes`, String(n), 'BAD_COUNT', at);
  return r.string(n, `${what} name`);
}

