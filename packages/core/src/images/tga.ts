import { sizeOk, type DecodeImageOptions, type Pixels } from './pixels.js';

/** A TGA header that makes sense (TGA has no magic number). */
export function looksLikeTga(bytes: Uint8Array): boolean {
  if (bytes.length < 18) return false;
  const colorMapType = bytes[1], type = bytes[2], bpp = bytes[16];
  const width = bytes[12] | (bytes[13] << 8), height = bytes[14] | (bytes[15] << 8);
  return colorMapType <= 1 && [1, 2, 3, 9, 10, 11].includes(type) && [8, 15, 16, 24, 32].includes(bpp) && width > 0 && height > 0;
}

export function decodeTga(bytes: Uint8Array, options?: DecodeImageOptions): Pixels | undefined {
  if (!looksLikeTga(bytes)) return undefined;
  const u16 = (at: number) => bytes[at] | (bytes[at + 1] << 8);
  const idLength = bytes[0], colorMapType = bytes[1], type = bytes[2];
  const mapFirst = u16(3), mapLength = u16(5), mapDepth = bytes[7];
  const width = u16(12), height = u16(14), bpp = bytes[16], descriptor = bytes[17];
  if (!sizeOk(width, height, options)) return undefined;
  const alphaBits = descriptor & 0x0f;
  const topOrigin = (descriptor & 0x20) !== 0;
  const rightOrigin = (descriptor & 0x10) !== 0;
  let at = 18 + idLength;
  // Colour map entries, as RGBA.
  let palette: Uint8Array | undefined;
  if (colorMapType === 1) {
    const entryBytes = Math.ceil(mapDepth / 8);
    if (![2, 3, 4].includes(entryBytes) || at + mapLength * entryBytes > bytes.length) return undefined;
    palette = new Uint8Array((mapFirst + mapLength) * 4);
    for (let i = 0; i < mapLength; i++) readColor(bytes, at + i * entryBytes, entryBytes, palette, (mapFirst + i) * 4, mapDepth === 32 && alphaBits > 0);
    at += mapLength * entryBytes;
  }
  const base = type & 7;
  if ((base === 1) !== !!palette) return undefined;
  const pixelBytes = Math.ceil(bpp / 8);
  const count = width * height;
  const remaining = bytes.length - at;
  // Check the data can hold `count` pixels before allocating: raw pixels one by one, run-length
  // packets (1 header byte + at least one pixel) at most 128 pixels each.
  if (type < 9 ? count * pixelBytes > remaining : count > Math.ceil(remaining / (1 + pixelBytes)) * 128) return undefined;
  const rgba = new Uint8Array(count * 4);
  let x = 0, y = 0;
  const put = (src: number) => {
    const tx = rightOrigin ? width - 1 - x : x;
    const ty = topOrigin ? y : height - 1 - y;
    const o = (ty * width + tx) * 4;
    if (base === 1) {
      const index = (pixelBytes === 1 ? bytes[src] : u16(src)) * 4;
      if (index + 3 < palette!.length) {
        rgba[o] = palette![index];
        rgba[o + 1] = palette![index + 1];
        rgba[o + 2] = palette![index + 2];
        rgba[o + 3] = palette![index + 3];
      }
    } else if (base === 3) {
      rgba[o] = rgba[o + 1] = rgba[o + 2] = bytes[src];
      rgba[o + 3] = pixelBytes === 2 && alphaBits ? bytes[src + 1] : 255;
    } else readColor(bytes, src, pixelBytes, rgba, o, alphaBits > 0);
    if (++x === width) {
      x = 0;
      y++;
    }
  };
  if (type < 9) {
    for (let i = 0; i < count; i++) put(at + i * pixelBytes);
  } else {
    let i = 0;
    while (i < count) {
      if (at >= bytes.length) return undefined;
      const header = bytes[at++];
      const run = (header & 0x7f) + 1;
      if (header & 0x80) {
        if (at + pixelBytes > bytes.length) return undefined;
        for (let k = 0; k < run && i < count; k++, i++) put(at);
        at += pixelBytes;
      } else {
        if (at + run * pixelBytes > bytes.length) return undefined;
        for (let k = 0; k < run && i < count; k++, i++) put(at + k * pixelBytes);
        at += run * pixelBytes;
      }
    }
  }
  return { width, height, rgba };
}

/** One BGR(A) or 15/16-bit colour into RGBA. */
function readColor(bytes: Uint8Array, at: number, size: number, out: Uint8Array, o: number, useAlpha: boolean): void {
  if (size === 2) {
    const v = bytes[at] | (bytes[at + 1] << 8);
    out[o] = Math.round((((v >> 10) & 31) * 255) / 31);
    out[o + 1] = Math.round((((v >> 5) & 31) * 255) / 31);
    out[o + 2] = Math.round(((v & 31) * 255) / 31);
    out[o + 3] = 255;
    return;
  }
  out[o] = bytes[at + 2];
  out[o + 1] = bytes[at + 1];
  out[o + 2] = bytes[at];
  out[o + 3] = size === 4 && useAlpha ? bytes[at + 3] : 255;
}
