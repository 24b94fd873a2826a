import { ByteReader, WarningSink } from '@relic3d/core';
import { FORMAT_ID, SIGNATURE, type LodFile, type LodParseOptions } from '../file.js';
import { expectSignature } from '../format.js';
import { chunkSharing, readChunk, type ReadContext } from './chunks.js';
import { CHUNK_HEADER_SIZE } from './layout.js';
import { handleChunk } from './tree.js';

/** Reads a `.lod` file into its raw structure; warnings are collected into `sink`. */
export function readLodWith(bytes: Uint8Array, options: LodParseOptions, sink: WarningSink): LodFile {
  const r = new ByteReader(bytes, { format: FORMAT_ID, codePage: options.codePage ?? 'windows-1251' });
  expectSignature(bytes);
  r.skip(SIGNATURE.length);
  const headerAt = r.offset;
  r.need(CHUNK_HEADER_SIZE, 'LOD1 chunk header');
  if (String.fromCharCode(...bytes.subarray(headerAt, headerAt + 4)) !== 'LOD1') {
    r.expectTag('LOD1');
  }
  const lod = readChunk(r);
  const file: LodFile = {
    signature: SIGNATURE,
    version: 1,
    lod: { id: lod.id, size: lod.size, count: lod.count, offset: lod.offset },
    chunkOrder: [],
    materialLibraries: [],
    textureLibraries: [],
    shaderLibraries: [],
    meshes: [],
    animations: [],
    lightSchemes: [],
    proxies: [],
    colliderSets: [],
    unknownChunks: [],
    extraLodBlocks: 0,
    trailingBytes: 0,
    warnings: sink.list,
  };
  const ctx: ReadContext = { file, sink, boneCount: 0, kernels: options.kernels, ...chunkSharing() };
  while (!lod.data.eof) {
    const child = readChunk(lod.data, ctx.ids);
    file.chunkOrder.push(child.id);
    handleChunk(child, 'LOD1', ctx);
  }
  if (file.chunkOrder.length !== lod.count) {
    sink.warn('LOD_COUNT_MISMATCH', `LOD1 Count is ${lod.count}, it holds ${file.chunkOrder.length} chunks`, lod.offset);
  }
  // After LOD1: further LOD1 blocks (not supported by the editor) or a file-level screenshot.
  while (r.remaining >= CHUNK_HEADER_SIZE) {
    const id = String.fromCharCode(...bytes.subarray(r.offset, r.offset + 4));
    if (id !== 'LOD1' && id !== 'IMG1') break;
    const chunk = readChunk(r);
    if (id === 'LOD1') {
      file.extraLodBlocks++;
      sink.warn('LOD_EXTRA_BLOCK', `another LOD1 block at offset ${chunk.offset} is not read`, chunk.offset);
    } else handleChunk(chunk, '', ctx);
  }
  if (r.remaining > 0) {
    file.trailingBytes = r.remaining;
    sink.warn('LOD_TRAILING_DATA', `${r.remaining} bytes after the LOD1 block are not read`, r.offset);
  }
  return file;
}

/** The raw structure of a `.lod` file, exactly as stored (before scene conversion). */
export function readLod(bytes: Uint8Array, options: LodParseOptions = {}): LodFile {
  return readLodWith(bytes, options, new WarningSink(FORMAT_ID, options.onWarning));
}
