/** The object groups: three LOD levels when the LOD flag is set, else one (docs/formats/o3d.md §2.2). */
import type { O3dObject } from '../file.js';
import { MIN_OBJECT_BYTES } from './layout.js';
import { readObject } from './objects.js';
import type { Reading } from './reading.js';

/** Each group's object count and objects; the stored pool size should equal the total. */
export function readGroups(reading: Reading, lodFlag: number, frameCount: number, poolSize: number): O3dObject[][] {
  const { r, sink } = reading;
  const groupCount = lodFlag !== 0 ? 3 : 1;
  const groups: O3dObject[][] = [];
  let total = 0;
  for (let g = 0; g < groupCount; g++) {
    const countAt = r.offset;
    const n = r.i32();
    if (n < 0) r.fail('an object count ≥ 0', String(n), 'BAD_COUNT', countAt);
    r.count(n, MIN_OBJECT_BYTES, 'objects');
    const objects: O3dObject[] = [];
    for (let i = 0; i < n; i++) objects.push(readObject(reading, frameCount));
    groups.push(objects);
    total += n;
  }
  if (poolSize !== total) sink.warn('O3D_POOL_SIZE', `pool size ${poolSize} differs from the ${total} objects read`);
  return groups;
}
