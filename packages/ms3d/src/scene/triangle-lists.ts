import { FormatError, type WarningSink } from '@relic3d/core';
import { FORMAT_ID, type Ms3dFile } from '../file.js';
import { GROUP_TRIANGLE_INDICES_OFFSET } from '../read/layout.js';

function grow(list: Uint16Array): Uint16Array {
  const out = new Uint16Array(Math.max(16, list.length * 2));
  out.set(list);
  return out;
}

/**
 * The triangle list of each group, checked before anything is built from it: an index past the
 * triangles is an error, and a triangle already listed (here or in an earlier group) is dropped,
 * since each triangle belongs to one group. What the mesh holds is then bounded by the triangles
 * stored, not by how often a file repeats them. Lists without repeats are returned as stored.
 */
export function checkedTriangleLists(file: Ms3dFile, sink: WarningSink): Uint16Array[] {
  const count = file.triangles.count;
  const listed = new Uint8Array(count);
  let repeats = 0;
  const lists = file.groups.map((group, g) => {
    const stored = group.triangleIndices;
    let kept: Uint16Array | undefined;
    let n = 0;
    for (let i = 0; i < stored.length; i++) {
      const tri = stored[i];
      if (tri >= count) {
        throw new FormatError({
          format: FORMAT_ID,
          offset: group.offset + GROUP_TRIANGLE_INDICES_OFFSET + 2 * i,
          expected: `a triangle index below ${count}`,
          found: `${tri} in group ${g} '${group.name}'`,
          code: 'BAD_INDEX',
        });
      }
      if (listed[tri]) {
        repeats++;
        kept ??= stored.slice(0, i);
        continue;
      }
      listed[tri] = 1;
      if (kept) {
        if (n === kept.length) kept = grow(kept);
        kept[n] = tri;
      }
      n++;
    }
    return kept ? kept.slice(0, n) : stored;
  });
  if (repeats) sink.warn('MS3D_REPEATED_TRIANGLE', `${repeats} group references name a triangle already listed (each triangle belongs to one group); dropped`);
  return lists;
}
