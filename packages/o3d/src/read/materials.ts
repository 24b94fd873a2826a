/** An object's material list and its material blocks (docs/formats/o3d.md §2.4). */
import type { ByteReader } from '@relic3d/core';
import { LIMITS, type O3dMaterial, type O3dMaterialBlock } from '../file.js';
import { BLOCK_BYTES, MIN_MATERIAL_BYTES } from './layout.js';

/** The material flag, then (when set) the count and the materials (a count of 0 stores one). */
export function readMaterials(r: ByteReader): { materialFlag: number; materialCount: number; materials: O3dMaterial[] } {
  const materialFlag = r.u32();
  let materialCount = 0;
  const materials: O3dMaterial[] = [];
  if (materialFlag !== 0) {
    const at = r.offset;
    materialCount = r.i32();
    if (materialCount < 0 || materialCount > LIMITS.materials) {
      r.fail(`a material count of 0..${LIMITS.materials}`, String(materialCount), 'BAD_COUNT', at);
    }
    const n = Math.max(materialCount, 1);
    r.count(n, MIN_MATERIAL_BYTES, 'materials');
    for (let i = 0; i < n; i++) {
      const diffuse = r.vec4();
      const ambient = r.vec4();
      const specular = r.vec4();
      const emissive = r.vec4();
      const power = r.f32();
      const lenAt = r.offset;
      const len = r.i32();
      if (len < 0 || len > 256) r.fail('a texture name length of 0..256 bytes', String(len), 'BAD_COUNT', lenAt);
      const textureName = r.string(len, 'texture name');
      materials.push({ diffuse, ambient, specular, emissive, power, textureName });
    }
  }
  return { materialFlag, materialCount, materials };
}

/** The material blocks: index ranges with their effect and bone palette. */
export function readMaterialBlocks(r: ByteReader): O3dMaterialBlock[] {
  const blockAt = r.offset;
  const nBlocks = r.i32();
  if (nBlocks < 0 || nBlocks >= LIMITS.materialBlocks) {
    r.fail(`a material block count of 0..${LIMITS.materialBlocks - 1}`, String(nBlocks), 'BAD_COUNT', blockAt);
  }
  r.count(nBlocks, BLOCK_BYTES, 'material blocks');
  const blocks: O3dMaterialBlock[] = [];
  for (let i = 0; i < nBlocks; i++) {
    const startIndex = r.i32();
    const primitiveCount = r.i32();
    const textureId = r.i32();
    const effect = r.u32();
    const amount = r.i32();
    const nUseAt = r.offset;
    const nUse = r.i32();
    if (nUse < 0 || nUse > LIMITS.palette) r.fail(`a block palette size of 0..${LIMITS.palette}`, String(nUse), 'BAD_COUNT', nUseAt);
    const palette = r.i32Array(LIMITS.palette, 'block palette');
    blocks.push({ startIndex, primitiveCount, textureId, effect, amount, useBones: palette.slice(0, nUse) });
  }
  return blocks;
}
