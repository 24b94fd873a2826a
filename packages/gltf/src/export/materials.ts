import { TextureInfo, type Material as GMaterial } from '@gltf-transform/core';
import { KHRMaterialsEmissiveStrength, KHRMaterialsUnlit, KHRTextureTransform } from '@gltf-transform/extensions';
import { clamp01, type AttributeName, type Material, type Primitive, type TextureRef, type WrapMode } from '@relic3d/core';
import type { ExportContext } from './context.js';
import { extrasOf, toJSONValue } from './extras.js';
import { finiteOr } from './sanitize.js';

/** glTF texture slots in the order they appear on a material. */
export const SLOTS = ['baseColorTexture', 'normalTexture', 'occlusionTexture', 'emissiveTexture', 'metallicRoughnessTexture'] as const;
type Slot = (typeof SLOTS)[number];

const WRAP: Record<WrapMode, number> = {
  REPEAT: TextureInfo.WrapMode.REPEAT,
  CLAMP_TO_EDGE: TextureInfo.WrapMode.CLAMP_TO_EDGE,
  MIRRORED_REPEAT: TextureInfo.WrapMode.MIRRORED_REPEAT,
};

/** The glTF material for a scene material, without the texture slots the primitive cannot use. */
export function materialFor(ctx: ExportContext, index: number, prim: Primitive): GMaterial | undefined {
  const source = ctx.scene.materials[index];
  if (!source) return undefined;
  const dropped: Slot[] = [];
  for (const slot of SLOTS) {
    const ref = source[slot];
    if (!ref || !ctx.textures.get(ref.texture)) continue;
    const set = `TEXCOORD_${ref.texCoord ?? 0}` as AttributeName;
    if (!(prim.attributes as unknown as Record<string, unknown>)[set]) dropped.push(slot);
  }
  const key = `${index}:${dropped.join(',')}`;
  let material = ctx.materials.get(key);
  if (!material) {
    material = createMaterial(ctx, source, new Set(dropped));
    if (dropped.length) {
      ctx.warn(
        'GLTF_MATERIAL_TEXCOORD',
        `material '${source.name}' is used by a primitive without the texture coordinates of ${dropped.join(', ')}; that copy leaves them out`,
      );
      material.setName(`${source.name} (${dropped.map((d) => `no ${d}`).join(', ')})`);
    }
    ctx.materials.set(key, material);
  }
  return material;
}

function createMaterial(ctx: ExportContext, source: Material, dropped: Set<Slot>): GMaterial {
  const m = ctx.doc.createMaterial(source.name);
  const c = source.baseColorFactor;
  m.setBaseColorFactor([clamp01(c[0]), clamp01(c[1]), clamp01(c[2]), clamp01(c[3])]);
  m.setMetallicFactor(clamp01(source.metallicFactor));
  m.setRoughnessFactor(clamp01(source.roughnessFactor));
  // glTF factors stop at 1: a brighter emissive colour (HDR emission in some engines) is written
  // as its hue with the peak moved into KHR_materials_emissive_strength.
  const raw = source.emissiveFactor.map((x) => (Number.isFinite(x) ? Math.max(0, x) : 0));
  const peak = Math.max(...raw);
  let e = peak > 1 ? raw.map((x) => x / peak) : raw.map(clamp01);
  let strength = source.emissiveStrength !== undefined && Number.isFinite(source.emissiveStrength) && source.emissiveStrength >= 0 ? source.emissiveStrength : 1;
  if (peak > 1) strength *= peak;
  if (strength < 1) {
    e = e.map((x) => x * strength); // a dimmer strength fits in the factor itself
    strength = 1;
  }
  m.setEmissiveFactor([e[0], e[1], e[2]]);
  m.setAlphaMode(source.alphaMode);
  if (source.alphaMode === 'MASK') m.setAlphaCutoff(Math.max(0, finiteOr(source.alphaCutoff, 0.5)));
  m.setDoubleSided(!!source.doubleSided);

  const unresolved: Record<string, unknown> = {};
  for (const slot of SLOTS) {
    const ref = source[slot];
    if (!ref) continue;
    const texture = ctx.textures.get(ref.texture);
    if (!texture || dropped.has(slot)) {
      unresolved[slot] = describeRef(ctx, ref, dropped.has(slot) ? 'no texture coordinates' : ctx.textureProblems.get(ref.texture));
      continue;
    }
    switch (slot) {
      case 'baseColorTexture':
        m.setBaseColorTexture(texture);
        configureInfo(ctx, m.getBaseColorTextureInfo(), ref);
        break;
      case 'normalTexture':
        m.setNormalTexture(texture);
        if (ref.strength !== undefined && Number.isFinite(ref.strength)) m.setNormalScale(ref.strength);
        configureInfo(ctx, m.getNormalTextureInfo(), ref);
        break;
      case 'occlusionTexture':
        m.setOcclusionTexture(texture);
        if (ref.strength !== undefined && Number.isFinite(ref.strength)) m.setOcclusionStrength(clamp01(ref.strength));
        configureInfo(ctx, m.getOcclusionTextureInfo(), ref);
        break;
      case 'emissiveTexture':
        m.setEmissiveTexture(texture);
        configureInfo(ctx, m.getEmissiveTextureInfo(), ref);
        break;
      case 'metallicRoughnessTexture':
        m.setMetallicRoughnessTexture(texture);
        configureInfo(ctx, m.getMetallicRoughnessTextureInfo(), ref);
        break;
    }
  }

  if (strength > 1 && e.some((x) => x > 0)) {
    const ext = ctx.doc.createExtension(KHRMaterialsEmissiveStrength);
    m.setExtension('KHR_materials_emissive_strength', ext.createEmissiveStrength().setEmissiveStrength(strength));
  }
  if (source.unlit) {
    const ext = ctx.doc.createExtension(KHRMaterialsUnlit);
    m.setExtension('KHR_materials_unlit', ext.createUnlit());
  }
  const other: Record<string, unknown> = {};
  for (const [name, ref] of Object.entries(source.otherTextures ?? {})) other[name] = describeRef(ctx, ref);
  const extras = extrasOf(source.extras, {
    legacy: source.legacy,
    otherTextures: Object.keys(other).length ? other : undefined,
    unresolvedTextures: Object.keys(unresolved).length ? unresolved : undefined,
  });
  if (extras) m.setExtras(extras);
  return m;
}

/** A texture reference as JSON, for extras: the path the file wrote and how it was used. */
function describeRef(ctx: ExportContext, ref: TextureRef, problem?: string): Record<string, unknown> {
  const texture = ctx.scene.textures[ref.texture];
  return toJSONValue({
    uri: texture?.uri,
    name: texture?.name,
    texCoord: ref.texCoord,
    strength: ref.strength,
    transform: ref.transform,
    problem,
    extras: ref.extras,
  }) as Record<string, unknown>;
}

function configureInfo(ctx: ExportContext, info: TextureInfo | null, ref: TextureRef): void {
  if (!info) return;
  const texCoord = ref.texCoord ?? 0;
  info.setTexCoord(texCoord);
  const texture = ctx.scene.textures[ref.texture];
  if (texture?.wrapS) info.setWrapS(WRAP[texture.wrapS] as never);
  if (texture?.wrapT) info.setWrapT(WRAP[texture.wrapT] as never);
  const t = ref.transform;
  if (t && (t.offset[0] || t.offset[1] || t.rotation || t.scale[0] !== 1 || t.scale[1] !== 1)) {
    ctx.transformExtension ??= ctx.doc.createExtension(KHRTextureTransform);
    const transform = ctx.transformExtension
      .createTransform()
      .setOffset([finiteOr(t.offset[0], 0), finiteOr(t.offset[1], 0)])
      .setScale([finiteOr(t.scale[0], 1), finiteOr(t.scale[1], 1)])
      .setRotation(finiteOr(t.rotation, 0));
    info.setExtension('KHR_texture_transform', transform);
  }
}
