/**
 * Materials and textures (docs/formats/o3d.md §2.4, §9.7): the block's material, effects and amount, and
 * the light flag of its object; one scene material per distinct combination.
 */
import { linearColor, linearRgb, type Material } from '@relic3d/core';
import { EFFECT, type O3dMaterial, type O3dMaterialBlock, type O3dObject } from '../file.js';
import type { BuildContext } from './context.js';

/** Alpha-test reference of opacity blocks (0xB0). */
const ALPHA_CUTOFF = 0xb0 / 255;

/** The material a block has in a model without a material list. */
const PLAIN_WHITE: O3dMaterial = { diffuse: [1, 1, 1, 0], ambient: [1, 1, 1, 0], specular: [0, 0, 0, 0], emissive: [0, 0, 0, 0], power: 0, textureName: '' };

/** The block's scene material, or undefined for a block without material, effects or light. */
export function material(ctx: BuildContext, object: O3dObject, materials: O3dMaterial[], block: O3dMaterialBlock): number | undefined {
  // No material list: a plain white material still carries the block's effects and the light flag.
  if (!materials.length && !block.effect && !object.light) return undefined;
  if (!materials.length) materials = [PLAIN_WHITE];
  let textureId = block.textureId;
  if (!(textureId >= 0 && textureId < materials.length)) {
    ctx.sink.warn('O3D_MATERIAL_INDEX', `material block names material ${textureId} of ${materials.length}; used material 0`);
    textureId = 0;
  }
  const m = materials[textureId];
  const key = materialKey(m, block, object.light);
  const known = ctx.materialKeys.get(key);
  if (known !== undefined) return known;

  const opacity = (block.effect & EFFECT.OPACITY) !== 0;
  const blend = opacity && block.amount > 0 && block.amount < 255;
  const scene = ctx.scene;
  const result: Material = {
    name: m.textureName || `material ${scene.materials.length}`,
    // Diffuse alpha is 0 in every real file: opacity comes from the block (docs/formats/o3d.md §9.7).
    // D3D material colours are gamma-space values; glTF factors are linear.
    baseColorFactor: m.textureName ? [1, 1, 1, blend ? block.amount / 255 : 1] : linearColor(m.diffuse, blend ? block.amount / 255 : 1),
    metallicFactor: 0,
    roughnessFactor: 1,
    emissiveFactor: linearRgb(m.emissive),
    alphaMode: blend ? 'BLEND' : opacity ? 'MASK' : 'OPAQUE',
    doubleSided: (block.effect & EFFECT.TWO_SIDED) !== 0,
    legacy: { diffuse: [...m.diffuse], ambient: [...m.ambient], specular: [...m.specular], emissive: [...m.emissive], shininess: m.power },
    extras: { effect: block.effect, amount: block.amount, effects: effectNames(block.effect), textureName: m.textureName },
  };
  if (opacity && !blend) result.alphaCutoff = ALPHA_CUTOFF;
  if (block.effect & EFFECT.SELF_ILLUMINATE) result.unlit = true;
  if (object.light) {
    // Light objects: additive (ONE/ONE), no depth writes, no culling, unlit (docs/formats/o3d.md §5.4).
    result.alphaMode = 'BLEND';
    result.doubleSided = true;
    result.unlit = true;
    result.extras!.blend = 'additive';
    result.extras!.depthWrite = false;
    result.extras!.light = true;
  }
  if (m.textureName) result.baseColorTexture = { texture: texture(ctx, m.textureName) };
  const index = scene.materials.length;
  scene.materials.push(result);
  ctx.materialKeys.set(key, index);
  return index;
}

/**
 * Everything a scene material is made of. Numbers are written as JSON writes them: NaN and
 * ±infinity alike (`null`), −0 as 0, so such materials share one scene material.
 */
function materialKey(m: O3dMaterial, block: O3dMaterialBlock, light: boolean): string {
  const numbers = [...m.diffuse, ...m.ambient, ...m.specular, ...m.emissive, m.power, block.effect, block.amount];
  return `${numbers.map((v) => (Number.isFinite(v) ? String(v) : 'null')).join(',')}|${light}|${m.textureName}`;
}

function texture(ctx: BuildContext, name: string): number {
  const key = name.toLowerCase();
  let index = ctx.textureKeys.get(key);
  if (index === undefined) {
    index = ctx.scene.textures.length;
    ctx.scene.textures.push({ name, uri: name, wrapS: 'REPEAT', wrapT: 'REPEAT' });
    ctx.textureKeys.set(key, index);
  }
  return index;
}

function effectNames(effect: number): string[] {
  const names: string[] = [];
  if (effect & EFFECT.REFLECT) names.push('reflect');
  if (effect & EFFECT.OPACITY) names.push('opacity');
  if (effect & EFFECT.TWO_SIDED) names.push('twoSided');
  if (effect & EFFECT.SELF_ILLUMINATE) names.push('selfIlluminate');
  if (effect & EFFECT.SPECULAR) names.push('specular');
  if (effect & EFFECT.BUMP) names.push('bump');
  return names;
}
