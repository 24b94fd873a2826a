/**
 * Texture images as old models name them. `sniffImage` recognises a type by its bytes; the BMP, TGA
 * and DDS decoders turn the common variants into RGBA pixels (glTF and browsers cannot take them
 * as they are). Anything unusual (RLE BMP, DX10 DDS, BC4+) gives undefined, never an exception.
 * Runtime-agnostic: no Node API.
 *
 * Allocation is bounded by the input: a decoder checks that the file holds the pixel data its header
 * claims before it allocates the RGBA output, so the output is at most a fixed multiple of the input
 * (32× for 1-bit BMP, 8× for DXT1, 512× for run-length TGA, whose 2-byte packets may cover 128
 * pixels) and never more than `maxPixels` × 4 bytes.
 */

/** An image type recognised from its first bytes (or, for TGA, which has no magic number, its name). */
export interface ImageType {
  mimeType: string;
  /** Usual file extension, lower case, without the dot. */
  extension: string;
  /** glTF carries it as is: PNG, JPEG, or WebP (through EXT_texture_webp). */
  embeddable: boolean;
}

const PNG: ImageType = { mimeType: 'image/png', extension: 'png', embeddable: true };
const JPEG: ImageType = { mimeType: 'image/jpeg', extension: 'jpg', embeddable: true };
const WEBP: ImageType = { mimeType: 'image/webp', extension: 'webp', embeddable: true };
const BMP: ImageType = { mimeType: 'image/bmp', extension: 'bmp', embeddable: false };
const DDS: ImageType = { mimeType: 'image/vnd-ms.dds', extension: 'dds', embeddable: false };
const KTX2: ImageType = { mimeType: 'image/ktx2', extension: 'ktx2', embeddable: false };
const GIF: ImageType = { mimeType: 'image/gif', extension: 'gif', embeddable: false };
const TGA: ImageType = { mimeType: 'image/x-tga', extension: 'tga', embeddable: false };

function ascii(bytes: Uint8Array, start: number, text: string): boolean {
  if (bytes.length < start + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[start + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * Recognises an image by its first bytes (file names in old formats often lie). TGA has no magic
 * number: it is recognised by a `.tga` name or by a header that makes sense, after every other type.
 */
export function sniffImage(bytes: Uint8Array, name = ''): ImageType | undefined {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 'PNG')) return PNG;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return WEBP;
  if (ascii(bytes, 0, 'BM')) return BMP;
  if (ascii(bytes, 0, 'DDS ')) return DDS;
  if (bytes[0] === 0xab && ascii(bytes, 1, 'KTX 20')) return KTX2;
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return GIF;
  if (/\.tga$/i.test(name) || looksLikeTga(bytes)) return TGA;
  return undefined;
}

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

const MAX_SIDE = 16384;
const DEFAULT_MAX_PIXELS = 1 << 26;

function sizeOk(width: number, height: number, options: DecodeImageOptions | undefined): boolean {
  const maxPixels = options?.maxPixels ?? DEFAULT_MAX_PIXELS;
  return Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= maxPixels;
}

/** Extracts a channel by its bit mask, scaled to 8 bits (255 when the mask is empty). */
function maskChannel(mask: number): (pixel: number) => number {
  if (!mask) return () => 255;
  let shift = 0;
  while (shift < 32 && !((mask >>> shift) & 1)) shift++;
  let bits = 0;
  while (shift + bits < 32 && (mask >>> (shift + bits)) & 1) bits++;
  const max = 2 ** bits - 1;
  if (bits === 8) return (pixel) => (pixel & mask) >>> shift;
  return (pixel) => Math.round((((pixel & mask) >>> shift) * 255) / max);
}

// ------------------------------------------------------------------------------------- BMP

export function decodeBmp(bytes: Uint8Array, options?: DecodeImageOptions): Pixels | undefined {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataOffset = view.getUint32(10, true);
  const dibSize = view.getUint32(14, true);
  let width: number, height: number, bpp: number, compression = 0, colorsUsed = 0, paletteEntry = 4;
  if (dibSize === 12) {
    width = view.getUint16(18, true);
    height = view.getUint16(20, true);
    bpp = view.getUint16(24, true);
    paletteEntry = 3;
  } else if (dibSize >= 40 && bytes.length >= 54) {
    width = view.getInt32(18, true);
    height = view.getInt32(22, true);
    bpp = view.getUint16(28, true);
    compression = view.getUint32(30, true);
    colorsUsed = view.getUint32(46, true);
  } else return undefined;
  const topDown = height < 0;
  height = Math.abs(height);
  if (!sizeOk(width, height, options)) return undefined;
  let masks: [number, number, number, number] | undefined;
  if (compression === 3 || compression === 6) {
    // Bit fields follow a 40-byte header, or sit inside a V4/V5 header at the same place.
    const withAlpha = dibSize >= 56 || compression === 6;
    if (bytes.length < 14 + 40 + (withAlpha ? 16 : 12)) return undefined;
    masks = [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true), withAlpha ? view.getUint32(66, true) : 0];
  } else if (compression !== 0) return undefined; // RLE and embedded JPEG/PNG
  if (bpp === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f, 0];
  if (bpp === 32 && !masks) masks = [0xff0000, 0xff00, 0xff, 0];

  const stride = Math.floor((width * bpp + 31) / 32) * 4;
  // The pixel rows must be in the file before the output is allocated.
  if (![1, 4, 8, 16, 24, 32].includes(bpp) || dataOffset + stride * height > bytes.length) return undefined;
  let palette: Uint8Array | undefined;
  if (bpp <= 8) {
    const count = colorsUsed || 1 << bpp;
    const start = 14 + dibSize + (compression === 3 ? 12 : 0);
    if (count > 256 || start + count * paletteEntry > bytes.length) return undefined;
    palette = new Uint8Array(256 * 4);
    for (let i = 0; i < count; i++) {
      palette[i * 4] = bytes[start + i * paletteEntry + 2];
      palette[i * 4 + 1] = bytes[start + i * paletteEntry + 1];
      palette[i * 4 + 2] = bytes[start + i * paletteEntry];
      palette[i * 4 + 3] = 255;
    }
  }
  const [r, g, b, a] = (masks ?? [0, 0, 0, 0]).map(maskChannel);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    let o = y * width * 4;
    for (let x = 0; x < width; x++, o += 4) {
      if (palette) {
        const bit = x * bpp;
        const byte = bytes[row + (bit >> 3)];
        const index = bpp === 8 ? byte : (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        rgba[o] = palette[index * 4];
        rgba[o + 1] = palette[index * 4 + 1];
        rgba[o + 2] = palette[index * 4 + 2];
        rgba[o + 3] = palette[index * 4 + 3];
      } else if (bpp === 24) {
        const p = row + x * 3;
        rgba[o] = bytes[p + 2];
        rgba[o + 1] = bytes[p + 1];
        rgba[o + 2] = bytes[p];
        rgba[o + 3] = 255;
      } else {
        const pixel = bpp === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        rgba[o] = r(pixel);
        rgba[o + 1] = g(pixel);
        rgba[o + 2] = b(pixel);
        rgba[o + 3] = a(pixel);
      }
    }
  }
  return { width, height, rgba };
}

// ------------------------------------------------------------------------------------- TGA

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

// ------------------------------------------------------------------------------------- DDS

export function decodeDds(bytes: Uint8Array, options?: DecodeImageOptions): Pixels | undefined {
  if (bytes.length < 128 || !ascii(bytes, 0, 'DDS ')) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const height = view.getUint32(12, true);
  const width = view.getUint32(16, true);
  if (!sizeOk(width, height, options)) return undefined;
  const pfFlags = view.getUint32(80, true);
  const fourCC = String.fromCharCode(bytes[84], bytes[85], bytes[86], bytes[87]);
  const data = 128;
  if (pfFlags & 0x4) {
    const blockBytes = fourCC === 'DXT1' ? 8 : fourCC === 'DXT3' || fourCC === 'DXT5' ? 16 : 0;
    if (!blockBytes) return undefined; // DX10, BC4+, ATI: not decoded
    const bw = Math.ceil(width / 4), bh = Math.ceil(height / 4);
    if (data + bw * bh * blockBytes > bytes.length) return undefined;
    const rgba = new Uint8Array(width * height * 4);
    const block = new Uint8Array(64);
    const scratch = new Float64Array(12);
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        decodeBlock(bytes, data + (by * bw + bx) * blockBytes, fourCC, block, scratch);
        for (let py = 0; py < 4; py++) {
          const y = by * 4 + py;
          if (y >= height) break;
          const columns = Math.min(4, width - bx * 4);
          rgba.set(block.subarray(py * 16, py * 16 + columns * 4), (y * width + bx * 4) * 4);
        }
      }
    }
    return { width, height, rgba };
  }
  if (!(pfFlags & 0x40)) return undefined; // not RGB
  const bits = view.getUint32(88, true);
  if (bits !== 32 && bits !== 24 && bits !== 16) return undefined;
  const size = bits / 8;
  if (data + width * height * size > bytes.length) return undefined;
  const rgba = new Uint8Array(width * height * 4);
  const [r, g, b] = [92, 96, 100].map((o) => maskChannel(view.getUint32(o, true)));
  const a = pfFlags & 0x1 ? maskChannel(view.getUint32(104, true)) : () => 255;
  for (let i = 0; i < width * height; i++) {
    const p = data + i * size;
    const pixel = size === 4 ? view.getUint32(p, true) : size === 3 ? bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16) : view.getUint16(p, true);
    rgba[i * 4] = r(pixel);
    rgba[i * 4 + 1] = g(pixel);
    rgba[i * 4 + 2] = b(pixel);
    rgba[i * 4 + 3] = a(pixel);
  }
  return { width, height, rgba };
}

/** One 4×4 BC1/2/3 block into 16 RGBA pixels; `colors` is scratch space for the 4 palette colours. */
function decodeBlock(bytes: Uint8Array, at: number, fourCC: string, out: Uint8Array, colors: Float64Array): void {
  const colorAt = fourCC === 'DXT1' ? at : at + 8;
  const c0 = bytes[colorAt] | (bytes[colorAt + 1] << 8);
  const c1 = bytes[colorAt + 2] | (bytes[colorAt + 3] << 8);
  colors[0] = (((c0 >> 11) & 31) * 255) / 31;
  colors[1] = (((c0 >> 5) & 63) * 255) / 63;
  colors[2] = ((c0 & 31) * 255) / 31;
  colors[3] = (((c1 >> 11) & 31) * 255) / 31;
  colors[4] = (((c1 >> 5) & 63) * 255) / 63;
  colors[5] = ((c1 & 31) * 255) / 31;
  const fourColors = fourCC !== 'DXT1' || c0 > c1;
  for (let k = 0; k < 3; k++) {
    const v0 = colors[k], v1 = colors[3 + k];
    if (fourColors) {
      colors[6 + k] = (2 * v0 + v1) / 3;
      colors[9 + k] = (v0 + 2 * v1) / 3;
    } else {
      colors[6 + k] = (v0 + v1) / 2;
      colors[9 + k] = 0;
    }
  }
  const indices = bytes[colorAt + 4] | (bytes[colorAt + 5] << 8) | (bytes[colorAt + 6] << 16) | (bytes[colorAt + 7] << 24);
  for (let i = 0; i < 16; i++) {
    const index = (indices >>> (i * 2)) & 3;
    out[i * 4] = Math.round(colors[index * 3]);
    out[i * 4 + 1] = Math.round(colors[index * 3 + 1]);
    out[i * 4 + 2] = Math.round(colors[index * 3 + 2]);
    out[i * 4 + 3] = !fourColors && index === 3 ? 0 : 255;
  }
  if (fourCC === 'DXT3') {
    for (let i = 0; i < 16; i++) out[i * 4 + 3] = ((bytes[at + (i >> 1)] >> ((i & 1) * 4)) & 15) * 17;
  } else if (fourCC === 'DXT5') {
    const a0 = bytes[at], a1 = bytes[at + 1];
    const alphas = [a0, a1];
    if (a0 > a1) for (let k = 1; k < 7; k++) alphas.push(Math.round(((7 - k) * a0 + k * a1) / 7));
    else {
      for (let k = 1; k < 5; k++) alphas.push(Math.round(((5 - k) * a0 + k * a1) / 5));
      alphas.push(0, 255);
    }
    // 48 bits of 3-bit indices, little-endian.
    const bitsLow = bytes[at + 2] | (bytes[at + 3] << 8) | (bytes[at + 4] << 16);
    const bitsHigh = bytes[at + 5] | (bytes[at + 6] << 8) | (bytes[at + 7] << 16);
    for (let i = 0; i < 16; i++) {
      const source = i < 8 ? bitsLow : bitsHigh;
      out[i * 4 + 3] = alphas[(source >> ((i % 8) * 3)) & 7];
    }
  }
}

// ------------------------------------------------------------------------------------- any

/**
 * Decodes a BMP, TGA or DDS image (by content; TGA also by a `.tga` name) into RGBA pixels.
 * Undefined for other types and for variants the decoders do not handle.
 */
export function decodeImage(bytes: Uint8Array, name = '', options?: DecodeImageOptions): (Pixels & { from: 'bmp' | 'tga' | 'dds' }) | undefined {
  const type = sniffImage(bytes, name);
  let pixels: Pixels | undefined;
  try {
    if (type === BMP) pixels = decodeBmp(bytes, options);
    else if (type === DDS) pixels = decodeDds(bytes, options);
    else if (type === TGA) pixels = decodeTga(bytes, options);
  } catch {
    pixels = undefined; // every read is checked; a malformed image is still never an exception
  }
  return pixels && { ...pixels, from: type!.extension as 'bmp' | 'tga' | 'dds' };
}
