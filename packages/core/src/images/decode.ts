import { decodeBmp } from './bmp.js';
import { decodeDds } from './dds.js';
import type { DecodeImageOptions, Pixels } from './pixels.js';
import { BMP, DDS, TGA, sniffImage } from './sniff.js';
import { decodeTga } from './tga.js';

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
