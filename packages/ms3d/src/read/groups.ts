import type { ByteReader } from '@relic3d/core';
import type { Ms3dGroup } from '../file.js';
import { GROUP_MIN_SIZE } from './layout.js';

/** `u16 count`, then group records of 36 + 2·n bytes (docs/formats/ms3d.md §2.4). */
export function readGroups(r: ByteReader): Ms3dGroup[] {
  const count = r.count(r.u16(), GROUP_MIN_SIZE, 'groups');
  const groups: Ms3dGroup[] = [];
  for (let g = 0; g < count; g++) {
    const offset = r.offset;
    const flags = r.u8();
    const name = r.string(32, 'group name');
    const n = r.count(r.u16(), 2, 'group triangle indices');
    const triangleIndices = r.u16Array(n, 'group triangle indices').slice();
    const materialIndex = r.i8();
    groups.push({ offset, flags, name, triangleIndices, materialIndex });
  }
  return groups;
}
