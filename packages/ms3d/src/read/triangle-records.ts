import type { Ms3dTriangles } from '../file.js';
import { HOST_IS_LITTLE_ENDIAN } from './host-endian.js';
import { TRIANGLE_FIELDS } from './layout.js';

/** One triangle field read in place: triangle `i`'s value starts at `base + i × stride` of `view` (little-endian). */
export interface TriangleField {
  view: DataView;
  base: number;
  stride: number;
}

/** The triangle fields the mesh needs, wherever they are stored. */
export interface TriangleFields {
  flags: TriangleField;
  vertexIndices: TriangleField;
  normals: TriangleField;
  s: TriangleField;
  t: TriangleField;
  smoothingGroups: TriangleField;
  groupIndices: TriangleField;
}

/** Where triangles read by the scene path keep their 70-byte records: the input bytes. */
const RECORDS = Symbol('ms3d triangle records');
type TrackedTriangles = Ms3dTriangles & { [RECORDS]?: TriangleFields };

function arrayField(array: Uint8Array | Uint16Array | Float32Array, perTriangle: number): TriangleField {
  const size = array.BYTES_PER_ELEMENT;
  let view = new DataView(array.buffer, array.byteOffset, array.byteLength);
  if (!HOST_IS_LITTLE_ENDIAN && size > 1) {
    const le = new DataView(new ArrayBuffer(array.byteLength));
    for (let i = 0; i < array.length; i++) {
      if (size === 2) le.setUint16(i * 2, array[i], true);
      else le.setFloat32(i * 4, array[i], true);
    }
    view = le;
  }
  return { view, base: 0, stride: perTriangle * size };
}

/** The triangles' fields: in the input records when the scene path read them, else over the arrays. */
export function triangleFields(tris: Ms3dTriangles): TriangleFields {
  const records = (tris as TrackedTriangles)[RECORDS];
  if (records) return records;
  return {
    flags: arrayField(tris.flags, 1),
    vertexIndices: arrayField(tris.vertexIndices, 3),
    normals: arrayField(tris.normals, 9),
    s: arrayField(tris.s, 3),
    t: arrayField(tris.t, 3),
    smoothingGroups: arrayField(tris.smoothingGroups, 1),
    groupIndices: arrayField(tris.groupIndices, 1),
  };
}

/** The triangles' 70-byte records in the input, when the scene path read them in place. */
export function triangleRecordBytes(tris: Ms3dTriangles): Uint8Array | undefined {
  const view = (tris as TrackedTriangles)[RECORDS]?.flags.view;
  return view && new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Leaves the triangle arrays in the input records until someone reads them (`decode` builds them
 * all at once, on first access); the scene path reads the records in place.
 */
export function attachTriangleRecords(tris: Ms3dTriangles, records: Uint8Array, stride: number, decode: () => Omit<Ms3dTriangles, 'count' | 'offset'>): void {
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const field = (name: keyof TriangleFields): TriangleField => ({ view, base: TRIANGLE_FIELDS[name].offset, stride });
  const fields: TriangleFields = {
    flags: field('flags'),
    vertexIndices: field('vertexIndices'),
    normals: field('normals'),
    s: field('s'),
    t: field('t'),
    smoothingGroups: field('smoothingGroups'),
    groupIndices: field('groupIndices'),
  };
  const tracked = tris as TrackedTriangles;
  Object.defineProperty(tracked, RECORDS, { value: fields, enumerable: false });
  let decoded: Omit<Ms3dTriangles, 'count' | 'offset'> | undefined;
  for (const name of ['flags', 'vertexIndices', 'normals', 's', 't', 'smoothingGroups', 'groupIndices'] as const) {
    Object.defineProperty(tracked, name, {
      enumerable: true,
      configurable: true,
      get: () => (decoded ??= decode())[name],
      set: (value: unknown) => Object.defineProperty(tracked, name, { value, enumerable: true, configurable: true, writable: true }),
    });
  }
}
