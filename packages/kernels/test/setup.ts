import { ready, simdSupported, type Variant } from '../src/index.js';
import { rng } from '@relic3d/test-harness';

/** Every WASM variant this runtime has, after ready(). Node ≥ 20 has both. */
export async function variants(): Promise<Variant[]> {
  await ready();
  return simdSupported ? ['simd', 'scalar'] : ['scalar'];
}

export function randomFloats(random: () => number, n: number, scale = 10): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = (random() * 2 - 1) * scale;
  return a;
}

export function randomBytes(random: () => number, n: number): Uint8Array {
  const a = new Uint8Array(n);
  for (let i = 0; i < n; i++) a[i] = Math.floor(random() * 256);
  return a;
}

/** Largest |a − b| relative to max(1, |b|). */
export function maxRelError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < b.length; i++) {
    const e = Math.abs(a[i] - b[i]) / Math.max(1, Math.abs(b[i]));
    if (!(e <= worst)) worst = e;
  }
  return worst;
}

export { rng };
