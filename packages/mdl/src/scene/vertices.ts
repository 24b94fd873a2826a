import { deinterleave } from '@relic3d/kernels';
import type { ParseOptions } from '@relic3d/core';
import type { MdlMesh, MdlVertices } from '../file.js';
import { ULTRA_TAIL_START, ULTRA_VERTEX_SIZE } from '../read/layout.js';
import { handednessFromGradient } from './tangents.js';

/**
 * One pass over the vertices: glTF tangents (xyz mirrored, w the handedness) from the stored ones,
 * with w from the UV gradients `dPdv` (tangents.ts, file frame) or, when stored, the bitangent.
 * Also says which arrays are all finite (sums stay finite for any float32 input and turn NaN or
 * infinite as soon as one value is), whether texcoord1 is used and whether the displacement is one
 * value. A leaf function, so the loop is optimised as a whole. Positions and normals come back
 * mirrored in new arrays, written in this pass rather than by core's `mirrorZ` since it reads every
 * value anyway; `v` is only read.
 */
export function convertVertices(v: MdlVertices, dPdv: Float64Array | undefined, bitangentUsed: boolean, n: number) {
  const tangent = new Float32Array(n * 4);
  const { position, normal, texcoord0, texcoord1, displacement, bitangent } = v;
  const stored = v.tangent;
  const mirroredPosition = new Float32Array(position.length), mirroredNormal = new Float32Array(normal.length);
  const firstDisplacement = n > 0 ? displacement[0] : 1;
  let zeroTangents = 0, texcoord1Used = false, uniformDisplacement = true;
  let positionSum = 0, normalSum = 0, tangentSum = 0, texcoordSum = 0;
  for (let i = 0; i < n; i++) {
    const sx = stored[i * 3], sy = stored[i * 3 + 1], sz = stored[i * 3 + 2];
    const tx = sx, ty = sy, tz = 0 - sz;
    const squared = tx * tx + ty * ty + tz * tz;
    tangentSum += squared;
    texcoordSum += texcoord0[i * 2] + texcoord0[i * 2 + 1];
    if (texcoord1[i * 2] !== 0 || texcoord1[i * 2 + 1] !== 0) texcoord1Used = true;
    if (displacement[i] !== firstDisplacement) uniformDisplacement = false;
    if (!isLongerThan1e6(squared, tx, ty, tz)) zeroTangents++;
    tangent[i * 4] = tx;
    tangent[i * 4 + 1] = ty;
    tangent[i * 4 + 2] = tz;
    const nx = normal[i * 3], ny = normal[i * 3 + 1], storedNz = normal[i * 3 + 2];
    const nz = 0 - storedNz;
    let w = dPdv ? handednessFromGradient(nx, ny, storedNz, sx, sy, sz, dPdv, i * 3) : 1;
    if (bitangentUsed) {
      // In the glTF frame: mirrored normal, tangent and bitangent.
      const bx = bitangent[i * 3], by = bitangent[i * 3 + 1], bz = 0 - bitangent[i * 3 + 2];
      const d = (ny * tz - nz * ty) * bx + (nz * tx - nx * tz) * by + (nx * ty - ny * tx) * bz;
      if (d < 0) w = -1;
    }
    tangent[i * 4 + 3] = w;
    normalSum += nx + ny + storedNz;
    mirroredNormal[i * 3] = nx;
    mirroredNormal[i * 3 + 1] = ny;
    mirroredNormal[i * 3 + 2] = nz;
    const px = position[i * 3], py = position[i * 3 + 1], pz = position[i * 3 + 2];
    positionSum += px + py + pz;
    mirroredPosition[i * 3] = px;
    mirroredPosition[i * 3 + 1] = py;
    mirroredPosition[i * 3 + 2] = 0 - pz;
  }
  return {
    position: mirroredPosition,
    normal: mirroredNormal,
    tangent,
    zeroTangents,
    texcoord1Used,
    uniformDisplacement,
    positionFinite: positionSum - positionSum === 0,
    normalFinite: normalSum - normalSum === 0,
    tangentFinite: tangentSum - tangentSum === 0,
    texcoordFinite: texcoordSum - texcoordSum === 0,
  };
}

/**
 * `Math.hypot(x, y, z) > 1e-6` without the slow call: float32 squares are exact in doubles, so the
 * squared length decides except within a hair of the threshold (and for NaN), where hypot does.
 */
function isLongerThan1e6(squared: number, x: number, y: number, z: number): boolean {
  if (squared > 1.000001e-12) return true;
  if (squared < 0.999999e-12) return false;
  return Math.hypot(x, y, z) > 1e-6;
}

/**
 * The file's array when all its values are finite (noted, so the scrub skips it), else a copy for
 * the scrub to repair: the scene shares the file's arrays but never changes them.
 */
export function finiteOrCopy(values: Float32Array, finite: Set<Float32Array>): Float32Array {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return values.slice();
  finite.add(values);
  return values;
}

/** Every byte 255, four at a time when the array is aligned (it is when fresh from deinterleave). */
export function allBytes255(values: Uint8Array): boolean {
  let i = 0;
  if (values.byteOffset % 4 === 0) {
    const words = new Uint32Array(values.buffer, values.byteOffset, values.length >> 2);
    for (; i < words.length; i++) if (words[i] !== 0xffffffff) return false;
    i = words.length * 4;
  }
  for (; i < values.length; i++) if (values[i] !== 255) return false;
  return true;
}

export function normalisedColors(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] / 255;
  return out;
}

export function allEqual(values: Float32Array, value: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] !== value) return false;
  return true;
}

/**
 * Bytes 60–95 of every Ultra vertex, packed (36 per vertex): nine 32-bit words a vertex (bits kept),
 * not a subarray and a copy per vertex (measured ~10× slower). Records at a 4-byte boundary are
 * copied word by word in place: 1.6× the deinterleave kernel, whose WASM path first copies the
 * whole 96-byte records in (3.4 vs 5.3 ms on 200,000 vertices, one run); others go through it.
 */
export function ultraTail(mesh: MdlMesh, options: Pick<ParseOptions, 'kernels'>): Uint8Array {
  const data = mesh.vertexData, n = mesh.vertexCount;
  if ((data.byteOffset & 3) === 0 && data.byteLength >= n * ULTRA_VERTEX_SIZE) {
    const words = new Uint32Array(data.buffer, data.byteOffset, (n * ULTRA_VERTEX_SIZE) >> 2);
    const out = new Uint32Array(n * TAIL_WORDS);
    for (let v = 0, i = ULTRA_TAIL_START >> 2, o = 0; v < n; v++, i += ULTRA_VERTEX_SIZE >> 2, o += TAIL_WORDS) {
      // Unrolled: 1.7× the loop over the nine words (measured).
      out[o] = words[i];
      out[o + 1] = words[i + 1];
      out[o + 2] = words[i + 2];
      out[o + 3] = words[i + 3];
      out[o + 4] = words[i + 4];
      out[o + 5] = words[i + 5];
      out[o + 6] = words[i + 6];
      out[o + 7] = words[i + 7];
      out[o + 8] = words[i + 8];
    }
    return new Uint8Array(out.buffer);
  }
  const { tail } = deinterleave(data, ULTRA_VERTEX_SIZE, n, TAIL_LAYOUT, { kernels: options.kernels });
  return new Uint8Array(tail.buffer, tail.byteOffset, tail.byteLength);
}

const TAIL_WORDS = (ULTRA_VERTEX_SIZE - ULTRA_TAIL_START) / 4;

const TAIL_LAYOUT = { tail: { offset: ULTRA_TAIL_START, type: 'u32', components: (ULTRA_VERTEX_SIZE - ULTRA_TAIL_START) / 4 } } as const;
