import type { Axis } from './axes.js';

/**
 * Vertex attributes gathered from the raw arrays in one pass each: gather, convert (axis, V flip)
 * and zero non-finite values together, instead of a generic gather, an in-place conversion and a
 * rescan (each was a full pass over the attribute). Results equal the three passes bit for bit.
 */
export interface Gathered {
  values: Float32Array;
  /** Non-finite values set to 0 (after conversion, as the separate passes counted them). */
  notFinite: number;
}

/** xyz triples `source[index[v]]` for v < count, mapped by `axis` ('z': (x, z, −y)). */
export function gatherPoints(source: Float32Array, index: Uint32Array, count: number, axis: Axis): Gathered {
  const out = new Float32Array(count * 3);
  const zUp = axis.up === 'z';
  let bad = 0;
  for (let v = 0, o = 0; v < count; v++, o += 3) {
    const s = index[v] * 3;
    const x = source[s];
    let y = source[s + 1];
    let z = source[s + 2];
    if (zUp) {
      const t = y;
      y = z;
      z = -t;
    }
    // x − x is 0 for every finite x and NaN otherwise: one test for NaN and ±Infinity.
    if (x - x !== 0 || y - y !== 0 || z - z !== 0) {
      bad += (x - x !== 0 ? 1 : 0) + (y - y !== 0 ? 1 : 0) + (z - z !== 0 ? 1 : 0);
      out[o] = x - x !== 0 ? 0 : x;
      out[o + 1] = y - y !== 0 ? 0 : y;
      out[o + 2] = z - z !== 0 ? 0 : z;
    } else {
      out[o] = x;
      out[o + 1] = y;
      out[o + 2] = z;
    }
  }
  return { values: out, notFinite: bad };
}

/** uv pairs `source[index[v]]`, V flipped from OpenGL's bottom-left to glTF's top-left (1 − v). */
export function gatherTexCoords(source: Float32Array, index: Uint32Array, count: number): Gathered {
  const out = new Float32Array(count * 2);
  let bad = 0;
  for (let v = 0, o = 0; v < count; v++, o += 2) {
    const s = index[v] * 2;
    const u = source[s];
    const flipped = 1 - source[s + 1];
    if (u - u !== 0) {
      bad++;
      out[o] = 0;
    } else out[o] = u;
    if (flipped - flipped !== 0) {
      bad++;
      out[o + 1] = 0;
    } else out[o + 1] = flipped;
  }
  return { values: out, notFinite: bad };
}

/** 4-wide records `source[index[v]]` (JOINTS_0/WEIGHTS_0 per position → per vertex). */
export function gatherQuads<T extends Float32Array | Uint16Array>(source: T, index: Uint32Array, count: number): T {
  const out = new (source.constructor as new (n: number) => T)(count * 4);
  for (let v = 0, o = 0; v < count; v++, o += 4) {
    const s = index[v] * 4;
    out[o] = source[s];
    out[o + 1] = source[s + 1];
    out[o + 2] = source[s + 2];
    out[o + 3] = source[s + 3];
  }
  return out;
}
