import { clamp01, type AttributeName, type Material, type Primitive, type TextureRef, type WrapMode } from '@relic3d/core';
import type { ExportContext } from './context.js';
import { toJSONValue } from './extras.js';
import type { Json } from './output.js';
import { finiteOr } from './sanitize.js';

/** glTF texture slots in the order they appear on a material. */
export const SLOTS = ['baseColorTexture', 'normalTexture', 'occlusionTexture', 'emissiveTexture', 'metallicRoughnessTexture'] as const;
type Slot = (typeof SLOTS)[number];

const WRAP: Record<WrapMode, number> = { REPEAT: 10497, CLAMP_TO_EDGE: 33071, MIRRORED_REPEAT: 33648 };

/** The glTF material for a scene material, without the texture slots the primitive cannot use. */
export function materialFor(ctx: ExportContext, index: number, prim: Primitive): number | undefined {
  const source = ctx.scene.materials[index];
  if (!source) return undefined;
  const dropped: Slot[] = [];
  for (const slot of SLOTS) {
    const ref = source[slot];
    if (!ref || (ctx.textures.get(ref.texture) ?? null) === null) continue;
    const set = `TEXCOORD_${ref.texCoord ?? 0}` as AttributeName;
    if (!(prim.attributes as unknown as Record<string, unknown>)[set]) dropped.push(slot);
  }
  const key = `${index}:${dropped.join(',')}`;
  let material = ctx.materials.get(key);
  if (material === undefined) {
    const def = createMaterial(ctx, source, new Set(dropped));
    if (dropped.length) {
      ctx.warn(
        'GLTF_MATERIAL_TEXCOORD',
        `material '${source.name}' is used by a primitive without the texture coordinates of ${dropped.join(', ')}; that copy leaves them out`,
      );
      def.name = `${source.name} (${dropped.map((d) => `no ${d}`).join(', ')})`;
    }
    material = ctx.json.materials.length;
    ctx.json.materials.push(def);
    ctx.materials.set(key, material);
  }
  return material;
}

function createMaterial(ctx: ExportContext, source: Material, dropped: Set<Slot>): Json {
  const m: Json = { name: source.name };
  const pbr: Json = {};
  const c = source.baseColorFactor;
  pbr.baseColorFactor = [clamp01(c[0]), clamp01(c[1]), clamp01(c[2]), clamp01(c[3])];
  pbr.metallicFactor = clamp01(source.metallicFactor);
  pbr.roughnessFactor = clamp01(source.roughnessFactor);
  m.pbrMetallicRoughness = pbr;
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
  if (e[0] || e[1] || e[2]) m.emissiveFactor = [e[0], e[1], e[2]];
  if (source.alphaMode !== 'OPAQUE') m.alphaMode = source.alphaMode;
  if (source.alphaMode === 'MASK') m.alphaCutoff = Math.max(0, finiteOr(source.alphaCutoff, 0.5));
  if (source.doubleSided) m.doubleSided = true;

  const unresolved: Record<string, unknown> = {};
  for (const slot of SLOTS) {
    const ref = source[slot];
    if (!ref) continue;
    const image = ctx.textures.get(ref.texture) ?? null;
    if (image === null || dropped.has(slot)) {
      unresolved[slot] = describeRef(ctx, ref, dropped.has(slot) ? 'no texture coordinates' : ctx.textureProblems.get(ref.texture));
      continue;
    }
    const info = textureInfo(ctx, image, ref);
    switch (slot) {
      case 'baseColorTexture':
      case 'metallicRoughnessTexture':
        pbr[slot] = info;
        break;
      case 'normalTexture':
        if (ref.strength !== undefined && Number.isFinite(ref.strength)) info.scale = ref.strength;
        m[slot] = info;
        break;
      case 'occlusionTexture':
        if (ref.strength !== undefined && Number.isFinite(ref.strength)) info.strength = clamp01(ref.strength);
        m[slot] = info;
        break;
      case 'emissiveTexture':
        m[slot] = info;
        break;
    }
  }

  const extensions: Json = {};
  if (strength > 1 && e.some((x) => x > 0)) {
    ctx.use('KHR_materials_emissive_strength');
    extensions.KHR_materials_emissive_strength = { emissiveStrength: strength };
  }
  if (source.unlit) {
    ctx.use('KHR_materials_unlit');
    extensions.KHR_materials_unlit = {};
  }
  if (Object.keys(extensions).length) m.extensions = extensions;
  const other: Record<string, unknown> = {};
  for (const [name, ref] of Object.entries(source.otherTextures ?? {})) other[name] = describeRef(ctx, ref);
  const extras = ctx.extras(source.extras, {
    legacy: source.legacy,
    otherTextures: Object.keys(other).length ? other : undefined,
    unresolvedTextures: Object.keys(unresolved).length ? unresolved : undefined,
  });
  if (extras) m.extras = extras;
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

/** A texture slot: the glTF texture (one per image and wrap modes), its texCoord and transform. */
function textureInfo(ctx: ExportContext, image: number, ref: TextureRef): Json {
  const texCoord = ref.texCoord ?? 0;
  const info: Json = { index: textureOf(ctx, image, ctx.scene.textures[ref.texture]?.wrapS, ctx.scene.textures[ref.texture]?.wrapT) };
  if (texCoord) info.texCoord = texCoord;
  const t = ref.transform;
  if (t && (t.offset[0] || t.offset[1] || t.rotation || t.scale[0] !== 1 || t.scale[1] !== 1)) {
    ctx.use('KHR_texture_transform');
    info.extensions = {
      KHR_texture_transform: {
        offset: [finiteOr(t.offset[0], 0), finiteOr(t.offset[1], 0)],
        rotation: finiteOr(t.rotation, 0),
        scale: [finiteOr(t.scale[0], 1), finiteOr(t.scale[1], 1)],
      },
    };
  }
  return info;
}

/** The glTF texture of an image with these wrap modes, made once (with its sampler, shared too). */
function textureOf(ctx: ExportContext, image: number, wrapS: WrapMode | undefined, wrapT: WrapMode | undefined): number {
  const key = `${image}:${wrapS ?? ''}:${wrapT ?? ''}`;
  let texture = ctx.textureIndex.get(key);
  if (texture !== undefined) return texture;
  const samplerKey = `${wrapS ?? ''}:${wrapT ?? ''}`;
  let sampler = ctx.samplerIndex.get(samplerKey);
  if (sampler === undefined) {
    const def: Json = {};
    if (wrapS && wrapS !== 'REPEAT') def.wrapS = WRAP[wrapS];
    if (wrapT && wrapT !== 'REPEAT') def.wrapT = WRAP[wrapT];
    sampler = ctx.json.samplers.length;
    ctx.json.samplers.push(def);
    ctx.samplerIndex.set(samplerKey, sampler);
  }
  const webp = ctx.json.images[image].mimeType === 'image/webp';
  texture = ctx.json.textures.length;
  ctx.json.textures.push(webp ? { sampler, extensions: { EXT_texture_webp: { source: image } } } : { sampler, source: image });
  ctx.textureIndex.set(key, texture);
  return texture;
}
