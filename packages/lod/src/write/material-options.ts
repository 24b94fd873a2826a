// MaterialOptions (docs/formats/lod.md §3.2): recovered from `extras.options` of a scene read from
// a .lod, else derived from the glTF material and its legacy colours.
import { linearToSrgb, type Material, type RGBA, type Texture } from '@relic3d/core';
import type { LodMaterialOptions } from '../file.js';
import { num, nums, record } from './context.js';

/** GLScene BlendingMode: 0 opaque, 1 transparency, 2 additive, 3 alpha test 50 %, 4 alpha test 100 %, 5 modulate. */
function blending(m: Material, stored: number | undefined): number {
  if (m.alphaMode === 'BLEND') return stored === 1 || stored === 2 || stored === 5 ? stored : 1;
  if (m.alphaMode === 'MASK') return (m.alphaCutoff ?? 0.5) < 0.75 ? 3 : 4;
  return 0;
}

/** TextureWrap of the period: 0 both, 1 none, 2 vertical only, 3 horizontal only (unverified, as the reader). */
function wrapOf(t: Texture | undefined, stored: number | undefined): number {
  if (!t) return stored ?? 0;
  const s = (t.wrapS ?? 'REPEAT') !== 'CLAMP_TO_EDGE', v = (t.wrapT ?? 'REPEAT') !== 'CLAMP_TO_EDGE';
  return s && v ? 0 : !s && !v ? 1 : !s ? 2 : 3;
}

const gamma = (c: ArrayLike<number>, alpha: number): RGBA => [linearToSrgb(c[0]), linearToSrgb(c[1]), linearToSrgb(c[2]), alpha];
const byte = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));

/** The 101 option bytes of MaterialsType 3 for a scene material. */
export function materialOptions(m: Material, base: Texture | undefined): LodMaterialOptions {
  const raw = record(m.extras?.options);
  const stored = (key: string) => (typeof raw?.[key] === 'number' ? (raw[key] as number) : undefined);
  const colour = (legacy: RGBA | undefined, key: string, fallback: RGBA): RGBA => (legacy && nums(legacy, 4) ? [...legacy] : ((nums(raw?.[key], 4) as RGBA | undefined) ?? fallback));
  const legacy = m.legacy;
  const enabled = typeof raw?.enabled === 'boolean' ? raw.enabled : true;
  const rawBlending = stored('blendingMode');
  // Disabled options were not applied by the reader, so the scene says nothing about them: keep them.
  const blendingMode = !enabled && rawBlending !== undefined ? byte(rawBlending, 255) : blending(m, rawBlending);
  return {
    ambient: colour(legacy?.ambient, 'ambient', [0.2, 0.2, 0.2, 1]),
    diffuse: colour(legacy?.diffuse, 'diffuse', gamma(m.baseColorFactor, m.baseColorFactor[3])),
    emission: colour(legacy?.emissive, 'emission', gamma(m.emissiveFactor, 1)),
    specular: colour(legacy?.specular, 'specular', [0, 0, 0, 1]),
    envColor: (nums(raw?.envColor, 4) as RGBA | undefined) ?? [0, 0, 0, 0],
    shininess: byte(num(legacy?.shininess, num(raw?.shininess, 0)), 128),
    imageBrightness: num(raw?.imageBrightness, 1),
    imageGamma: num(raw?.imageGamma, 1),
    normalMapScale: num(raw?.normalMapScale, 0.125),
    blendingMode,
    imageAlpha: byte(stored('imageAlpha') ?? 0, 255),
    textureMode: byte(stored('textureMode') ?? 1, 255),
    textureWrap: byte(wrapOf(base, stored('textureWrap')), 255),
    textureFormat: byte(stored('textureFormat') ?? 0, 255),
    textureEnabled: base && enabled ? true : typeof raw?.textureEnabled === 'boolean' ? raw.textureEnabled : base !== undefined,
    enabled,
    mappingMode: byte(stored('mappingMode') ?? 0, 255),
  };
}

/** Options of a helper material that only carries a texture (bump shader maps). */
export function plainOptions(): LodMaterialOptions {
  return {
    ambient: [0.2, 0.2, 0.2, 1],
    diffuse: [0.8, 0.8, 0.8, 1],
    emission: [0, 0, 0, 1],
    specular: [0, 0, 0, 1],
    envColor: [0, 0, 0, 0],
    shininess: 0,
    imageBrightness: 1,
    imageGamma: 1,
    normalMapScale: 0.125,
    blendingMode: 0,
    imageAlpha: 0,
    textureMode: 1,
    textureWrap: 0,
    textureFormat: 0,
    textureEnabled: true,
    enabled: true,
    mappingMode: 0,
  };
}
