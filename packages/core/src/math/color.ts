import type { RGB, RGBA } from '../scene/types.js';

/**
 * sRGB-encoded component (0..1) to linear. Fixed-function-era formats store colours as the values
 * they put on screen (gamma space); glTF factors are linear, so loaders convert at their edge.
 */
export function srgbToLinear(c: number): number {
  const v = Math.min(1, Math.max(0, Number.isFinite(c) ? c : 0));
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

/** Linear component (0..1) to sRGB encoding. */
export function linearToSrgb(c: number): number {
  const v = Math.min(1, Math.max(0, Number.isFinite(c) ? c : 0));
  return v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
}

/** A legacy sRGB colour as a linear glTF factor; alpha (already linear coverage) is kept, clamped. */
export function linearColor(rgb: ArrayLike<number>, alpha = rgb.length > 3 ? rgb[3] : 1): RGBA {
  return [srgbToLinear(rgb[0]), srgbToLinear(rgb[1]), srgbToLinear(rgb[2]), Math.min(1, Math.max(0, Number.isFinite(alpha) ? alpha : 1))];
}

/** RGB-only variant, for emissive factors. */
export function linearRgb(rgb: ArrayLike<number>): RGB {
  return [srgbToLinear(rgb[0]), srgbToLinear(rgb[1]), srgbToLinear(rgb[2])];
}

/** `v` clamped to 0..1 (+Infinity gives 1; NaN gives 0). */
export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0;
}
