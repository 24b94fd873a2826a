import { clamp01, linearColor, linearRgb, type Material, type RGB, type RGBA, type Scene, type Texture } from '@relic3d/core';
import { MODE_COMBINEALPHA, MODE_HASALPHA, MODE_SPHEREMAP, type Ms3dFile, type Ms3dMaterial } from '../file.js';
import { finiteOr0 } from './finite.js';

const finiteRGBA = (c: RGBA): RGBA => c.map(finiteOr0) as RGBA;

/** `.\jeep1.jpg` → `./jeep1.jpg`: Windows separators to URI ones. */
function normalizeTexturePath(path: string): string {
  return path.replace(/\\/g, '/');
}

/** Adds (or reuses) a texture for a stored path and returns its index. */
function textureFor(scene: Scene, cache: Map<string, number>, path: string): number {
  let index = cache.get(path);
  if (index === undefined) {
    const uri = normalizeTexturePath(path);
    const texture: Texture = { name: uri.split('/').pop() || uri, uri, wrapS: 'REPEAT', wrapT: 'REPEAT' };
    if (uri !== path) texture.extras = { path };
    index = scene.textures.push(texture) - 1;
    cache.set(path, index);
  }
  return index;
}

/**
 * A Phong exponent (0..128) as a roughness: the usual Blinn-Phong ↔ GGX match
 * roughness = sqrt(2 / (n + 2)).
 */
function roughnessFromShininess(shininess: number): number {
  const n = Math.max(0, finiteOr0(shininess));
  return Math.min(1, Math.sqrt(2 / (n + 2)));
}

function convertMaterial(m: Ms3dMaterial, scene: Scene, cache: Map<string, number>, comment?: string): Material {
  const opacity = clamp01(m.transparency);
  const emissive: RGB = [finiteOr0(m.emissive[0]), finiteOr0(m.emissive[1]), finiteOr0(m.emissive[2])];
  const peak = Math.max(...emissive);
  const hasAlpha = (m.mode & MODE_HASALPHA) !== 0;
  const material: Material = {
    name: m.name,
    // MilkShape colours are gamma-space fixed-function values; glTF factors are linear.
    baseColorFactor: linearColor(m.diffuse, opacity),
    metallicFactor: 0,
    roughnessFactor: roughnessFromShininess(m.shininess),
    emissiveFactor: linearRgb(peak > 1 ? emissive.map((v) => Math.max(0, v / peak)) : emissive),
    alphaMode: opacity < 1 || (hasAlpha && m.texture !== '') ? 'BLEND' : 'OPAQUE',
    doubleSided: false,
    legacy: {
      ambient: finiteRGBA(m.ambient),
      diffuse: finiteRGBA(m.diffuse),
      specular: finiteRGBA(m.specular),
      emissive: finiteRGBA(m.emissive),
      shininess: finiteOr0(m.shininess),
      opacity,
    },
    extras: {
      mode: m.mode,
      sphereMap: (m.mode & MODE_SPHEREMAP) !== 0,
      hasAlpha,
      combineAlpha: (m.mode & MODE_COMBINEALPHA) !== 0,
      transparency: m.transparency,
    },
  };
  if (peak > 1) material.emissiveStrength = peak;
  if (m.texture) material.baseColorTexture = { texture: textureFor(scene, cache, m.texture) };
  if (m.alphamap) material.otherTextures = { alphamap: { texture: textureFor(scene, cache, m.alphamap) } };
  if (comment !== undefined) material.extras!.comment = comment;
  return material;
}

/** Every file material, in file order (so material indices are kept). */
export function convertMaterials(file: Ms3dFile, scene: Scene): void {
  const cache = new Map<string, number>();
  const comments = new Map<number, string>();
  for (const c of file.comments?.materials ?? []) comments.set(c.index, c.text);
  file.materials.forEach((m, i) => scene.materials.push(convertMaterial(m, scene, cache, comments.get(i))));
}
