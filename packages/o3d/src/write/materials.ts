/**
 * Scene materials → O3D materials and block effects (docs/formats/o3d.md §2.4, §9.7): the texture
 * is the base colour texture; the raw colours, effect and amount the reader kept (`legacy`,
 * `extras`) come back as they were; other materials get D3D colours from their factors and effects
 * from their alpha mode, sidedness and lighting. Embedded images are written beside the model.
 */
import { linearToSrgb, sniffImage, type Material, type RGBA } from '@relic3d/core';
import { EFFECT, type O3dMaterial } from '../file.js';
import { warnOnce, type WriteContext } from './context.js';
import { FILE_NAME_BYTES, TEXTURE_NAME_FIELD, fitName } from './names.js';
import { integer } from './motion.js';

/** What a material block takes from its scene material. */
export interface BlockLook {
  /** Undefined: the block has no material (a model without a material list). */
  material?: O3dMaterial;
  effect: number;
  amount: number;
  /** The scene material is a light object's (additive, night only). */
  light: boolean;
}

/** The effect names the reader lists in `extras.effects` (docs/formats/o3d.md §12). */
const EFFECT_BY_NAME: Record<string, number> = { reflect: EFFECT.REFLECT, opacity: EFFECT.OPACITY, twoSided: EFFECT.TWO_SIDED, selfIlluminate: EFFECT.SELF_ILLUMINATE, specular: EFFECT.SPECULAR, bump: EFFECT.BUMP };

const srgb = (c: number) => linearToSrgb(Math.min(1, Math.max(0, c)));
const rgba = (v: unknown): RGBA | undefined => (Array.isArray(v) && v.length === 4 && v.every((c) => typeof c === 'number' && Number.isFinite(c)) ? (v as RGBA) : undefined);

/** The look of each scene material, made once per write. */
export function blockLooks(ctx: WriteContext): BlockLook[] {
  const names = textureNames(ctx);
  const other = new Set<string>();
  const looks = ctx.scene.materials.map((m) => look(m, names, other));
  if (other.size) warnOnce(ctx, 'O3D_WRITE_TEXTURES', `O3D materials have one texture (the base colour); ${[...other].join(', ')} textures are not written`);
  return looks;
}

function look(m: Material, names: (string | undefined)[], other: Set<string>): BlockLook {
  const e = m.extras ?? {};
  for (const [slot, ref] of Object.entries({ normal: m.normalTexture, emissive: m.emissiveTexture, occlusion: m.occlusionTexture, metallicRoughness: m.metallicRoughnessTexture, ...m.otherTextures })) if (ref) other.add(slot);
  const textureName = (m.baseColorTexture ? names[m.baseColorTexture.texture] : undefined) ?? '';
  const base = m.baseColorFactor;
  const derived: RGBA = [srgb(base[0]), srgb(base[1]), srgb(base[2]), 0];
  const legacy = m.legacy ?? {};
  const material: O3dMaterial = {
    diffuse: rgba(legacy.diffuse) ?? derived,
    ambient: rgba(legacy.ambient) ?? derived,
    specular: rgba(legacy.specular) ?? [0, 0, 0, 0],
    emissive: rgba(legacy.emissive) ?? [srgb(m.emissiveFactor[0]), srgb(m.emissiveFactor[1]), srgb(m.emissiveFactor[2]), 0],
    power: typeof legacy.shininess === 'number' && Number.isFinite(legacy.shininess) ? legacy.shininess : 0,
    textureName,
  };
  const light = e.light === true;
  const effect = integer(e.effect);
  if (effect !== undefined) return { material, effect: effect >>> 0, amount: integer(e.amount) ?? 0, light };
  let flags = 0, amount = 0;
  if (m.alphaMode !== 'OPAQUE') {
    flags |= EFFECT.OPACITY;
    // Amount 255: alpha test at 0xB0; below: blended with amount / 255 (the client's SetState).
    amount = m.alphaMode === 'BLEND' && base[3] < 1 ? Math.min(254, Math.max(1, Math.round(base[3] * 255))) : 255;
  }
  if (m.doubleSided) flags |= EFFECT.TWO_SIDED;
  if (m.unlit) flags |= EFFECT.SELF_ILLUMINATE;
  // Effects glTF has no field for (reflect, specular, bump) come from extras.effects by name.
  if (Array.isArray(e.effects)) for (const name of e.effects) if (typeof name === 'string' && Object.hasOwn(EFFECT_BY_NAME, name)) flags |= EFFECT_BY_NAME[name];
  if (flags & EFFECT.OPACITY && !amount) amount = 255;
  return { material, effect: flags, amount, light };
}

/**
 * The name each base colour texture is written under: an embedded image becomes a file beside the
 * model (its own name when it has one, else `<model>_<n>.<ext>`); a texture with only a URI is
 * referenced by its base name (the client looks textures up by name in its texture folder).
 */
function textureNames(ctx: WriteContext): (string | undefined)[] {
  const used = new Set<string>();
  const usedBy = new Set<number>();
  for (const m of ctx.scene.materials) if (m.baseColorTexture) usedBy.add(m.baseColorTexture.texture);
  return ctx.scene.textures.map((t, i) => {
    if (!usedBy.has(i)) return undefined;
    const given = (t.uri ?? t.name ?? '').replace(/^.*[\\/]/, '');
    if (t.image?.data) {
      const type = sniffImage(t.image.data, given);
      const extension = type?.extension ?? (t.image.mimeType?.split('/')[1] ?? 'bin');
      if (!['dds', 'tga', 'bmp', 'png', 'jpg'].includes(extension)) {
        warnOnce(ctx, 'O3D_WRITE_IMAGE_TYPE', `embedded ${type ? type.extension : 'unrecognised'} images are written as they are; the client loads DDS, TGA, BMP, PNG and JPEG (convert them for the game)`);
      }
      // Its own name when that is a plain ASCII file name of its type, else one made from the model's.
      const suffix = /\.([a-z0-9]+)$/i.exec(given)?.[1].toLowerCase();
      const own = /^[\x20-\x7e]+$/.test(given) && !/[<>:"|?*]/.test(given) && (suffix === extension || (suffix === 'jpeg' && extension === 'jpg'));
      let name = own ? given : `${ctx.base}_${i}.${extension}`;
      if (name.length > FILE_NAME_BYTES) name = `${ctx.base.slice(0, FILE_NAME_BYTES - 12)}_${i}.${extension}`;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = name.replace(/(_\d+)?(\.[^.]*)$/, `_${n}$2`);
      used.add(name.toLowerCase());
      ctx.files[name] = t.image.data;
      return name;
    }
    if (!given) {
      ctx.sink.warn('O3D_WRITE_TEXTURE_NAME', `texture ${i} has neither an image nor a URI; its materials are written without a texture`);
      return undefined;
    }
    return fitName(ctx, given, TEXTURE_NAME_FIELD, 'texture name');
  });
}
