import type { ByteReader } from '@relic3d/core';
import { deinterleave } from '@relic3d/kernels';
import type { Ms3dParseOptions, Ms3dVertexExtra } from '../file.js';
import { VERTEX_EXTRA_FIELDS, VERTEX_EXTRA_WORDS_OFFSET } from './layout.js';

/**
 * Trailer section b), after its sub-version (docs/formats/ms3d.md §2.8): one record of
 * `recordSize` bytes per vertex, the extra bone ids and weight bytes of multi-bone skinning.
 */
export function readVertexExtra(
  r: ByteReader,
  subVersion: number,
  recordSize: number,
  vertexCount: number,
  options: Ms3dParseOptions,
): Ms3dVertexExtra {
  const n = vertexCount;
  const records = r.u8Array(r.count(n, recordSize, 'vertex extra records') * recordSize, 'vertex extra records');
  const words = (recordSize - VERTEX_EXTRA_WORDS_OFFSET) / 4;
  const kernelOptions = { kernels: options.kernels };
  const fields = deinterleave(records, recordSize, n, VERTEX_EXTRA_FIELDS, kernelOptions);
  const boneIds = new Int8Array(fields.boneIds.buffer, fields.boneIds.byteOffset, fields.boneIds.length);
  const weights = fields.weights;
  const extra = words
    ? deinterleave(records, recordSize, n, { extra: { offset: VERTEX_EXTRA_WORDS_OFFSET, type: 'u32', components: words } }, kernelOptions).extra
    : new Uint32Array(0);
  return { subVersion, boneIds, weights, extra, records, recordSize };
}
