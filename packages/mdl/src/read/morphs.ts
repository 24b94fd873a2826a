import type { ByteReader } from '@relic3d/core';
import { deinterleave } from '@relic3d/kernels';
import type { MdlMorph } from '../file.js';
import { countField, type ReadContext } from './context.js';
import { MORPH_LAYOUT, MORPH_VERTEX_SIZE } from './layout.js';

/** MSET: MORP records of one full vertex (position, normal, tangent, bitangent) per mesh vertex. */
export function readMorphs(r: ByteReader, ctx: ReadContext, vertexCount: number): MdlMorph[] {
  r.expectTag('MSET');
  const morphCount = countField(r, 4 + vertexCount * MORPH_VERTEX_SIZE, 'morphs');
  const morphs: MdlMorph[] = [];
  for (let i = 0; i < morphCount; i++) {
    const offset = r.absoluteOffset;
    r.expectTag('MORP');
    const data = r.u8Array(vertexCount * MORPH_VERTEX_SIZE, 'morph vertices');
    morphs.push({ offset, ...deinterleave(data, MORPH_VERTEX_SIZE, vertexCount, MORPH_LAYOUT, { kernels: ctx.options.kernels }) });
  }
  return morphs;
}
