/**
 * Non-finite numbers (NaN, ±infinity) in damaged files: replaced where they are read, counted, and
 * reported in one O3D_NOT_FINITE warning per scene.
 */
import { math } from '@relic3d/core';
import type { BuildContext } from './context.js';
import { KEY_FLOATS } from '../read/layout.js';

export const IDENTITY = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

export function countNotFinite(ctx: BuildContext, what: string, n: number): void {
  if (n) ctx.notFinite.set(what, (ctx.notFinite.get(what) ?? 0) + n);
}

/** The keys with non-finite values replaced (a copy, only when needed): positions 0, quaternions identity. */
export function finiteKeys(ctx: BuildContext, keys: Float32Array, frameCount: number): Float32Array {
  const n = Math.min(keys.length, frameCount * KEY_FLOATS);
  let bad = 0;
  for (let i = 0; i < n; i++) if (!Number.isFinite(keys[i])) bad++;
  if (!bad) return keys;
  const out = keys.slice(0, n);
  for (let k = 0; k < n; k += KEY_FLOATS) {
    if (![0, 1, 2, 3].every((c) => Number.isFinite(out[k + c]))) out.set([0, 0, 0, 1], k);
    for (let c = 4; c < KEY_FLOATS; c++) if (!Number.isFinite(out[k + c])) out[k + c] = 0;
  }
  countNotFinite(ctx, 'key values', bad);
  return out;
}

/** A converted matrix, or the identity (counted) when it holds non-finite values. */
export function finiteMatrix(ctx: BuildContext, m: Float32Array): Float32Array {
  if (m.every(Number.isFinite)) return m;
  countNotFinite(ctx, 'matrices', 1);
  return math.identity(new Float32Array(16)) as Float32Array;
}

/** Non-finite values of a root path (an array of the builder's own) set to 0. */
export function finitePath(ctx: BuildContext, path: Float32Array): Float32Array {
  let bad = 0;
  for (let i = 0; i < path.length; i++) if (!Number.isFinite(path[i])) {
    path[i] = 0;
    bad++;
  }
  countNotFinite(ctx, 'root path values', bad);
  return path;
}

/**
 * Finite inputs can still compose to numbers a float cannot hold (a bone under a parent scaled by
 * 1e-20, re-expressed): node transforms and key values that overflowed become neutral.
 */
export function scrubTransforms(ctx: BuildContext): void {
  let bad = 0;
  const neutral = (values: Float32Array | number[], path: 'translation' | 'rotation' | 'scale') => {
    const size = path === 'rotation' ? 4 : 3;
    for (let at = 0; at + size <= values.length; at += size) {
      let ok = true;
      for (let c = 0; c < size; c++) if (!Number.isFinite(values[at + c])) ok = false;
      if (ok) continue;
      bad++;
      for (let c = 0; c < size; c++) values[at + c] = path === 'rotation' ? (c === 3 ? 1 : 0) : path === 'scale' ? 1 : 0;
    }
  };
  for (const node of ctx.scene.nodes) {
    if (node.translation) neutral(node.translation, 'translation');
    if (node.rotation) neutral(node.rotation, 'rotation');
    if (node.scale) neutral(node.scale, 'scale');
    if (node.matrix && !Array.from(node.matrix).every(Number.isFinite)) {
      bad++;
      node.matrix = Array.from(IDENTITY);
    }
  }
  const seen = new Set<Float32Array>(ctx.finiteValues);
  for (const animation of ctx.scene.animations) {
    for (const channel of animation.channels) {
      if (channel.path === 'weights' || seen.has(channel.values)) continue;
      seen.add(channel.values);
      neutral(channel.values, channel.path);
    }
  }
  countNotFinite(ctx, 'composed transforms (overflowed)', bad);
}

export function reportNotFinite(ctx: BuildContext): void {
  if (!ctx.notFinite.size) return;
  const parts = [...ctx.notFinite].map(([what, n]) => `${n} ${what}`);
  ctx.sink.warn('O3D_NOT_FINITE', `non-finite values (NaN or infinite) replaced: ${parts.join(', ')} (numbers by 0, matrices and key rotations by the identity)`);
}
