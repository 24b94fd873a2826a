/**
 * The parse's vertex buffers stay records: the scene gathers its attributes straight from them
 * (scene/vertices.ts), so the columns (positions, normals, uvs, weights, bone indices) are split
 * only if something reads them. A public read splits them at once.
 */
import { deinterleave, type KernelMode } from '@relic3d/kernels';
import type { O3dGeometry } from '../file.js';
import { NORMAL_VERTEX_FIELDS, SKIN_VERTEX_FIELDS } from './layout.js';

/** A geometry's vertex buffer as stored: `count` records of `stride` bytes. */
export interface VertexRecords {
  bytes: Uint8Array;
  stride: number;
  count: number;
  /** The records as floats, copied once to 4-aligned memory when they are not (the TypeScript gather), made on first use. */
  floats?: Float32Array;
}

const RECORDS = Symbol('o3d vertex records');
type WithRecords = O3dGeometry & { [RECORDS]?: VertexRecords };

/** The parse's records of a geometry, or undefined (a public read, or a geometry built elsewhere). */
export function vertexRecordsOf(g: O3dGeometry): VertexRecords | undefined {
  return (g as WithRecords)[RECORDS];
}

/** Gives `g` its records and column properties that split them on first read (once, all columns). */
export function attachVertexRecords(g: O3dGeometry, records: VertexRecords, skin: boolean, kernels: KernelMode | undefined): void {
  Object.defineProperty(g, RECORDS, { value: records, enumerable: false });
  const layout = skin ? SKIN_VERTEX_FIELDS : NORMAL_VERTEX_FIELDS;
  let columns: Record<string, Float32Array | Uint16Array> | undefined;
  for (const name of Object.keys(layout)) {
    Object.defineProperty(g, name, {
      enumerable: true,
      configurable: true,
      get: () => (columns ??= deinterleave(records.bytes, records.stride, records.count, layout, { kernels }) as Record<string, Float32Array | Uint16Array>)[name],
      set: (value: unknown) => {
        Object.defineProperty(g, name, { value, enumerable: true, configurable: true, writable: true });
      },
    });
  }
}
