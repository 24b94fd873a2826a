import type { LodProxy, LodProxyItem } from '../file.js';
import { bool, countOf, readNameList, type Chunk } from './chunks.js';
import { PROXY_ITEM_SIZE, PROXY_ITEM_WITH_GAP_SIZE } from './layout.js';

/** `PXI1`: a proxy tree; the record size (54 or 56) follows from the chunk Size (docs/formats/lod.md §7.3). */
export function readProxy(chunk: Chunk): LodProxy {
  const r = chunk.data;
  const count = countOf(r, 4 + PROXY_ITEM_SIZE, 'proxy items');
  const names = readNameList(r, count, 'proxy item');
  const recordSize = count === 0 ? PROXY_ITEM_WITH_GAP_SIZE : r.remaining / count;
  if (count > 0 && recordSize !== PROXY_ITEM_SIZE && recordSize !== PROXY_ITEM_WITH_GAP_SIZE) {
    r.fail(`${count} proxy records of 54 or 56 bytes`, `${r.remaining} bytes`, 'BAD_SIZE');
  }
  const items: LodProxyItem[] = [];
  for (let i = 0; i < count; i++) {
    const parentIndex = r.i16();
    const gap = recordSize === PROXY_ITEM_WITH_GAP_SIZE ? r.i16() : undefined;
    const item: LodProxyItem = {
      name: names[i],
      parentIndex,
      sourceMeshIndex: r.i16(),
      reserved: [r.i16(), r.i16(), r.i16(), r.i16()],
      position: r.vec3(),
      rotation: r.quat(),
      scale: r.vec3(),
      visible: bool(r),
      expanded: bool(r),
    };
    if (gap !== undefined) item.gap = gap;
    items.push(item);
  }
  return { meshIndex: chunk.count, recordSize, items };
}
