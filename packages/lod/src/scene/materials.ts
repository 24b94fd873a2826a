import { defaultMaterial, linearColor, linearRgb, type RGBA, type Scene, type Texture, type WarningSink, type WrapMode } from '@relic3d/core';
import type { LodFile, LodMaterial } from '../file.js';
import { imageMimeType } from './images.js';

export const BLENDING_MODES = ['opaque', 'transparency', 'additive', 'alphaTest50', 'alphaTest100', 'modulate'];
export const TEXTURE_MODES = ['decal', 'modulate', 'blend', 'replace'];
export const TEXTURE_FORMATS = ['default', 'rgb', 'rgba', 'rgb16', 'rgba16', 'alpha', 'luminance', 'luminanceAlpha', 'intensity', 'normalMap', 'rgbaFloat16', 'rgbaFloat32'];
export const IMAGE_ALPHA = ['default', 'alphaFromIntensity', 'superBlackTransparent', 'luminance', 'luminanceSqrt', 'opaque', 'topLeftPointColorTransparent', 'inverseLuminance', 'inverseLuminanceSqrt'];
export const MAPPING_MODES = ['user', 'objectLinear', 'eyeLinear', 'sphere', 'cubeMapReflection', 'cubeMapNormal', 'cubeMapLight0', 'cubeMapCamera'];

/** GLScene TextureWrap of the period: 0 both, 1 none, 2 vertical, 3 horizontal (unverified). */
function wrapModes(wrap: number | undefined): { wrapS: WrapMode; wrapT: WrapMode } {
  switch (wrap) {
    case 1:
      return { wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' };
    case 2:
      return { wrapS: 'CLAMP_TO_EDGE', wrapT: 'REPEAT' };
    case 3:
      return { wrapS: 'REPEAT', wrapT: 'CLAMP_TO_EDGE' };
    default:
      return { wrapS: 'REPEAT', wrapT: 'REPEAT' };
  }
}

/**
 * Splits 'first:second' at the first ':' that is not a drive letter ('C:\…'), as GLScene's
 * `Pos(':')` would except for drive letters (unverified how the editor writes those).
 */
export function splitTextureNames(textureName: string): [string, string] {
  let from = 0;
  for (;;) {
    const at = textureName.indexOf(':', from);
    if (at < 0) return [textureName, ''];
    const driveLetter = /^[A-Za-z]$/.test(textureName.slice(at - 1, at)) && (at === 1 || textureName[at - 2] === ':') && /[\\/]/.test(textureName[at + 1] ?? '');
    if (!driveLetter) return [textureName.slice(0, at), textureName.slice(at + 1)];
    from = at + 1;
  }
}

export interface MaterialTable {
  /** Material index for a face group's material name(s); creates placeholders for unknown names. */
  resolve(first: string | undefined, second?: string): number | undefined;
}

export function buildMaterials(file: LodFile, scene: Scene, sink: WarningSink): MaterialTable {
  const textureKeys = new Map<string, number>();
  const byName = new Map<string, number>();
  const firstTexture = new Map<string, number>();
  const texture = (uri: string, wrap: number | undefined): number => {
    const modes = wrapModes(wrap);
    const key = `${uri.toLowerCase()}|${modes.wrapS}|${modes.wrapT}`;
    let index = textureKeys.get(key);
    if (index === undefined) {
      index = scene.textures.length;
      scene.textures.push({ name: uri, uri, ...modes });
      textureKeys.set(key, index);
    }
    return index;
  };
  const all: LodMaterial[] = file.materialLibraries.flatMap((lib) => lib.materials);
  const seconds: [number, string][] = [];
  for (const raw of all) {
    if (byName.has(raw.name)) {
      sink.warn('LOD_DUPLICATE_MATERIAL', `material '${raw.name}' is defined twice; the first is used`);
      continue;
    }
    const o = raw.options;
    const useOptions = o !== undefined && o.enabled;
    const material = defaultMaterial(raw.name);
    const [first, second] = splitTextureNames(raw.textureName);
    const extras: Record<string, unknown> = { textureName: raw.textureName };
    if (o) {
      extras.options = {
        ...o,
        blendingModeName: BLENDING_MODES[o.blendingMode],
        textureModeName: TEXTURE_MODES[o.textureMode],
        textureFormatName: TEXTURE_FORMATS[o.textureFormat],
        imageAlphaName: IMAGE_ALPHA[o.imageAlpha],
        mappingModeName: o.mappingMode === undefined ? undefined : MAPPING_MODES[o.mappingMode],
      };
    }
    if (useOptions) {
      const clamp = (c: RGBA): RGBA => c.map((v) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0)) as RGBA;
      const diffuse = clamp(o.diffuse);
      // GLScene colours are gamma-space fixed-function values; glTF factors are linear.
      material.baseColorFactor = linearColor(diffuse);
      material.emissiveFactor = linearRgb(clamp(o.emission));
      material.legacy = { ambient: o.ambient, diffuse: o.diffuse, specular: o.specular, emissive: o.emission, shininess: o.shininess, opacity: diffuse[3] };
      if (o.blendingMode === 1 || o.blendingMode === 2 || o.blendingMode === 5) material.alphaMode = 'BLEND';
      else if (o.blendingMode === 3) {
        material.alphaMode = 'MASK';
        material.alphaCutoff = 0.5;
      } else if (o.blendingMode === 4) {
        material.alphaMode = 'MASK';
        material.alphaCutoff = 1;
      }
    }
    if (first && (!useOptions || o.textureEnabled)) {
      const t = texture(first, useOptions ? o.textureWrap : undefined);
      material.baseColorTexture = { texture: t, texCoord: 0 };
      firstTexture.set(raw.name, t);
    } else if (first) firstTexture.set(raw.name, texture(first, useOptions ? o.textureWrap : undefined));
    material.extras = extras;
    byName.set(raw.name, scene.materials.length);
    if (second) seconds.push([scene.materials.length, second]);
    scene.materials.push(material);
  }
  // The second texture names a library material (GLScene Texture2Name), else a file.
  for (const [index, second] of seconds) {
    const t = firstTexture.get(second) ?? texture(second, undefined);
    scene.materials[index].otherTextures = { ...scene.materials[index].otherTextures, texture2: { texture: t, texCoord: 1 } };
  }
  // Embedded images (TXTR) go onto the texture of the same file name, else of the named material.
  for (const lib of file.textureLibraries) {
    for (const embedded of lib.textures) {
      const image = { mimeType: imageMimeType(embedded.data, embedded.textureName), data: embedded.data };
      let targets = scene.textures.map((t, i) => (t.uri?.toLowerCase() === embedded.textureName.toLowerCase() ? i : -1)).filter((i) => i >= 0);
      if (!targets.length && firstTexture.has(embedded.materialName)) targets = [firstTexture.get(embedded.materialName)!];
      if (!targets.length) {
        const t: Texture = { name: embedded.textureName, uri: embedded.textureName };
        targets = [scene.textures.length];
        scene.textures.push(t);
      }
      for (const i of targets) {
        const t = scene.textures[i];
        if (!image.mimeType) delete image.mimeType;
        t.image = image;
        t.extras = { ...t.extras, embeddedFor: embedded.materialName, optionType: embedded.optionType };
      }
    }
  }
  // Bump shaders: normal map and gloss map come from other library materials' textures.
  for (const lib of file.shaderLibraries) {
    for (const shader of lib.shaders) {
      if (!shader.bump) continue;
      const target = byName.get(shader.bump.name);
      if (target === undefined) {
        sink.warn('LOD_MISSING_MATERIAL', `bump shader names unknown material '${shader.bump.name}'`);
        continue;
      }
      const m = scene.materials[target];
      const normal = firstTexture.get(shader.bump.normalName);
      const gloss = firstTexture.get(shader.bump.specularName);
      if (normal !== undefined) m.normalTexture = { texture: normal, texCoord: 0 };
      if (gloss !== undefined) m.otherTextures = { ...m.otherTextures, specular: { texture: gloss, texCoord: 0 } };
      m.extras = { ...m.extras, bump: { normalMaterial: shader.bump.normalName, specularMaterial: shader.bump.specularName, lightPower: shader.bump.lightPower, specularPower: shader.bump.specularPower } };
    }
  }
  const combined = new Map<string, number>();
  return {
    resolve(first, second) {
      if (first === undefined || first === '') return undefined;
      let index = byName.get(first);
      if (index === undefined) {
        sink.warn('LOD_MISSING_MATERIAL', `face group names unknown material '${first}'`);
        index = scene.materials.length;
        scene.materials.push(defaultMaterial(first));
        byName.set(first, index);
      }
      if (!second || second === first) return index;
      const key = `${first}\n${second}`;
      let mixed = combined.get(key);
      if (mixed === undefined) {
        const base = scene.materials[index];
        const lightmapMaterial = byName.get(second);
        const lightmap = lightmapMaterial !== undefined ? firstTexture.get(second) : undefined;
        mixed = scene.materials.length;
        scene.materials.push({
          ...base,
          name: `${first}+${second}`,
          otherTextures: { ...base.otherTextures, ...(lightmap !== undefined ? { lightmap: { texture: lightmap, texCoord: 1 } } : {}) },
          extras: { ...base.extras, lightmapMaterial: second },
        });
        combined.set(key, mixed);
      }
      return mixed;
    },
  };
}
