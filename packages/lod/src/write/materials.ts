// Scene materials → the MAT1 library, bump shaders (SHDR) and embedded images (TXTR) (docs/formats/lod.md §3).
import type { Material, TextureRef } from '@relic3d/core';
import type { LodMaterialOptions } from '../file.js';
import { splitTextureNames } from '../scene/materials.js';
import type { LodWriter } from './chunks.js';
import { num, record, type WriteContext } from './context.js';
import { materialOptions, plainOptions } from './material-options.js';
import { textureFiles, type EmbeddedImage } from './textures.js';

interface LibraryMaterial {
  name: string;
  textureName: string;
  options: LodMaterialOptions;
}

interface BumpShader {
  name: string;
  normalName: string;
  specularName: string;
  lightPower: number;
  specularPower: number;
}

export interface MaterialPlan {
  /** Face-group material names of a scene material: [library name] or [name, lightmap name]. */
  namesOf(material: number | undefined): string[];
  library: LibraryMaterial[];
  shaders: BumpShader[];
  embedded: EmbeddedImage[];
}

/** Texture slots a MAT1 material, its second texture and a bump shader carry. */
const CARRIED_OTHER = new Set(['texture2', 'lightmap', 'specular']);

/** A material read from a .lod face group naming a lightmap material: `first+second` (scene/material-table.ts). */
function combinedParts(m: Material, names: Set<string>): [string, string] | undefined {
  const second = m.extras?.lightmapMaterial;
  if (typeof second !== 'string' || !m.name.endsWith(`+${second}`)) return undefined;
  const first = m.name.slice(0, m.name.length - second.length - 1);
  return names.has(first) ? [first, second] : undefined;
}

/**
 * One library material per scene material (names unique case-insensitively, as GLScene finds them
 * by name), the base texture and a second one (`first:second`, GLScene's Texture2Name) in
 * TextrName; normal and gloss maps through a bump shader and helper materials holding them.
 */
export function planMaterials(ctx: WriteContext): MaterialPlan {
  const { scene, sink } = ctx;
  const textures = textureFiles(ctx);
  const library: LibraryMaterial[] = [];
  const shaders: BumpShader[] = [];
  const taken = new Map<string, LibraryMaterial>();
  const sourceNames = new Set(scene.materials.map((m) => m.name));
  const names: string[][] = [];
  const dropped: string[] = [];
  const texName = (ref: TextureRef | undefined) => (ref ? textures.nameOf(ref.texture) : '');
  const unique = (wanted: string, entry: Omit<LibraryMaterial, 'name'>, what: string): string => {
    let name = wanted;
    for (let k = 2; ; k++) {
      const same = taken.get(name.toLowerCase());
      if (!same) break;
      if (same.textureName === entry.textureName && JSON.stringify(same.options) === JSON.stringify(entry.options)) return same.name;
      name = `${wanted}_${k}`;
    }
    if (name !== wanted) sink.warn('LOD_WRITE_MATERIAL_NAME', `${what} "${wanted}" is taken (GLScene finds materials by name, ignoring case): written as "${name}"`);
    const written = { name, ...entry };
    taken.set(name.toLowerCase(), written);
    library.push(written);
    return name;
  };
  const combined = new Map<number, [string, string]>();
  scene.materials.forEach((m, i) => {
    const parts = combinedParts(m, sourceNames);
    if (parts) return void combined.set(i, parts);
    const base = m.baseColorTexture ? scene.textures[m.baseColorTexture.texture] : undefined;
    const other = m.otherTextures ?? {};
    let textureName = texName(m.baseColorTexture);
    const second = texName(other.texture2 ?? other.lightmap);
    if (second) textureName = `${textureName}:${second}`;
    const stored = typeof m.extras?.textureName === 'string' ? m.extras.textureName : undefined;
    if (stored !== undefined) {
      const [a, b] = splitTextureNames(stored);
      const [x, y] = splitTextureNames(textureName);
      const same = (p: string, q: string) => p.replace(/^.*[\\/]/, '').toLowerCase() === q.toLowerCase();
      // A second name may be a library material whose texture it means (GLScene's Texture2Name).
      const secondMeans = (p: string, q: string) => same(p, q) || (sourceNames.has(p) && texName(scene.materials.find((o) => o.name === p)?.baseColorTexture).toLowerCase() === q.toLowerCase());
      // The name as the file had it (paths, case, material names) when it still names the same
      // files, or when the scene dropped a texture GLScene would not show (TextureEnabled off).
      if ((same(a, x) && secondMeans(b, y)) || (!x && !y)) textureName = stored;
    }
    if (!m.name) sink.warn('LOD_WRITE_MATERIAL_NAME', `material ${i} has no name (face groups name their material): written as "Material${i}"`);
    names[i] = [unique(m.name || `Material${i}`, { textureName, options: materialOptions(m, base) }, 'material name')];
    for (const [slot, ref] of Object.entries({ emissive: m.emissiveTexture, occlusion: m.occlusionTexture, metallicRoughness: m.metallicRoughnessTexture, ...other })) {
      if (ref && !CARRIED_OTHER.has(slot)) dropped.push(`${m.name}: ${slot}`);
    }
    if (other.texture2 && other.lightmap) dropped.push(`${m.name}: lightmap`);
    if (m.normalTexture || other.specular) {
      const bump = record(m.extras?.bump);
      const helper = (ref: TextureRef | undefined, stored: unknown, suffix: string) => {
        if (!ref) return '';
        if (typeof stored === 'string' && sourceNames.has(stored)) return stored;
        return unique(`${names[i][0]}.${suffix}`, { textureName: texName(ref), options: plainOptions() }, 'bump map material');
      };
      shaders.push({
        name: names[i][0],
        normalName: helper(m.normalTexture, bump?.normalMaterial, 'normal'),
        specularName: helper(other.specular, bump?.specularMaterial, 'gloss'),
        lightPower: num(bump?.lightPower, 1),
        specularPower: num(bump?.specularPower, num(m.legacy?.shininess, 1)),
      });
    }
  });
  for (const [i, [first, second]] of combined) names[i] = [names[scene.materials.findIndex((m) => m.name === first)]?.[0] ?? first, second];
  const twoSided = scene.materials.filter((m, i) => m.doubleSided && !combined.has(i)).map((m) => m.name);
  if (twoSided.length) sink.warn('LOD_WRITE_DOUBLE_SIDED', `MaterialOptions have no face culling setting: GLScene draws these materials as it is set up to (back faces culled by default): ${twoSided.join(', ')}`);
  if (dropped.length) sink.warn('LOD_WRITE_TEXTURE_DROPPED', `LOD materials carry a base texture, a second texture, and normal and gloss maps through a bump shader; not written: ${dropped.join(', ')}`);
  const materialOfTexture = (t: number) => {
    const i = scene.materials.findIndex((m) => m.baseColorTexture?.texture === t);
    return i >= 0 ? names[i][0] : undefined;
  };
  return {
    namesOf: (material) => (material !== undefined && names[material] ? names[material] : ['']),
    library,
    shaders,
    embedded: textures.embedded(materialOfTexture),
  };
}

function writeOptions(w: LodWriter, o: LodMaterialOptions): void {
  w.finiteF32s(o.ambient).finiteF32s(o.diffuse).finiteF32s(o.emission).finiteF32s(o.specular).finiteF32s(o.envColor);
  w.u8(o.shininess).finiteF32(o.imageBrightness).finiteF32(o.imageGamma).finiteF32(o.normalMapScale);
  w.u8(o.blendingMode).u8(o.imageAlpha).u8(o.textureMode).u8(o.textureWrap).u8(o.textureFormat);
  w.bool(o.textureEnabled).bool(o.enabled).u8(o.mappingMode ?? 0);
}

/** `MAL1` holding one `MAT1` of MaterialsType 3 (names + 101-byte options). */
export function writeMaterialLibrary(w: LodWriter, plan: MaterialPlan): void {
  w.begin('MAL1', 1).begin('MAT1', plan.library.length).u8(3).i32(plan.library.length);
  for (const m of plan.library) {
    w.str(m.name, 'material name').str(m.textureName, 'texture name');
    writeOptions(w, m.options);
  }
  w.end().end();
}

/**
 * `SHDL` → `SHDR` bump shaders. Written beside MAL1 in LOD1, not inside it: GLScene reads MAL1's
 * first child and goes on at LOD1 level, so a second MAL1 child would cost one of LOD1's Count.
 */
export function writeShaderLibrary(w: LodWriter, plan: MaterialPlan): void {
  w.begin('SHDL', 1).begin('SHDR', plan.shaders.length).u8(1);
  for (const s of plan.shaders) {
    const at = w.length;
    w.i32(0).u8(1).str(s.name, 'material name').str(s.normalName, 'material name').str(s.specularName, 'material name').f32(s.lightPower).f32(s.specularPower);
    w.patchI32(at, w.length - at - 4); // ShaderSize counts the bytes after itself
  }
  w.end().end();
}

/** `TXTL` → `TXTR` embedded images (beside MAL1 in LOD1, as the shader library). */
export function writeTextureLibrary(w: LodWriter, images: EmbeddedImage[]): void {
  w.begin('TXTL', 1).begin('TXTR', images.length).u8(0);
  for (const t of images) {
    const material = w.text(t.materialName, 'material name');
    const texture = w.text(t.textureName, 'texture name');
    w.i32(20 + material.length + texture.length).i32(t.data.length).i32(t.optionType);
    w.i32(material.length).bytes(material).i32(texture.length).bytes(texture).bytes(t.data);
  }
  w.end().end();
}
