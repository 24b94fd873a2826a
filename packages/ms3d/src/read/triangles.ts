import type { ByteReader } from '@relic3d/core';
import type { Ms3dParseOptions, Ms3dTriangles } from '../file.js';
import { deinterleaveChunked } from './chunked.js';
import { TRIANGLE_FIELDS, TRIANGLE_SIZE } from './layout.js';
import { attachTriangleRecords } from './triangle-records.js';

/**
 * `u16 count`, then 70-byte triangle records (docs/formats/ms3d.md §2.3). `inPlace`: the arrays
 * stay in the input records (see attachTriangleRecords); the scene path reads them there.
 */
export function readTriangles(r: ByteReader, options: Ms3dParseOptions, inPlace: boolean): Ms3dTriangles {
  const count = r.count(r.u16(), TRIANGLE_SIZE, 'triangles');
  const offset = r.offset;
  const records = r.u8Array(count * TRIANGLE_SIZE, 'triangles');
  const decode = () => deinterleaveChunked(records, TRIANGLE_SIZE, count, TRIANGLE_FIELDS, { kernels: options.kernels });
  if (!inPlace) return { count, offset, ...decode() };
  const tris = { count, offset } as Ms3dTriangles;
  attachTriangleRecords(tris, records, TRIANGLE_SIZE, decode);
  return tris;
}
