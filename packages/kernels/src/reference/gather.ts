import { expectArray } from '../guard.js';

/** One f32 field of a record: `components` floats at byte `offset`; component `negate` written as 0 − x (a Z mirror). */
export interface GatherField {
  offset: number;
  components: number;
  negate?: number;
}

export interface GatheredRecords {
  /** One packed array per field, `source.length × components` floats. */
  arrays: Float32Array[];
  /** Non-finite values written as 0. */
  notFinite: number;
}

/** Checks the stride, the fields and the source's type; the record numbers are checked while gathering. */
export function checkGather(records: Uint8Array, stride: number, source: Uint32Array, fields: readonly GatherField[]): void {
  expectArray('records', records, Uint8Array);
  expectArray('source', source, Uint32Array);
  if (!Number.isInteger(stride) || stride <= 0) throw new RangeError(`stride must be a positive integer, got ${stride}`);
  for (const [i, f] of fields.entries()) {
    const negate = f.negate ?? -1;
    if (!Number.isInteger(f.components) || f.components < 1 || f.components > 4 || !Number.isInteger(f.offset) || f.offset < 0 || f.offset + f.components * 4 > stride) {
      throw new RangeError(`field ${i} (${f.components} × f32 at ${f.offset}) does not fit a ${stride}-byte record`);
    }
    if (!Number.isInteger(negate) || negate < -1 || negate >= f.components) throw new RangeError(`field ${i}: negate must be a component index, got ${f.negate}`);
  }
}

/** The error for a record number past the records. */
export function recordOutOfRange(recordCount: number): RangeError {
  return new RangeError(`a source record number is at or past the ${recordCount} records`);
}

/**
 * TypeScript reference: the f32 fields of the records `source` names, packed one array per field,
 * component `negate` written as 0 − x, every non-finite value written as 0 and counted. Records
 * 4-aligned in memory are read through a Float32Array view; others are copied to aligned memory
 * once (callers gathering several blocks from one buffer pass it aligned).
 */
export function gatherRecordsJS(records: Uint8Array, stride: number, source: Uint32Array, fields: readonly GatherField[]): GatheredRecords {
  checkGather(records, stride, source, fields);
  const recordCount = Math.floor(records.byteLength / stride);
  const n = source.length;
  const arrays = fields.map((f) => new Float32Array(n * f.components));
  if (!n) return { arrays, notFinite: 0 };
  const floats = recordFloats(records, recordCount * stride);
  let notFinite = 0;
  const aligned = stride % 4 === 0 && fields.every((f) => f.offset % 4 === 0);
  // The fused loop checks each record number as it reads it; the others check them all first.
  if (aligned && isVertexShape(fields)) return { arrays, notFinite: gatherVertexShape(floats, stride >> 2, recordCount, fields, source, arrays) };
  for (let i = 0; i < n; i++) if (source[i] >= recordCount) throw recordOutOfRange(recordCount);
  if (aligned) {
    // Field by field over blocks of records that stay in cache: one pass over the records, not one per field.
    for (let first = 0; first < n; first += BLOCK) {
      const end = Math.min(n, first + BLOCK);
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i];
        notFinite += gatherField(floats, stride >> 2, f.offset >> 2, f.components, f.negate ?? -1, source, first, end, arrays[i]);
      }
    }
    return { arrays, notFinite };
  }
  // Fields off a 4-byte boundary: one DataView read per value.
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  for (const [i, f] of fields.entries()) {
    const out = arrays[i];
    const negate = f.negate ?? -1;
    for (let v = 0, o = 0; v < n; v++) {
      for (let c = 0, p = source[v] * stride + f.offset; c < f.components; c++, p += 4) {
        let x = view.getFloat32(p, true);
        if (c === negate) x = 0 - x;
        if (x - x !== 0) {
          x = 0;
          notFinite++;
        }
        out[o++] = x;
      }
    }
  }
  return { arrays, notFinite };
}

/** Two vec3 with z mirrored and a vec2 as stored (position, normal, uv): one fused loop (the blocked loop per field ran the O3D static parse 0.84–0.96× as fast as this one did before it moved here). */
function isVertexShape(fields: readonly GatherField[]): boolean {
  return fields.length === 3 && fields[0].components === 3 && fields[0].negate === 2 && fields[1].components === 3 && fields[1].negate === 2 && fields[2].components === 2 && fields[2].negate === undefined;
}

/** {@link isVertexShape}'s gather in one pass over the records. */
function gatherVertexShape(f: Float32Array, stride: number, recordCount: number, fields: readonly GatherField[], source: Uint32Array, arrays: Float32Array[]): number {
  const [p, nm, t] = arrays;
  const po = fields[0].offset >> 2, no = fields[1].offset >> 2, to = fields[2].offset >> 2;
  let bad = 0;
  // `x - x === 0` holds exactly for finite x (NaN and ±infinity give NaN).
  const finite = (x: number): number => {
    if (x - x === 0) return x;
    bad++;
    return 0;
  };
  for (let v = 0, o3 = 0, o2 = 0, n = source.length; v < n; v++, o3 += 3, o2 += 2) {
    const s = source[v];
    if (s >= recordCount) throw recordOutOfRange(recordCount);
    const r = s * stride;
    const a = r + po, b = r + no, c = r + to;
    p[o3] = finite(f[a]);
    p[o3 + 1] = finite(f[a + 1]);
    p[o3 + 2] = finite(0 - f[a + 2]);
    nm[o3] = finite(f[b]);
    nm[o3 + 1] = finite(f[b + 1]);
    nm[o3 + 2] = finite(0 - f[b + 2]);
    t[o2] = finite(f[c]);
    t[o2 + 1] = finite(f[c + 1]);
  }
  return bad;
}

/** Records per block of the gather. */
const BLOCK = 512;

/** The records as floats: a view when 4-aligned, else an aligned copy (one memcpy). */
function recordFloats(records: Uint8Array, length: number): Float32Array {
  const aligned = (records.byteOffset & 3) === 0 ? records : new Uint8Array(records.subarray(0, length));
  return new Float32Array(aligned.buffer, aligned.byteOffset, length >> 2);
}

/** One field: `components` floats at word `offset` of record s (`stride` words) for every s of `source[first … end)`. */
function gatherField(f: Float32Array, stride: number, offset: number, components: number, negate: number, source: Uint32Array, first: number, end: number, out: Float32Array): number {
  let bad = 0;
  // `x - x === 0` holds exactly for finite x (NaN and ±infinity give NaN).
  const finite = (x: number): number => {
    if (x - x === 0) return x;
    bad++;
    return 0;
  };
  if (components === 3 && negate === 2) {
    for (let v = first, o = first * 3; v < end; v++, o += 3) {
      const a = source[v] * stride + offset;
      out[o] = finite(f[a]);
      out[o + 1] = finite(f[a + 1]);
      out[o + 2] = finite(0 - f[a + 2]);
    }
  } else if (components === 3) {
    const m0 = negate === 0 ? -1 : 1, m1 = negate === 1 ? -1 : 1, m2 = negate === 2 ? -1 : 1;
    for (let v = first, o = first * 3; v < end; v++, o += 3) {
      const a = source[v] * stride + offset;
      out[o] = finite(m0 < 0 ? 0 - f[a] : f[a]);
      out[o + 1] = finite(m1 < 0 ? 0 - f[a + 1] : f[a + 1]);
      out[o + 2] = finite(m2 < 0 ? 0 - f[a + 2] : f[a + 2]);
    }
  } else if (components === 2 && negate < 0) {
    for (let v = first, o = first * 2; v < end; v++, o += 2) {
      const a = source[v] * stride + offset;
      out[o] = finite(f[a]);
      out[o + 1] = finite(f[a + 1]);
    }
  } else {
    for (let v = first, o = first * components; v < end; v++) {
      const a = source[v] * stride + offset;
      for (let c = 0; c < components; c++) out[o++] = finite(c === negate ? 0 - f[a + c] : f[a + c]);
    }
  }
  return bad;
}
