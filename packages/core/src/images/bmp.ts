import { maskChannel, sizeOk, type DecodeImageOptions, type Pixels } from './pixels.js';

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
