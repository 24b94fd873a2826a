import type { ByteReader } from '@relic3d/core';
import { deinterleave } from '@relic3d/kernels';
import type { Ms3dParseOptions, Ms3dVertices } from '../file.js';
import { VERTEX_FIELDS, VERTEX_SIZE } from './layout.js';

/** `u16 count`, then 15-byte vertex records (docs/formats/ms3d.md §2.2), split into one array per field. */
export function readVertices(r: ByteReader, options: Ms3dParseOptions): Ms3dVertices {
  const count = r.count(r.u16(), VERTEX_SIZE, 'vertices');
  const records = r.u8Array(count * VERTEX_SIZE, 'vertices');
  const fields = deinterleave(records, VERTEX_SIZE, count, VERTEX_FIELDS, { kernels: options.kernels });
  const boneIds = new Int8Array(fields.boneIds.buffer, fields.boneIds.byteOffset, fields.boneIds.length);
  return { count, flags: fields.flags, positions: fields.positions, boneIds, referenceCounts: fields.referenceCounts };
}
