/** RGBA pixels. */
export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, top row first. */
  rgba: Uint8Array;
}

export interface DecodeImageOptions {
  /** Largest image decoded, in pixels (default 2^26: 256 MB of RGBA). Larger images give undefined. */
  maxPixels?: number;
}

export const MAX_SIDE = 16384;
export const DEFAULT_MAX_PIXELS = 1 << 26;

export function sizeOk(width: number, height: number, options: DecodeImageOptions | undefined): boolean {
  const maxPixels = options?.maxPixels ?? DEFAULT_MAX_PIXELS;
  return Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= maxPixels;
}

/** Extracts a channel by its bit mask, scaled to 8 bits (255 when the mask is empty). */
export function maskChannel(mask: number): (pixel: number) => number {
  if (!mask) return () => 255;
  let shift = 0;
  while (shift < 32 && !((mask >>> shift) & 1)) shift++;
  let bits = 0;
  while (shift + bits < 32 && (mask >>> (shift + bits)) & 1) bits++;
  const max = 2 ** bits - 1;
  if (bits === 8) return (pixel) => (pixel & mask) >>> shift;
  return (pixel) => Math.round((((pixel & mask) >>> shift) * 255) / max);
}
