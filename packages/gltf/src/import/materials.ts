// Materials: metallic-roughness factors and maps, KHR_texture_transform, emissive strength and
// unlit; from a relic3d file also what toGltf put in extras (the legacy fixed-function colours,
// other maps and maps it could not embed, by path).
import type { Material as GMaterial, TextureInfo, Texture as GTexture } from '@gltf-transform/core';
import type { EmissiveStrength, Transform } from '@gltf-transform/extensions';
import type { LegacyMaterial, Material, RGB, RGBA, TextureRef, TextureTransform } from '@relic3d/core';
import type { ImportContext } from './context.js';
import { pathTexture, textureFor } from './textures.js';
import { extrasWithout, finiteOr, finiteTuple, isPlainObject, textOf } from './values.js';

type Slot = 'baseColorTexture' | 'normalTexture' | 'occlusionTexture' | 'emissiveTexture' | 'metallicRoughnessTexture';
const SLOTS: Slot[] = ['baseColorTexture', 'normalTexture', 'occlusionTexture', 'emissiveTexture', 'metallicRoughnessTexture'];
/** Extensions the scene model holds; a material's others are named in a warning and kept in extras. */
const READ = new Set(['KHR_materials_emissive_strength', 'KHR_materials_unlit']);

/** One scene material per glTF material, in glTF order. */
export function createMaterials(ctx: ImportContext): void {
  const ignored = new Map<string, string[]>();
  const jsonMaterials = ctx.source?.json.materials;
  ctx.root.listMaterials().forEach((g, i) => {
    const material = readMaterial(ctx, g, i);
    const kept: Record<string, unknown> = {};
    for (const ext of g.listExtensions()) {
      if (READ.has(ext.extensionName)) continue;
      let names = ignored.get(ext.extensionName);
      if (!names) ignored.set(ext.extensionName, (names = []));
      names.push(material.name);
      // Material i of the document is material i of the JSON (glTF-Transform keeps the order).
      const raw = jsonMaterials?.[i]?.extensions?.[ext.extensionName];
      if (raw !== undefined) kept[ext.extensionName] = raw;
    }
    if (Object.keys(kept).length) material.extras = { ...material.extras, gltfExtensions: kept };
    ctx.materials.set(g, ctx.scene.materials.push(material) - 1);
  });
  for (const [ext, names] of ignored) {
    const where = ctx.source ? 'kept as JSON in extras.gltfExtensions (texture indices are the glTF file\'s)' : 'left out';
    ctx.warn('GLTF_MATERIAL_EXTENSION', `${ext} (materials ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}) has no scene field; ${where}`);
  }
}

function readMaterial(ctx: ImportContext, g: GMaterial, i: number): Material {
  let name = textOf(g.getName()) || `material_${i}`;
  let fixed = false;
  const tuple = <T>(value: unknown, size: number, fallback: T): T => {
    const t = finiteTuple(value, size);
    if (!t) fixed = true;
    return (t as T) ?? fallback;
  };
  const number = (value: unknown, fallback: number): number => {
    if (typeof value !== 'number' || !Number.isFinite(value)) fixed = true;
    return finiteOr(value, fallback);
  };
  const alphaMode = g.getAlphaMode();
  const material: Material = {
    name,
    baseColorFactor: tuple<RGBA>(g.getBaseColorFactor(), 4, [1, 1, 1, 1]),
    metallicFactor: number(g.getMetallicFactor(), 1),
    roughnessFactor: number(g.getRoughnessFactor(), 1),
    emissiveFactor: tuple<RGB>(g.getEmissiveFactor(), 3, [0, 0, 0]),
    alphaMode: alphaMode === 'MASK' || alphaMode === 'BLEND' ? alphaMode : 'OPAQUE',
    doubleSided: g.getDoubleSided() === true,
  };
  if (alphaMode !== material.alphaMode && alphaMode !== 'OPAQUE') fixed = true;
  if (material.alphaMode === 'MASK') material.alphaCutoff = number(g.getAlphaCutoff(), 0.5);
  const strength = g.getExtension<EmissiveStrength>('KHR_materials_emissive_strength');
  if (strength) material.emissiveStrength = number(strength.getEmissiveStrength(), 1);
  if (g.getExtension('KHR_materials_unlit')) material.unlit = true;

  const slot = (texture: GTexture | null, info: TextureInfo | null, strength?: number, neutral = 1): TextureRef | undefined => {
    if (!texture) return undefined;
    const ref: TextureRef = { texture: textureFor(ctx, texture, info) };
    const texCoord = info?.getTexCoord() ?? 0;
    const transform = info?.getExtension<Transform>('KHR_texture_transform');
    const set = transform?.getTexCoord() ?? texCoord;
    if (Number.isInteger(set) && set > 0) ref.texCoord = set;
    if (transform) ref.transform = textureTransform(transform.getOffset(), transform.getScale(), transform.getRotation());
    if (strength !== undefined && Number.isFinite(strength) && strength !== neutral) ref.strength = strength;
    const extras = extrasWithout(info?.getExtras());
    if (extras) ref.extras = extras;
    return ref;
  };
  const refs: Record<Slot, TextureRef | undefined> = {
    baseColorTexture: slot(g.getBaseColorTexture(), g.getBaseColorTextureInfo()),
    normalTexture: slot(g.getNormalTexture(), g.getNormalTextureInfo(), g.getNormalScale()),
    occlusionTexture: slot(g.getOcclusionTexture(), g.getOcclusionTextureInfo(), g.getOcclusionStrength()),
    emissiveTexture: slot(g.getEmissiveTexture(), g.getEmissiveTextureInfo()),
    metallicRoughnessTexture: slot(g.getMetallicRoughnessTexture(), g.getMetallicRoughnessTextureInfo()),
  };
  for (const key of SLOTS) if (refs[key]) material[key] = refs[key];

  const extras = g.getExtras();
  if (ctx.relic3d && isPlainObject(extras)) {
    name = restoreFromExtras(ctx, material, extras) ?? name;
    material.name = name;
    const rest = extrasWithout(extras, 'legacy', 'otherTextures', 'unresolvedTextures');
    if (rest) material.extras = rest;
  } else {
    const rest = extrasWithout(extras);
    if (rest) material.extras = rest;
  }
  if (fixed) ctx.warn('GLTF_MATERIAL_FIXED', `material '${name}' has factors that are not finite numbers (or an unknown alphaMode); glTF's defaults are used`);
  return material;
}

function textureTransform(offset: unknown, scale: unknown, rotation: unknown): TextureTransform {
  return {
    offset: (finiteTuple(offset, 2) ?? [0, 0]) as [number, number],
    scale: (finiteTuple(scale, 2) ?? [1, 1]) as [number, number],
    rotation: finiteOr(rotation, 0),
  };
}

/**
 * What toGltf kept in a material's extras, back in the material: `legacy`, `otherTextures` and
 * `unresolvedTextures` (slots whose image was not embedded, by path). Returns the material's
 * original name when toGltf named a copy after the slots it left out.
 */
function restoreFromExtras(ctx: ImportContext, material: Material, extras: Record<string, unknown>): string | undefined {
  const legacy = legacyOf(extras.legacy);
  if (legacy) material.legacy = legacy;
  else if (extras.legacy !== undefined) ctx.warn('GLTF_EXTRAS_IGNORED', `material '${material.name}': extras.legacy is not a legacy material; left out`);
  if (isPlainObject(extras.otherTextures)) {
    for (const [key, description] of Object.entries(extras.otherTextures)) {
      const ref = refFromDescription(ctx, description);
      if (ref) (material.otherTextures ??= {})[key] = ref;
    }
  }
  let original: string | undefined;
  if (isPlainObject(extras.unresolvedTextures)) {
    const noCoordinates: string[] = [];
    for (const [key, description] of Object.entries(extras.unresolvedTextures)) {
      if (!SLOTS.includes(key as Slot) || material[key as Slot]) continue;
      const ref = refFromDescription(ctx, description);
      if (ref) material[key as Slot] = ref;
      if (isPlainObject(description) && description.problem === 'no texture coordinates') noCoordinates.push(key);
    }
    // toGltf names a copy without some slots '<name> (no baseColorTexture, no normalTexture)'.
    const suffix = ` (${noCoordinates.map((s) => `no ${s}`).join(', ')})`;
    if (noCoordinates.length && material.name.endsWith(suffix)) original = material.name.slice(0, -suffix.length);
  }
  return original;
}

/** `{ uri, name, texCoord, strength, transform, extras }` as toGltf describes a map → a reference. */
function refFromDescription(ctx: ImportContext, description: unknown): TextureRef | undefined {
  if (!isPlainObject(description)) return undefined;
  const texture = pathTexture(ctx, description.uri, description.name);
  if (texture === undefined) return undefined;
  const ref: TextureRef = { texture };
  if (Number.isInteger(description.texCoord) && (description.texCoord as number) > 0) ref.texCoord = description.texCoord as number;
  if (typeof description.strength === 'number' && Number.isFinite(description.strength)) ref.strength = description.strength;
  const t = description.transform;
  if (isPlainObject(t)) ref.transform = textureTransform(t.offset, t.scale, t.rotation);
  if (isPlainObject(description.extras)) ref.extras = description.extras;
  return ref;
}

/** extras.legacy as written by toGltf: colours as 4 numbers, shininess and opacity numbers. */
function legacyOf(value: unknown): LegacyMaterial | undefined {
  if (!isPlainObject(value)) return undefined;
  const legacy: LegacyMaterial = {};
  for (const key of ['ambient', 'diffuse', 'specular', 'emissive'] as const) {
    if (value[key] === undefined) continue;
    const colour = finiteTuple(value[key], 4);
    if (!colour) return undefined;
    legacy[key] = colour as RGBA;
  }
  for (const key of ['shininess', 'opacity'] as const) {
    if (value[key] === undefined) continue;
    if (typeof value[key] !== 'number' || !Number.isFinite(value[key])) return undefined;
    legacy[key] = value[key];
  }
  return legacy;
}
