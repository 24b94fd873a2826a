import type { ByteReader } from '@relic3d/core';
import { bool, countOf, lstr, type Chunk, type ReadContext } from './chunks.js';
import {
  CHUNK_HEADER_SIZE,
  EMBEDDED_TEXTURE_MIN_SIZE,
  MATERIAL_MIN_SIZE,
  MATERIAL_OPTIONS_SIZE,
  MATERIAL_OPTIONS_WITH_MAPPING_SIZE,
  SHADER_MIN_SIZE,
} from './layout.js';
import type {
  LodEmbeddedTexture,
  LodMaterial,
  LodMaterialLibrary,
  LodMaterialOptions,
  LodShader,
  LodShaderLibrary,
  LodTextureLibrary,
} from '../file.js';

/** MaterialOptions: 100 bytes (type 2) or 101 with MappingMode (type 3). */
function readOptions(r: ByteReader, withMapping: boolean): LodMaterialOptions {
  r.need(withMapping ? MATERIAL_OPTIONS_WITH_MAPPING_SIZE : MATERIAL_OPTIONS_SIZE, 'material options');
  const options: LodMaterialOptions = {
    ambient: r.vec4(),
    diffuse: r.vec4(),
    emission: r.vec4(),
    specular: r.vec4(),
    envColor: r.vec4(),
    shininess: r.u8(),
    imageBrightness: r.f32(),
    imageGamma: r.f32(),
    normalMapScale: r.f32(),
    blendingMode: r.u8(),
    imageAlpha: r.u8(),
    textureMode: r.u8(),
    textureWrap: r.u8(),
    textureFormat: r.u8(),
    textureEnabled: bool(r),
    enabled: bool(r),
  };
  if (withMapping) options.mappingMode = r.u8();
  return options;
}

/** `MAT1`: the material library (docs/formats/lod.md §3.2). */
export function readMaterialLibrary(chunk: Chunk, ctx: ReadContext): LodMaterialLibrary {
  const r = chunk.data;
  const typeAt = r.offset;
  const materialsType = r.u8();
  if (materialsType > 3) r.fail('MaterialsType 0..3', String(materialsType), 'UNSUPPORTED', typeAt);
  const materials: LodMaterial[] = [];
  if (materialsType > 0) {
    const count = countOf(r, MATERIAL_MIN_SIZE, 'materials');
    if (count !== chunk.count) ctx.sink.warn('LOD_COUNT_MISMATCH', `MAT1 Count is ${chunk.count}, MaterialsCount is ${count}`, chunk.offset);
    for (let i = 0; i < count; i++) {
      const material: LodMaterial = { name: lstr(r, 'material name'), textureName: lstr(r, 'texture name') };
      if (materialsType >= 2) material.options = readOptions(r, materialsType === 3);
      materials.push(material);
    }
  }
  return { materialsType, materials };
}

/** `TXTR`: embedded textures (docs/formats/lod.md §3.3). */
export function readTextureLibrary(chunk: Chunk, ctx: ReadContext): LodTextureLibrary {
  const r = chunk.data;
  const texturesType = r.u8();
  if (texturesType !== 0) ctx.sink.warn('LOD_TEXTURES_TYPE', `TexturesType is ${texturesType}, expected 0`, chunk.offset + CHUNK_HEADER_SIZE);
  const count = r.count(chunk.count, EMBEDDED_TEXTURE_MIN_SIZE, 'embedded textures');
  const textures: LodEmbeddedTexture[] = [];
  for (let i = 0; i < count; i++) {
    const start = r.offset;
    const optionSize = r.i32();
    const dataSize = r.i32();
    const optionType = r.i32();
    const materialName = lstr(r, 'texture material name');
    const textureName = lstr(r, 'texture name');
    const reserve = optionSize - (r.offset - start);
    if (reserve < 0) {
      r.fail(`TextureOptionSize ≥ ${r.offset - start} (the fields it covers)`, String(optionSize), 'BAD_SIZE', start);
    }
    const optionReserve = r.u8Array(reserve, 'texture option reserve');
    r.count(dataSize, 1, 'texture data');
    textures.push({ optionType, materialName, textureName, optionReserve, data: r.u8Array(dataSize, 'texture data') });
  }
  return { texturesType, textures };
}

/** `SHDR`: bump shaders (docs/formats/lod.md §3.4). ShaderSize counts the bytes after itself. */
export function readShaderLibrary(chunk: Chunk, ctx: ReadContext): LodShaderLibrary {
  const r = chunk.data;
  const shaderLibType = r.u8();
  if (shaderLibType !== 1) ctx.sink.warn('LOD_SHADER_LIB_TYPE', `ShaderLibType is ${shaderLibType}, expected 1`, chunk.offset + CHUNK_HEADER_SIZE);
  const count = r.count(chunk.count, SHADER_MIN_SIZE, 'shaders');
  const shaders: LodShader[] = [];
  for (let i = 0; i < count; i++) {
    const start = r.offset;
    const shaderSize = countOf(r, 1, 'shader bytes');
    if (shaderSize < 1) r.fail('ShaderSize ≥ 1 (the type byte)', String(shaderSize), 'BAD_SIZE', start);
    const end = r.offset + shaderSize;
    const shaderType = r.u8();
    const shader: LodShader = { shaderSize, shaderType };
    if (shaderType === 1) {
      const name = lstr(r, 'bump material name');
      const normalName = lstr(r, 'normal-map material name');
      const specularName = lstr(r, 'gloss-map material name');
      const lightPower = r.f32();
      const specularPower = r.f32();
      if (r.offset > end) r.fail(`a bump shader within ShaderSize ${shaderSize}`, `${r.offset - start - 4} bytes`, 'BAD_SIZE', start);
      shader.bump = { name, normalName, specularName, lightPower, specularPower, reserve: r.u8Array(end - r.offset, 'bump reserve') };
    } else {
      ctx.sink.warn('LOD_SHADER_TYPE', `shader type ${shaderType} is unknown; kept as bytes`, r.absoluteOffset - 1);
      shader.data = r.u8Array(end - r.offset, 'shader parameters');
    }
    shaders.push(shader);
  }
  return { shaderLibType, shaders };
}
