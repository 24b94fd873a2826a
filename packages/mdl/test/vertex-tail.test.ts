// extras.unverifiedVertexTail: bytes 60–95 of every 96-byte Ultra vertex, packed. The word copy (records
// at a 4-byte boundary) and the kernel path (any other offset) give the same bytes as slicing each record.
import { describe, expect, it } from 'vitest';
import type { MdlMesh } from '../src/file.js';
import { ultraTail } from '../src/scene/vertices.js';

describe('ultraTail', () => {
  it('packs bytes 60–95 of each vertex, records aligned or not, WASM or TypeScript kernels', async () => {
    const { ready } = await import('@relic3d/kernels');
    await ready();
    const count = 37;
    const records = Uint8Array.from({ length: count * 96 }, (_, i) => (i * 131 + 7) & 255);
    const expected = new Uint8Array(count * 36);
    for (let v = 0; v < count; v++) expected.set(records.subarray(v * 96 + 60, v * 96 + 96), v * 36);
    for (const shift of [0, 1, 2, 4]) {
      const buffer = new Uint8Array(records.length + shift);
      buffer.set(records, shift);
      const mesh = { vertexData: buffer.subarray(shift), vertexCount: count } as unknown as MdlMesh;
      for (const kernels of ['wasm', 'js'] as const) expect(ultraTail(mesh, { kernels })).toEqual(expected);
    }
  });
});
