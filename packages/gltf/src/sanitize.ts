/**
 * glTF is stricter than the scene model in a few places the validator checks: unit normals,
 * tangent signs of ±1, colours in 0..1, weights summing to exactly 1 with unique joints, unit
 * quaternions. These helpers return fixed copies (never touching the scene) and count the fixes.
 */

/** Unit normals; zero or non-finite ones become +Y. Returns the copy and the number replaced. */
export function unitNormals(normals: Float32Array): { data: Float32Array; replaced: number; rescaled: number } {
  const data = new Float32Array(normals.length);
  let replaced = 0;
  let rescaled = 0;
  for (let i = 0; i + 2 < normals.length; i += 3) {
    const x = normals[i], y = normals[i + 1], z = normals[i + 2];
    const length = Math.hypot(x, y, z);
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

/** Unit tangent xyz and w of exactly ±1. */
export function unitTangents(tangents: Float32Array): { data: Float32Array; replaced: number } {
  const data = new Float32Array(tangents.length);
  let replaced = 0;
  for (let i = 0; i + 3 < tangents.length; i += 4) {
    const x = tangents[i], y = tangents[i + 1], z = tangents[i + 2];
    const length = Math.hypot(x, y, z);
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

/** Colours clamped to 0..1 (glTF requires it for float colours). */
export function clampColors(colors: Float32Array): { data: Float32Array; clamped: number } {
  let clamped = 0;
  const data = new Float32Array(colors.length);
  for (let i = 0; i < colors.length; i++) {
    const c = colors[i];
    const v = c < 0 ? 0 : c > 1 ? 1 : c;
    if (v !== c) clamped++;
    data[i] = v;
  }
  return { data, clamped };
}

/**
 * Joints and weights as glTF wants them: a joint appears once per vertex (duplicates merged),
 * zero-weight slots point at joint 0, weights sum to 1, influences beyond the skin are dropped.
 */
export function cleanSkinWeights(
  joints: Uint16Array,
  weights: Float32Array,
  jointCount: number,
): { joints: Uint16Array; weights: Float32Array; fixed: number } {
  const outJ = new Uint16Array(joints.length);
  const outW = new Float32Array(weights.length);
  const j = [0, 0, 0, 0];
  const w = [0, 0, 0, 0];
  let fixed = 0;
  for (let v = 0; v + 3 < joints.length; v += 4) {
    let n = 0;
    let changed = false;
    for (let k = 0; k < 4; k++) {
      const joint = joints[v + k];
      const weight = weights[v + k];
      if (!(weight > 0) || joint >= jointCount) {
        if (weight !== 0) changed = true; // a real influence is dropped (negative or past the skin)
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
    let sum = 0;
    for (let m = 0; m < n; m++) sum += w[m];
    if (n === 0 || !(sum > 0)) {
      // No usable influence: bind to the first joint so the vertex still follows the skeleton.
      outW[v] = 1;
      fixed++;
      continue;
    }
    if (Math.abs(sum - 1) > 1e-6) changed = true;
    let written = 0;
    for (let m = 0; m < n; m++) {
      outJ[v + m] = j[m];
      const value = m === n - 1 ? 1 - written : Math.fround(w[m] / sum);
      outW[v + m] = value;
      written += value;
    }
    if (changed) fixed++;
  }
  return { joints: outJ, weights: outW, fixed };
}

/**
 * Normalises each quaternion of a rotation channel. For cubic-spline keys the in and out tangents
 * are scaled with their key, so the curve keeps its shape near the key (glTF normalises the
 * interpolated result anyway).
 */
export function unitQuaternionKeys(values: Float32Array, cubic: boolean): Float32Array {
  const out = new Float32Array(values);
  const stride = cubic ? 12 : 4;
  const offset = cubic ? 4 : 0;
  for (let i = offset; i + 3 < out.length; i += stride) {
    const length = Math.hypot(out[i], out[i + 1], out[i + 2], out[i + 3]);
    if (!(length > 1e-12) || !Number.isFinite(length)) {
      out[i] = out[i + 1] = out[i + 2] = 0;
      out[i + 3] = 1;
      if (cubic) out.fill(0, i - 4, i).fill(0, i + 4, i + 8);
      continue;
    }
    for (let c = 0; c < 4; c++) out[i + c] /= length;
    if (cubic) for (let c = 0; c < 4; c++) {
      out[i - 4 + c] /= length;
      out[i + 4 + c] /= length;
    }
  }
  return out;
}

export function unitQuaternion(q: ArrayLike<number>): [number, number, number, number] {
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(length > 1e-12)) return [0, 0, 0, 1];
  return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
}

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : Number.isFinite(x) ? x : 0);
