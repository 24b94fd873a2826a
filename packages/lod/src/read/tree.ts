import { expectChunkEnd, printableId, readChunk, unknownChunk, type Chunk, type ReadContext } from './chunks.js';
import { readColliderSet } from './colliders.js';
import { readInfo, readScreenshot } from './info.js';
import { readLightScheme } from './lights.js';
import { readMaterialLibrary, readShaderLibrary, readTextureLibrary } from './materials.js';
import { readMesh } from './mesh.js';
import { readMorphCollections, readMorphFrames } from './morphs.js';
import { readPhysics } from './physics.js';
import { readProxy } from './proxies.js';
import { readAnimation } from './animation.js';
import { readSkeleton } from './skeleton.js';
import { LIGHTS_PER_SCHEME } from './layout.js';

/** Container chunks and the child IDs they are meant to hold (docs/formats/lod.md §1.4). */
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

const KNOWN = new Set([
  'LOD1', 'INF1', 'IMG1', 'MAL1', 'MAT1', 'TXTL', 'TXTR', 'SHDL', 'SHDR', 'SKL1', 'ANS1', 'ANM1',
  'MSL1', 'MSH1', 'MAN1', 'MMD1', 'PHS1', 'LGS1', 'LIG1', 'PXL1', 'PXI1', 'CLL1', 'COL1',
]);

function skip(chunk: Chunk, parent: string, ctx: ReadContext, code: string, why: string): void {
  ctx.sink.warn(code, `${printableId(chunk.id)} chunk at offset ${chunk.offset} skipped: ${why}`, chunk.offset);
  ctx.file.unknownChunks.push(unknownChunk(chunk, parent, ctx.noData));
}

/** Reads children of a container until its data end (Count alone is not trusted). */
export function readContainer(chunk: Chunk, ctx: ReadContext): number {
  const expected = CONTAINERS[chunk.id] ?? [];
  let children = 0;
  while (!chunk.data.eof) {
    const child = readChunk(chunk.data, ctx.ids);
    children++;
    if (chunk.id !== 'LOD1' && !expected.includes(child.id) && KNOWN.has(child.id)) {
      ctx.sink.warn('LOD_CHUNK_PLACEMENT', `${printableId(child.id)} inside ${chunk.id} (offset ${child.offset})`, child.offset);
    }
    handleChunk(child, chunk.id, ctx);
  }
  return children;
}

/** Dispatches one chunk by ID; every handled chunk must end exactly at its Size. */
export function handleChunk(chunk: Chunk, parent: string, ctx: ReadContext): void {
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
      if (!morph) return void file.unknownChunks.push(unknownChunk(chunk, parent, ctx.noData));
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
      if (chunk.count !== LIGHTS_PER_SCHEME) return skip(chunk, parent, ctx, 'LOD_LIGHT_COUNT', `Count is ${chunk.count}, must be ${LIGHTS_PER_SCHEME}`);
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
