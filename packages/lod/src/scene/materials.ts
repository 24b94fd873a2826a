import { defaultMaterial, linearColor, linearRgb, type RGBA, type Scene, type WarningSink } from '@relic3d/core';
import type { LodFile, LodMaterial } from '../file.js';
import { materialTable, type MaterialTable } from './material-table.js';
import { attachBumpShaders } from './shaders.js';
import { attachEmbeddedImages, textureList } from './textures.js';

export const BLENDING_MODES = ['opaque', 'transparency', 'additive', 'alphaTest50', 'alphaTest100', 'modulate'];
export const TEXTURE_MODES = ['decal', 'modulate', 'blend', 'replace'];
export const TEXTURE_FORMATS = ['default', 'rgb', 'rgba', 'rgb16', 'rgba16', 'alpha', 'luminance', 'luminanceAlpha', 'intensity', 'normalMap', 'rgbaFloat16', 'rgbaFloat32'];
export const IMAGE_ALPHA = ['default', 'alphaFromIntensity', 'superBlackTransparent', 'luminance', 'luminanceSqrt', 'opaque', 'topLeftPointColorTransparent', 'inverseLuminance', 'inverseLuminanceSqrt'];
export const MAPPING_MODES = ['user', 'objectLinear', 'eyeLinear', 'sphere', 'cubeMapReflection', 'cubeMapNormal', 'cubeMapLight0', 'cubeMapCamera'];

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

/** The library materials: scene index by name, and the texture of each material's first name. */
export interface LibraryMaterials {
  byName: Map<string, number>;
  firstTexture: Map<string, number>;
}

/**
 * The material libraries (MAT1) → scene materials and textures, with their embedded images (TXTR)
 * and bump shaders (SHDR); the table resolves the face groups' material names.
 */
export function buildMaterials(file: LodFile, scene: Scene, sink: WarningSink): MaterialTable {
  const byName = new Map<string, number>();
  const firstTexture = new Map<string, number>();
  const texture = textureList(scene);
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
  attachEmbeddedImages(file, scene, firstTexture);
  const library: LibraryMaterials = { byName, firstTexture };
  attachBumpShaders(file, scene, library, sink);
  return materialTable(scene, library, sink);
}
