import { ByteReader, FormatError, WarningSink, foreignError } from '@relic3d/core';
import { CHUNK_HEADER_SIZE, FORMAT, SIGNATURE, expectChunkEnd, printableId, readChunk, type Chunk, type ReadContext } from './chunk.js';
import { readMaterialLibrary, readShaderLibrary, readTextureLibrary } from './read-materials.js';
import { readMesh } from './read-mesh.js';
import { readAnimation, readSkeleton } from './read-skeleton.js';
import {
  readColliderSet,
  readLightScheme,
  readMorphCollections,
  readMorphFrames,
  readPhysics,
  readProxy,
  readScreenshot,
} from './read-extra.js';
import type { LodFile, LodInfo, LodParseOptions, LodUnknownChunk } from './types.js';

/** Container chunks and the child IDs they are meant to hold. */
const CONTAINERS: Record<string, string[]> = {
  MAL1: ['MAT1', 'TXTL', 'SHDL'],
  TXTL: ['TXTR'],
  SHDL: ['SHDR'],
  MSL1: ['MSH1'],
  ANS1: ['ANM1'],
  LGS1: ['LIG1'],
  PXL1: ['PXI1'],
  CLL1: ['COL1'],
};

/** True when `data` is exactly a sequence of well-formed chunk headers and their data. */
function parsesAsChunks(data: Uint8Array): boolean {
  if (data.length < CHUNK_HEADER_SIZE) return false;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 0;
  while (at < data.length) {
    if (at + CHUNK_HEADER_SIZE > data.length) return false;
    for (let k = 0; k < 4; k++) if (data[at + k] < 0x20 || data[at + k] > 0x7e) return false;
    const size = view.getInt32(at + 4, true);
    if (size < 0 || at + CHUNK_HEADER_SIZE + size > data.length) return false;
    at += CHUNK_HEADER_SIZE + size;
  }
  return true;
}

function unknownChunk(chunk: Chunk, parent: string): LodUnknownChunk {
  const data = chunk.data.u8Array(chunk.data.remaining, 'chunk data');
  return { id: chunk.id, size: chunk.size, count: chunk.count, offset: chunk.offset, parent, data };
}

/** `INF1`: text (Count 1) or a container for user chunks. */
function readInfo(chunk: Chunk, ctx: ReadContext): LodInfo {
  const r = chunk.data;
  const data = r.u8Array(r.remaining, 'info data');
  const info: LodInfo = { count: chunk.count, data };
  if (chunk.count === 1) info.text = r.decoder.decode(data);
  else if (parsesAsChunks(data)) {
    const inner = new ByteReader(data, { format: FORMAT, codePage: r.decoder, baseOffset: chunk.offset + CHUNK_HEADER_SIZE });
    info.userChunks = [];
    while (!inner.eof) info.userChunks.push(unknownChunk(readChunk(inner), 'INF1'));
  } else ctx.sink.warn('LOD_INFO_COUNT', `INF1 Count is ${chunk.count}, expected 1; kept as bytes`, chunk.offset);
  return info;
}

function skip(chunk: Chunk, parent: string, ctx: ReadContext, code: string, why: string): void {
  ctx.sink.warn(code, `${printableId(chunk.id)} chunk at offset ${chunk.offset} skipped: ${why}`, chunk.offset);
  ctx.file.unknownChunks.push(unknownChunk(chunk, parent));
}

/** Reads children of a container until its data end (Count alone is not trusted). */
function readContainer(chunk: Chunk, ctx: ReadContext): number {
  const expected = CONTAINERS[chunk.id] ?? [];
  let children = 0;
  while (!chunk.data.eof) {
    const child = readChunk(chunk.data);
    children++;
    if (chunk.id !== 'LOD1' && !expected.includes(child.id) && KNOWN.has(child.id)) {
      ctx.sink.warn('LOD_CHUNK_PLACEMENT', `${printableId(child.id)} inside ${chunk.id} (offset ${child.offset})`, child.offset);
    }
    handleChunk(child, chunk.id, ctx);
  }
  return children;
}

const KNOWN = new Set([
  'LOD1', 'INF1', 'IMG1', 'MAL1', 'MAT1', 'TXTL', 'TXTR', 'SHDL', 'SHDR', 'SKL1', 'ANS1', 'ANM1',
  'MSL1', 'MSH1', 'MAN1', 'MMD1', 'PHS1', 'LGS1', 'LIG1', 'PXL1', 'PXI1', 'CLL1', 'COL1',
]);

/** Dispatches one chunk by ID; every handled chunk must end exactly at its Size. */
function handleChunk(chunk: Chunk, parent: string, ctx: ReadContext): void {
  const { file } = ctx;
  if (CONTAINERS[chunk.id]) {
    if (chunk.id === 'ANS1' && !file.skeleton) return skip(chunk, parent, ctx, 'LOD_ORDER', 'no SKL1 was read before it');
    if (chunk.id === 'CLL1' && !file.skeleton) return skip(chunk, parent, ctx, 'LOD_ORDER', 'no SKL1 was read before it');
    const children = readContainer(chunk, ctx);
    if (children !== chunk.count && !(chunk.id === 'MAL1' && chunk.count === 1)) {
      ctx.sink.warn('LOD_COUNT_MISMATCH', `${chunk.id} Count is ${chunk.count}, it holds ${children} chunks`, chunk.offset);
    }
    return;
  }
  switch (chunk.id) {
    case 'INF1':
      file.info = readInfo(chunk, ctx);
      break;
    case 'IMG1':
      file.screenshot = readScreenshot(chunk);
      break;
    case 'MAT1':
      file.materialLibraries.push(readMaterialLibrary(chunk, ctx));
      break;
    case 'TXTR':
      file.textureLibraries.push(readTextureLibrary(chunk, ctx));
      break;
    case 'SHDR':
      file.shaderLibraries.push(readShaderLibrary(chunk, ctx));
      break;
    case 'SKL1':
      if (file.skeleton) return skip(chunk, parent, ctx, 'LOD_DUPLICATE', 'a skeleton was already read');
      if (file.meshes.length) ctx.sink.warn('LOD_ORDER', 'SKL1 follows MSH1: meshes were read without its bone count', chunk.offset);
      file.skeleton = readSkeleton(chunk, ctx);
      ctx.boneCount = file.skeleton.bones.length;
      break;
    case 'ANM1':
      if (!file.skeleton) return skip(chunk, parent, ctx, 'LOD_ORDER', 'no SKL1 was read before it');
      file.animations.push(readAnimation(chunk, ctx));
      break;
    case 'MSH1':
      file.meshes.push(readMesh(chunk, ctx));
      break;
    case 'MAN1': {
      const morph = readMorphCollections(chunk, ctx);
      if (!morph) return void file.unknownChunks.push(unknownChunk(chunk, parent));
      file.morphCollections = morph;
      chunk.data.seek(chunk.data.length);
      break;
    }
    case 'MMD1':
      file.morphFrames = readMorphFrames(chunk, ctx);
      break;
    case 'PHS1':
      if (chunk.count !== 2) return skip(chunk, parent, ctx, 'LOD_PHYSICS_VERSION', `Count is ${chunk.count}, only block version 2 is known`);
      file.physics = readPhysics(chunk);
      break;
    case 'LIG1':
      if (chunk.count !== 8) return skip(chunk, parent, ctx, 'LOD_LIGHT_COUNT', `Count is ${chunk.count}, must be 8`);
      file.lightSchemes.push(readLightScheme(chunk));
      break;
    case 'PXI1':
      file.proxies.push(readProxy(chunk));
      break;
    case 'COL1':
      file.colliderSets.push(readColliderSet(chunk));
      break;
    default:
      return skip(chunk, parent, ctx, 'LOD_UNKNOWN_CHUNK', 'unknown ID');
  }
  expectChunkEnd(chunk);
}

/** Reads a `.lod` file into its raw structure; warnings are collected into `sink`. */
export function readLodWith(bytes: Uint8Array, options: LodParseOptions, sink: WarningSink): LodFile {
  const r = new ByteReader(bytes, { format: FORMAT, codePage: options.codePage ?? 'windows-1251' });
  if (bytes.length < SIGNATURE.length || String.fromCharCode(...bytes.subarray(0, 7)) !== SIGNATURE.slice(0, 7)) {
    throw foreignError(bytes, FORMAT, `the signature '${SIGNATURE}'`, 'LODka3D model');
  }
  if (bytes[7] !== SIGNATURE.charCodeAt(7)) {
    throw new FormatError({ format: FORMAT, offset: 7, expected: `signature '${SIGNATURE}'`, found: `version '${String.fromCharCode(bytes[7])}'`, code: 'BAD_VERSION' });
  }
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
  const ctx: ReadContext = { file, sink, boneCount: 0, kernels: options.kernels };
  while (!lod.data.eof) {
    const child = readChunk(lod.data);
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
  return readLodWith(bytes, options, new WarningSink(FORMAT, options.onWarning));
}
