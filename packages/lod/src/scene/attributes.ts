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

/**
 * JOINTS_0 and WEIGHTS_0 per vertex from the per-position ones (`index[v]`), in one pass copying
 * 32-bit words: the two element types made one generic gather polymorphic, and a float copied as
 * bits equals the value copied (NaN included: the finite vouch sets it to 0 either way).
 */
export function gatherSkin(joints: Uint16Array, weights: Float32Array, index: Uint32Array, count: number): { joints: Uint16Array; weights: Float32Array } {
  const outJ = new Uint16Array(count * 4);
  const outW = new Float32Array(count * 4);
  if (joints.byteOffset % 4 !== 0 || weights.byteOffset % 4 !== 0) {
    for (let v = 0; v < count; v++) {
      outJ.set(joints.subarray(index[v] * 4, index[v] * 4 + 4), v * 4);
      outW.set(weights.subarray(index[v] * 4, index[v] * 4 + 4), v * 4);
    }
    return { joints: outJ, weights: outW };
  }
  const j = new Uint32Array(joints.buffer, joints.byteOffset, joints.length >> 1);
  const w = new Uint32Array(weights.buffer, weights.byteOffset, weights.length);
  const oj = new Uint32Array(outJ.buffer);
  const ow = new Uint32Array(outW.buffer);
  for (let v = 0; v < count; v++) {
    const s = index[v];
    const sj = s * 2, sw = s * 4, o = v * 4;
    oj[v * 2] = j[sj];
    oj[v * 2 + 1] = j[sj + 1];
    ow[o] = w[sw];
    ow[o + 1] = w[sw + 1];
    ow[o + 2] = w[sw + 2];
    ow[o + 3] = w[sw + 3];
  }
  return { joints: outJ, weights: outW };
}
