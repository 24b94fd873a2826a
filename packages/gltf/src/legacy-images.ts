/**
 * Old models name BMP, TGA and DDS textures, which glTF cannot carry. These decoders turn the
 * common variants into RGBA pixels, re-encoded as PNG. Anything unusual (RLE BMP, DX10 DDS, BC4+)
 * returns undefined and the caller reports the texture as unsupported. Every read is bounds-checked.
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, top row first. */
  rgba: Uint8Array;
}

const MAX_SIDE = 16384;
const MAX_PIXELS = 1 << 26;

function sizeOk(width: number, height: number): boolean {
  return Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS;
}

/** Lowest set bit and width of a channel mask, to extract and scale a channel to 8 bits. */
function maskChannel(mask: number): (pixel: number) => number {
  if (!mask) return () => 255;
  let shift = 0;
  while (shift < 32 && !((mask >>> shift) & 1)) shift++;
  let bits = 0;
  while (shift + bits < 32 && (mask >>> (shift + bits)) & 1) bits++;
  const max = 2 ** bits - 1;
  return (pixel) => Math.round((((pixel & mask) >>> shift) * 255) / max);
}

// ------------------------------------------------------------------------------------- BMP

export function decodeBmp(bytes: Uint8Array): Pixels | undefined {
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
  if (!sizeOk(width, height)) return undefined;
  let masks: [number, number, number, number] | undefined;
  if (compression === 3 || compression === 6) {
    // Bit fields follow a 40-byte header, or sit inside a V4/V5 header at the same place.
    if (bytes.length < 14 + 40 + 12) return undefined;
    masks = [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true), dibSize >= 56 || compression === 6 ? view.getUint32(66, true) : 0];
  } else if (compression !== 0) return undefined; // RLE and embedded JPEG/PNG
  if (bpp === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f, 0];
  if (bpp === 32 && !masks) masks = [0xff0000, 0xff00, 0xff, 0];

  const stride = Math.floor((width * bpp + 31) / 32) * 4;
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
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (palette) {
        const bit = x * bpp;
        const byte = bytes[row + (bit >> 3)];
        const index = bpp === 8 ? byte : (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        rgba.set(palette.subarray(index * 4, index * 4 + 4), o);
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

export function decodeTga(bytes: Uint8Array): Pixels | undefined {
  if (!looksLikeTga(bytes)) return undefined;
  const u16 = (at: number) => bytes[at] | (bytes[at + 1] << 8);
  const idLength = bytes[0], colorMapType = bytes[1], type = bytes[2];
  const mapFirst = u16(3), mapLength = u16(5), mapDepth = bytes[7];
  const width = u16(12), height = u16(14), bpp = bytes[16], descriptor = bytes[17];
  if (!sizeOk(width, height)) return undefined;
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
  const rgba = new Uint8Array(count * 4);
  const put = (i: number, src: number) => {
    const x = i % width, y = Math.floor(i / width);
    const tx = rightOrigin ? width - 1 - x : x;
    const ty = topOrigin ? y : height - 1 - y;
    const o = (ty * width + tx) * 4;
    if (base === 1) {
      const index = pixelBytes === 1 ? bytes[src] : u16(src);
      if (index * 4 + 3 < palette!.length) rgba.set(palette!.subarray(index * 4, index * 4 + 4), o);
    } else if (base === 3) {
      rgba[o] = rgba[o + 1] = rgba[o + 2] = bytes[src];
      rgba[o + 3] = pixelBytes === 2 && alphaBits ? bytes[src + 1] : 255;
    } else readColor(bytes, src, pixelBytes, rgba, o, alphaBits > 0);
  };
  if (type < 9) {
    if (at + count * pixelBytes > bytes.length) return undefined;
    for (let i = 0; i < count; i++) put(i, at + i * pixelBytes);
  } else {
    let i = 0;
    while (i < count) {
      if (at >= bytes.length) return undefined;
      const header = bytes[at++];
      const run = (header & 0x7f) + 1;
      if (header & 0x80) {
        if (at + pixelBytes > bytes.length) return undefined;
        for (let k = 0; k < run && i < count; k++) put(i++, at);
        at += pixelBytes;
      } else {
        if (at + run * pixelBytes > bytes.length) return undefined;
        for (let k = 0; k < run && i < count; k++) put(i++, at + k * pixelBytes);
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

export function decodeDds(bytes: Uint8Array): Pixels | undefined {
  if (bytes.length < 128 || bytes[0] !== 0x44 || bytes[1] !== 0x44 || bytes[2] !== 0x53 || bytes[3] !== 0x20) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const height = view.getUint32(12, true);
  const width = view.getUint32(16, true);
  if (!sizeOk(width, height)) return undefined;
  const pfFlags = view.getUint32(80, true);
  const fourCC = String.fromCharCode(bytes[84], bytes[85], bytes[86], bytes[87]);
  const data = 128;
  const rgba = new Uint8Array(width * height * 4);
  if (pfFlags & 0x4) {
    const blockBytes = fourCC === 'DXT1' ? 8 : fourCC === 'DXT3' || fourCC === 'DXT5' ? 16 : 0;
    if (!blockBytes) return undefined; // DX10, BC4+, ATI: not decoded
    const bw = Math.ceil(width / 4), bh = Math.ceil(height / 4);
    if (data + bw * bh * blockBytes > bytes.length) return undefined;
    const block = new Uint8Array(64);
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        const at = data + (by * bw + bx) * blockBytes;
        decodeBlock(bytes, at, fourCC, block);
        for (let py = 0; py < 4; py++) {
          for (let px = 0; px < 4; px++) {
            const x = bx * 4 + px, y = by * 4 + py;
            if (x < width && y < height) rgba.set(block.subarray((py * 4 + px) * 4, (py * 4 + px) * 4 + 4), (y * width + x) * 4);
          }
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

/** One 4×4 BC1/2/3 block into 16 RGBA pixels. */
function decodeBlock(bytes: Uint8Array, at: number, fourCC: string, out: Uint8Array): void {
  const colorAt = fourCC === 'DXT1' ? at : at + 8;
  const c0 = bytes[colorAt] | (bytes[colorAt + 1] << 8);
  const c1 = bytes[colorAt + 2] | (bytes[colorAt + 3] << 8);
  const rgb = (c: number) => [((c >> 11) & 31) * 255 / 31, ((c >> 5) & 63) * 255 / 63, (c & 31) * 255 / 31];
  const p0 = rgb(c0), p1 = rgb(c1);
  const colors = [p0, p1];
  const fourColors = fourCC !== 'DXT1' || c0 > c1;
  if (fourColors) {
    colors.push(p0.map((v, i) => (2 * v + p1[i]) / 3), p0.map((v, i) => (v + 2 * p1[i]) / 3));
  } else {
    colors.push(p0.map((v, i) => (v + p1[i]) / 2), [0, 0, 0]);
  }
  const indices = bytes[colorAt + 4] | (bytes[colorAt + 5] << 8) | (bytes[colorAt + 6] << 16) | (bytes[colorAt + 7] << 24);
  for (let i = 0; i < 16; i++) {
    const index = (indices >>> (i * 2)) & 3;
    const c = colors[index];
    out[i * 4] = Math.round(c[0]);
    out[i * 4 + 1] = Math.round(c[1]);
    out[i * 4 + 2] = Math.round(c[2]);
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

// ------------------------------------------------------------------------------------- PNG

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function zlibDeflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** RGBA pixels → PNG (RGB when every pixel is opaque). Uses CompressionStream (Node 18+, browsers). */
export async function encodePng({ width, height, rgba }: Pixels): Promise<Uint8Array> {
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) { opaque = false; break; }
  const channels = opaque ? 3 : 4;
  const raw = new Uint8Array(height * (1 + width * channels));
  for (let y = 0; y < height; y++) {
    let o = y * (1 + width * channels) + 1; // filter byte 0
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      raw[o++] = rgba[p];
      raw[o++] = rgba[p + 1];
      raw[o++] = rgba[p + 2];
      if (!opaque) raw[o++] = rgba[p + 3];
    }
  }
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, body.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(body, 8);
    view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, opaque ? 2 : 6, 0, 0, 0], 8);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', await zlibDeflate(raw)), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}

/** Decodes a BMP, TGA or DDS (by content, TGA also by name) and re-encodes it as PNG. */
export async function legacyImageToPng(bytes: Uint8Array, name = ''): Promise<{ png: Uint8Array; from: string; width: number; height: number } | undefined> {
  let pixels: Pixels | undefined;
  let from = '';
  try {
    if (bytes[0] === 0x42 && bytes[1] === 0x4d) [pixels, from] = [decodeBmp(bytes), 'bmp'];
    else if (bytes[0] === 0x44 && bytes[1] === 0x44 && bytes[2] === 0x53) [pixels, from] = [decodeDds(bytes), 'dds'];
    else if (/\.tga$/i.test(name) || looksLikeTga(bytes)) [pixels, from] = [decodeTga(bytes), 'tga'];
  } catch {
    pixels = undefined; // a malformed image is an unsupported texture, never a failed export
  }
  if (!pixels) return undefined;
  return { png: await encodePng(pixels), from, width: pixels.width, height: pixels.height };
}
