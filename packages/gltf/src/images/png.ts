/**
 * glTF carries PNG, JPEG and WebP only; BMP, TGA and DDS textures (decoded by @relic3d/core) are
 * re-encoded here as PNG.
 */
import { zlibSync } from 'fflate';
import { decodeImage, type Pixels } from '@relic3d/core';
// fflate keeps its CRC-32 private, so the chunk CRCs use ours (shared with the image check).
import { crc32 } from './crc32.js';

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/**
 * RGBA pixels → PNG (RGB when every pixel is opaque). zlib by fflate: synchronous and in every
 * runtime; bench:png measures it against CompressionStream (faster on small textures, slower on 512²).
 */
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
  return pngFile(width, height, opaque ? 2 : 6, zlibSync(raw));
}

/**
 * A PNG of 8-bit samples: signature, IHDR (colour type 2 RGB, 6 RGBA), one IDAT holding `idat`
 * (the zlib-compressed, filtered scanlines), IEND.
 */
export function pngFile(width: number, height: number, colourType: 2 | 6, idat: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, colourType, 0, 0, 0], 8);
  const chunks: [string, Uint8Array][] = [['IHDR', header], ['IDAT', idat], ['IEND', new Uint8Array(0)]];
  const png = new Uint8Array(chunks.reduce((n, [, body]) => n + 12 + body.length, PNG_SIGNATURE.length));
  const view = new DataView(png.buffer);
  png.set(PNG_SIGNATURE);
  let at = PNG_SIGNATURE.length;
  for (const [type, body] of chunks) {
    view.setUint32(at, body.length);
    for (let i = 0; i < 4; i++) png[at + 4 + i] = type.charCodeAt(i);
    png.set(body, at + 8);
    view.setUint32(at + 8 + body.length, crc32(png.subarray(at + 4, at + 8 + body.length)));
    at += 12 + body.length;
  }
  return png;
}

/** Decodes a BMP, TGA or DDS (by content, TGA also by name) and re-encodes it as PNG. */
export async function legacyImageToPng(bytes: Uint8Array, name = ''): Promise<{ png: Uint8Array; from: string; width: number; height: number } | undefined> {
  const pixels = decodeImage(bytes, name);
  if (!pixels) return undefined;
  return { png: await encodePng(pixels), from: pixels.from, width: pixels.width, height: pixels.height };
}
