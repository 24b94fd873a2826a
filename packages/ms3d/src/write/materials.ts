// Materials (docs/formats/ms3d.md §2.5): the fixed-function colours from `material.legacy` when the
// scene has them (a round trip keeps them exactly), else derived from the PBR factors as the
// inverse of the reader's conversion (../scene/materials.ts).
import { clamp01, keepMapAlive, linearToSrgb, type Material, type RGBA, type Scene, type WarningSink } from '@relic3d/core';
import { MODE_HASALPHA, type Ms3dMaterial } from '../file.js';
import { extraInt, extraNumber, extraString, readByMs3d } from './extras.js';
import type { TextureFiles } from './images.js';
import { checkLimit } from './limits.js';
import type { BuiltGroup } from './mesh.js';
import type { NameFields } from './names.js';

/** A material record as written: the file's fields, names already encoded into their fields. */
export interface BuiltMaterial extends Omit<Ms3dMaterial, 'name' | 'texture' | 'alphamap'> {
  name: Uint8Array;
  texture: Uint8Array;
  alphamap: Uint8Array;
  comment?: string;
}

export interface MaterialPlan {
  records: BuiltMaterial[];
  /** MS3D material index of a scene material (−1: none). */
  indexOf: (material: number | undefined) => number;
}

const MILKSHAPE_AMBIENT: RGBA = [0.2, 0.2, 0.2, 1];
const finite = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const rgba = (c: ArrayLike<number> | undefined, d: RGBA): RGBA => (c && c.length >= 4 ? [finite(c[0], d[0]), finite(c[1], d[1]), finite(c[2], d[2]), finite(c[3], d[3])] : d);

/** The reader's roughness = sqrt(2 / (n + 2)), inverted: n = 2 / r² − 2, within MilkShape's 0..128. */
function shininessFromRoughness(roughness: number): number {
  const r = clamp01(finite(roughness, 1));
  return r > 0 ? Math.min(128, Math.max(0, 2 / (r * r) - 2)) : 128;
}

/** What PBR factors say as MilkShape colours: sRGB diffuse, grey specular from the roughness. */
function derived(m: Material): Omit<BuiltMaterial, 'name' | 'texture' | 'alphamap' | 'mode'> {
  const b = m.baseColorFactor;
  const strength = finite(m.emissiveStrength, 1);
  const spec = 1 - clamp01(finite(m.roughnessFactor, 1));
  return {
    ambient: MILKSHAPE_AMBIENT,
    diffuse: [linearToSrgb(b[0]), linearToSrgb(b[1]), linearToSrgb(b[2]), clamp01(finite(b[3], 1))],
    specular: [spec, spec, spec, 1],
    emissive: [linearToSrgb(m.emissiveFactor[0]) * strength, linearToSrgb(m.emissiveFactor[1]) * strength, linearToSrgb(m.emissiveFactor[2]) * strength, 1],
    shininess: shininessFromRoughness(m.roughnessFactor),
    transparency: clamp01(finite(b[3], 1)),
  };
}

const isReaderDefault = (m: Material | undefined) => m?.extras?.ms3dDefault === true;

export function planMaterials(scene: Scene, groups: BuiltGroup[], textures: TextureFiles, names: NameFields, sink: WarningSink): MaterialPlan {
  const valid = (i: number | undefined): i is number => i !== undefined && i >= 0 && i < scene.materials.length && !isReaderDefault(scene.materials[i]);
  const used = new Set(groups.map((g) => g.material).filter(valid));
  let chosen = scene.materials.map((_, i) => i).filter(valid);
  if (chosen.length > 128) {
    sink.warn('MS3D_WRITE_MATERIALS_UNUSED', `${chosen.length - used.size} materials no group uses are not written (MilkShape holds 128)`);
    chosen = chosen.filter((i) => used.has(i));
  }
  checkLimit('materials', chosen.length, 128);
  const index = new Map(chosen.map((m, k) => [m, k]));
  const unwritten = new Map<string, Set<string>>();
  const records = chosen.map((i) => {
    const m = scene.materials[i];
    const base = derived(m);
    const legacy = m.legacy;
    const ms3d = readByMs3d(m.extras, 'sphereMap');
    const raw = ms3d ? extraNumber(m.extras, 'transparency') : undefined;
    const opacity = legacy?.opacity !== undefined ? clamp01(legacy.opacity) : base.transparency;
    const texture = m.baseColorTexture ? textures.pathFor(m.baseColorTexture.texture) : undefined;
    const alpha = m.otherTextures?.alphamap ? textures.pathFor(m.otherTextures.alphamap.texture) : undefined;
    const record: BuiltMaterial = {
      name: names.name(m.name, `material ${i}`),
      ambient: rgba(legacy?.ambient, base.ambient),
      diffuse: rgba(legacy?.diffuse, base.diffuse),
      specular: rgba(legacy?.specular, base.specular),
      emissive: rgba(legacy?.emissive, base.emissive),
      shininess: legacy?.shininess !== undefined ? finite(legacy.shininess, base.shininess) : base.shininess,
      // The stored value when it is the one the reader clamped into `legacy.opacity`.
      transparency: raw !== undefined && clamp01(raw) === opacity ? raw : opacity,
      mode: (ms3d ? extraInt(m.extras, 'mode', 0, 255) : undefined) ?? (m.alphaMode !== 'OPAQUE' && texture ? MODE_HASALPHA : 0),
      texture: names.path(texture ?? '', `material ${i} texture`),
      alphamap: names.path(alpha ?? '', `material ${i} alpha map`),
    };
    const comment = extraString(m.extras, 'comment');
    if (comment !== undefined) record.comment = comment;
    for (const [slot, ref] of Object.entries({ normal: m.normalTexture, emissive: m.emissiveTexture, occlusion: m.occlusionTexture, metallicRoughness: m.metallicRoughnessTexture, ...m.otherTextures })) {
      if (!ref || slot === 'alphamap') continue;
      const list = unwritten.get(slot) ?? new Set<string>();
      list.add(m.name);
      unwritten.set(slot, list);
    }
    return record;
  });
  for (const [slot, materials] of unwritten) {
    sink.warn('MS3D_WRITE_TEXTURES', `${slot} maps of ${materials.size} materials (${[...materials].slice(0, 4).join(', ')}) are not written (MS3D holds a texture and an alpha map)`);
  }
  return { records, indexOf: (material) => (material !== undefined ? index.get(material) ?? -1 : -1) };
}

// One record kept, fields in the order planMaterials makes them: its map is held by no literal, and
// serialize was compiled again after every full GC that took a write's records (output.ts).
keepMapAlive({
  name: new Uint8Array(0),
  ambient: [0.5, 0.5, 0.5, 0.5],
  diffuse: [0.5, 0.5, 0.5, 0.5],
  specular: [0.5, 0.5, 0.5, 0.5],
  emissive: [0.5, 0.5, 0.5, 0.5],
  shininess: 0.5,
  transparency: 0.5,
  mode: 0,
  texture: new Uint8Array(0),
  alphamap: new Uint8Array(0),
} satisfies BuiltMaterial);
