import { ByteReader } from '@relic3d/core';
import { FORMAT_ID, type LodInfo, type LodScreenshot } from '../file.js';
import { countOf, lstr, parsesAsChunks, readChunk, unknownChunk, type Chunk, type ReadContext } from './chunks.js';
import { CHUNK_HEADER_SIZE } from './layout.js';

/** `INF1`: text (Count 1) or a container for user chunks (docs/formats/lod.md §2.1). */
export function readInfo(chunk: Chunk, ctx: ReadContext): LodInfo {
  const r = chunk.data;
  const data = r.u8Array(r.remaining, 'info data');
  const info: LodInfo = { count: chunk.count, data };
  if (chunk.count === 1) info.text = r.decoder.decode(data);
  else if (parsesAsChunks(data)) {
    const inner = new ByteReader(data, { format: FORMAT_ID, codePage: r.decoder, baseOffset: chunk.offset + CHUNK_HEADER_SIZE });
    info.userChunks = [];
    while (!inner.eof) info.userChunks.push(unknownChunk(readChunk(inner), 'INF1'));
  } else ctx.sink.warn('LOD_INFO_COUNT', `INF1 Count is ${chunk.count}, expected 1; kept as bytes`, chunk.offset);
  return info;
}

/** `IMG1`: the screenshot (docs/formats/lod.md §2.2). */
export function readScreenshot(chunk: Chunk): LodScreenshot {
  const r = chunk.data;
  const type = r.i32();
  const name = lstr(r, 'screenshot name');
  const length = countOf(r, 1, 'screenshot bytes');
  return { type, name, data: r.u8Array(length, 'screenshot data') };
}
