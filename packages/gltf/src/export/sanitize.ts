/**
 * glTF is stricter than the scene model in a few places the validator checks: finite numbers, unit
 * normals, tangent signs of ±1, colours in 0..1, weights summing to 1 with unique joints, unit
 * quaternions, increasing key times. Each helper first checks (one read-only pass) and returns the
 * scene's own array when it is already valid; only then does it make a fixed copy, and it counts
 * the fixes. The scene is never modified.
 */

/** v is not a finite number (NaN or ±Infinity). */
const bad = (v: number) => v - v !== 0;

/** Non-finite values replaced by `fill`. Returns the input array when every value is finite. */
export function finiteValues<T extends Float32Array>(values: T, fill = 0): { data: T; replaced: number } {
  let first = -1;
  for (let i = 0; i < values.length; i++) {
    if (bad(values[i])) {
      first = i;
      break;
    }
  }
  if (first < 0) return { data: values, replaced: 0 };
  const data = values.slice() as T;
  let replaced = 0;
  for (let i = first; i < data.length; i++) {
    if (bad(data[i])) {
      data[i] = fill;
      replaced++;
    }
  }
  return { data, replaced };
}

/**
 * Vertex positions with non-finite values replaced by 0, and their per-component bounds (what the
 * POSITION accessor's min/max must be), in one pass when every value is finite.
 */
export function finitePositions(positions: Float32Array): { data: Float32Array; replaced: number; min: number[]; max: number[] } {
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i], y = positions[i + 1], z = positions[i + 2];
    if (bad(x) || bad(y) || bad(z)) {
      const { data, replaced } = finiteValues(positions);
      return { ...finitePositions(data), replaced };
    }
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return { data: positions, replaced: 0, min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

/** Unit normals; zero or non-finite ones become +Y. Returns the input when all are unit already. */
export function unitNormals(normals: Float32Array): { data: Float32Array; replaced: number; rescaled: number } {
  let ok = true;
  for (let i = 0; i + 2 < normals.length; i += 3) {
    const x = normals[i], y = normals[i + 1], z = normals[i + 2];
    const lengthSquared = x * x + y * y + z * z;
    // |length − 1| ≤ 1e-5 (the validator allows 5e-4); also false for NaN.
    if (!(Math.abs(lengthSquared - 1) <= 2e-5)) {
      ok = false;
      break;
    }
  }
  if (ok) return { data: normals, replaced: 0, rescaled: 0 };
  const data = new Float32Array(normals.length);
  let replaced = 0;
  let rescaled = 0;
  for (let i = 0; i + 2 < normals.length; i += 3) {
    const x = normals[i], y = normals[i + 1], z = normals[i + 2];
    const length = Math.sqrt(x * x + y * y + z * z);
    if (!(length > 1e-12) || !Number.isFinite(length)) {
      data[i + 1] = 1;
      replaced++;
      continue;
    }
    if (Math.abs(length - 1) > 1e-4) rescaled++;
    data[i] = x / length;
    data[i + 1] = y / length;
    data[i + 2] = z / length;
  }
  return { data, replaced, rescaled };
}

/** Unit tangent xyz and w of exactly ±1. Returns the input when it is so already. */
export function unitTangents(tangents: Float32Array): { data: Float32Array; replaced: number } {
  let ok = true;
  for (let i = 0; i + 3 < tangents.length; i += 4) {
    const x = tangents[i], y = tangents[i + 1], z = tangents[i + 2], w = tangents[i + 3];
    if (!(Math.abs(x * x + y * y + z * z - 1) <= 2e-5) || (w !== 1 && w !== -1)) {
      ok = false;
      break;
    }
  }
  if (ok) return { data: tangents, replaced: 0 };
  const data = new Float32Array(tangents.length);
  let replaced = 0;
  for (let i = 0; i + 3 < tangents.length; i += 4) {
    const x = tangents[i], y = tangents[i + 1], z = tangents[i + 2];
    const length = Math.sqrt(x * x + y * y + z * z);
    if (!(length > 1e-12) || !Number.isFinite(length)) {
      data[i] = 1;
      replaced++;
    } else {
      data[i] = x / length;
      data[i + 1] = y / length;
      data[i + 2] = z / length;
    }
    data[i + 3] = tangents[i + 3] < 0 ? -1 : 1;
  }
  return { data, replaced };
}

/** Colours clamped to 0..1 (glTF requires it for float colours); NaN becomes 0. */
export function clampColors(colors: Float32Array): { data: Float32Array; clamped: number } {
  let first = -1;
  for (let i = 0; i < colors.length; i++) {
    const c = colors[i];
    if (!(c >= 0 && c <= 1)) {
      first = i;
      break;
    }
  }
  if (first < 0) return { data: colors, clamped: 0 };
  let clamped = 0;
  const data = colors.slice();
  for (let i = first; i < data.length; i++) {
    const c = data[i];
    if (c >= 0 && c <= 1) continue;
    data[i] = c > 1 ? 1 : 0;
    clamped++;
  }
  return { data, clamped };
}

/**
 * The validator's test of one vertex's influences: weights finite and ≥ 0, joints inside the skin
 * and unique among non-zero weights, zero weights on joint 0, and the float32 sum of the weights
 * within 2e-7 per non-zero weight of 1.
 */
function vertexClean(joints: Uint16Array, weights: Float32Array, v: number, jointCount: number, sum32: Float32Array): boolean {
  sum32[0] = 0;
  let used = 0;
  for (let k = 0; k < 4; k++) {
    const joint = joints[v + k];
    const weight = weights[v + k];
    if (weight === 0) {
      if (joint !== 0) return false;
      continue;
    }
    if (!(weight > 0) || weight === Infinity || joint >= jointCount) return false;
    for (let m = 0; m < k; m++) if (weights[v + m] !== 0 && joints[v + m] === joint) return false;
    sum32[0] += weight;
    used++;
  }
  return used > 0 && Math.abs(sum32[0] - 1) <= 2e-7 * used;
}

/**
 * Joints and weights as glTF wants them: a joint appears once per vertex (duplicates merged),
 * zero-weight slots point at joint 0, weights sum to 1 (in float32, as the validator adds them),
 * influences beyond the skin or not finite are dropped. Returns the inputs when all are clean.
 */
export function cleanSkinWeights(
  joints: Uint16Array,
  weights: Float32Array,
  jointCount: number,
): { joints: Uint16Array; weights: Float32Array; fixed: number } {
  const sum32 = new Float32Array(1);
  let first = -1;
  for (let v = 0; v + 3 < joints.length; v += 4) {
    if (!vertexClean(joints, weights, v, jointCount, sum32)) {
      first = v;
      break;
    }
  }
  if (first < 0) return { joints, weights, fixed: 0 };
  const outJ = joints.slice();
  const outW = weights.slice();
  const j = [0, 0, 0, 0];
  const w = [0, 0, 0, 0];
  let fixed = 0;
  for (let v = first; v + 3 < joints.length; v += 4) {
    if (vertexClean(joints, weights, v, jointCount, sum32)) continue;
    // Counted as fixed when a real influence changes (dropped, merged, renormalised), not for
    // float noise or a joint index left on a zero weight.
    let changed = false;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const joint = joints[v + k];
      const weight = weights[v + k];
      if (!(weight > 0) || weight === Infinity || joint >= jointCount) {
        if (weight !== 0) changed = true;
        continue;
      }
      let slot = -1;
      for (let m = 0; m < n; m++) if (j[m] === joint) slot = m;
      if (slot >= 0) {
        w[slot] += weight;
        changed = true;
      } else {
        j[n] = joint;
        w[n] = weight;
        n++;
      }
    }
    outJ.fill(0, v, v + 4);
    outW.fill(0, v, v + 4);
    let sum = 0;
    for (let m = 0; m < n; m++) sum += w[m];
    if (n === 0 || !(sum > 0) || !Number.isFinite(sum)) {
      // No usable influence: bind to the first joint so the vertex still follows the skeleton.
      outW[v] = 1;
      fixed++;
      continue;
    }
    if (Math.abs(sum - 1) > 1e-6) changed = true;
    if (changed) fixed++;
    let largest = 0;
    sum32[0] = 0;
    for (let m = 0; m < n; m++) {
      outJ[v + m] = j[m];
      outW[v + m] = w[m] / sum;
      sum32[0] += outW[v + m];
      if (outW[v + m] > outW[v + largest]) largest = m;
    }
    // Float32 rounding can leave the sum a few ulps off 1: the largest weight (≥ 1/4) takes the rest.
    outW[v + largest] += 1 - sum32[0];
  }
  return { joints: outJ, weights: outW, fixed };
}

/**
 * Normalises each quaternion of a rotation channel; non-finite or zero ones become the identity.
 * For cubic-spline keys the in and out tangents are scaled with their key, so the curve keeps its
 * shape near the key (glTF normalises the interpolated result anyway). Returns the input when
 * every quaternion is unit already (and every tangent finite).
 */
export function unitQuaternionKeys(values: Float32Array, cubic: boolean): { data: Float32Array; fixed: number } {
  const stride = cubic ? 12 : 4;
  const offset = cubic ? 4 : 0;
  let ok = true;
  for (let i = offset; i + 3 < values.length && ok; i += stride) {
    const x = values[i], y = values[i + 1], z = values[i + 2], w = values[i + 3];
    if (!(Math.abs(x * x + y * y + z * z + w * w - 1) <= 2e-6)) ok = false;
  }
  if (ok && cubic) for (let i = 0; i < values.length && ok; i++) if (bad(values[i])) ok = false;
  if (ok) return { data: values, fixed: 0 };
  const out = new Float32Array(values);
  let fixed = 0;
  for (let i = offset; i + 3 < out.length; i += stride) {
    const length = Math.sqrt(out[i] * out[i] + out[i + 1] * out[i + 1] + out[i + 2] * out[i + 2] + out[i + 3] * out[i + 3]);
    if (!(length > 1e-12) || !Number.isFinite(length)) {
      out[i] = out[i + 1] = out[i + 2] = 0;
      out[i + 3] = 1;
      if (cubic) out.fill(0, i - 4, i).fill(0, i + 4, i + 8);
      fixed++;
      continue;
    }
    for (let c = 0; c < 4; c++) out[i + c] /= length;
    if (cubic) {
      for (let c = 0; c < 4; c++) {
        out[i - 4 + c] = bad(out[i - 4 + c]) ? 0 : out[i - 4 + c] / length;
        out[i + 4 + c] = bad(out[i + 4 + c]) ? 0 : out[i + 4 + c] / length;
      }
    }
  }
  return { data: out, fixed };
}

/**
 * Key times glTF accepts: finite, ≥ 0 after `shift` is added, strictly increasing. Returns the
 * times to write and, when some keys had to go, which ones are kept (the values follow that mask).
 */
export function cleanKeyTimes(times: Float32Array, shift: number): { times: Float32Array; keep?: Uint8Array; dropped: number } {
  let previous = -Infinity;
  let ok = true;
  for (let i = 0; i < times.length; i++) {
    const t = times[i] + shift;
    if (!(t >= 0 && t > previous && t < Infinity)) {
      ok = false;
      break;
    }
    previous = t;
  }
  if (ok) {
    if (shift === 0) return { times, dropped: 0 };
    const shifted = new Float32Array(times.length);
    for (let i = 0; i < times.length; i++) shifted[i] = times[i] + shift;
    // Rounding to float32 after the shift can merge neighbouring keys; check again.
    let increasing = true;
    for (let i = 1; i < shifted.length; i++) if (!(shifted[i] > shifted[i - 1])) increasing = false;
    if (increasing) return { times: shifted, dropped: 0 };
  }
  const keep = new Uint8Array(times.length);
  const kept: number[] = [];
  previous = -Infinity;
  for (let i = 0; i < times.length; i++) {
    const t = Math.fround(times[i] + shift);
    if (t >= 0 && t > previous && t < Infinity) {
      keep[i] = 1;
      kept.push(t);
      previous = t;
    }
  }
  return { times: Float32Array.from(kept), keep, dropped: times.length - kept.length };
}

/** The values of the kept keys (`size` numbers per key). */
export function keptValues(values: Float32Array, keep: Uint8Array | undefined, size: number): Float32Array {
  if (!keep) return values;
  let count = 0;
  for (let i = 0; i < keep.length; i++) count += keep[i];
  const out = new Float32Array(count * size);
  let o = 0;
  for (let i = 0; i < keep.length; i++) {
    if (!keep[i]) continue;
    out.set(values.subarray(i * size, i * size + size), o);
    o += size;
  }
  return out;
}

export function unitQuaternion(q: ArrayLike<number>): [number, number, number, number] {
  const length = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(length > 1e-12) || !Number.isFinite(length)) return [0, 0, 0, 1];
  return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
}

/** A vector with every non-finite component replaced by `fill`, and whether one was. */
export function finiteVector(v: ArrayLike<number>, fill: number): { value: number[]; fixed: boolean } {
  // A plain loop: Array.from with a callback was 5% of a small skinned file's export (65 nodes).
  const value: number[] = [];
  let fixed = false;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (bad(x)) {
      fixed = true;
      value.push(fill);
    } else value.push(x);
  }
  return { value, fixed };
}

/** A finite number, else the fallback. */
export const finiteOr = (x: number | undefined, fallback: number): number => (x !== undefined && Number.isFinite(x) ? x : fallback);
