/**
 * Texture images as old models name them. `sniffImage` recognises a type by its bytes; the BMP, TGA
 * and DDS decoders turn the common variants into RGBA pixels (glTF and browsers cannot take them
 * as they are). Anything unusual (RLE BMP, DX10 DDS, BC4+) gives undefined, never an exception.
 * Runtime-agnostic: no Node API. The one image module, used by the glTF exporter and the three.js
 * adapter.
 *
 * Allocation is bounded by the input: a decoder checks that the file holds the pixel data its header
 * claims before it allocates the RGBA output, so the output is at most a fixed multiple of the input
 * (32× for 1-bit BMP, 8× for DXT1, 512× for run-length TGA, whose 2-byte packets may cover 128
 * pixels) and never more than `maxPixels` × 4 bytes.
 */
export { sniffImage, type ImageType } from './sniff.js';
export { decodeImage } from './decode.js';
export { decodeBmp } from './bmp.js';
export { decodeTga, looksLikeTga } from './tga.js';
export { decodeDds } from './dds.js';
export type { DecodeImageOptions, Pixels } from './pixels.js';
