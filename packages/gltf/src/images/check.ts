// Structure checks for the images embedded as they are (PNG, JPEG, WebP): a corrupt one would make
// the .glb invalid (the validator reads every embedded image), so it is left out with a warning.
import { crc32 } from './crc32.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];

/**
 * What is wrong with a PNG's structure, or undefined: signature, IHDR first (13 bytes, non-zero
 * size), every chunk inside the file with its CRC, at least one IDAT, and IEND.
 */
export function pngProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return 'no PNG signature';
  let at = 8;
  let chunks = 0;
  let idat = false;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return `chunk ${type} at byte ${at} runs past the end (${length} bytes)`;
    if (crc32(bytes, at + 4, at + 8 + length) !== u32(bytes, at + 8 + length)) return `chunk ${type} at byte ${at} has a wrong CRC`;
    if (chunks === 0 && (type !== 'IHDR' || length !== 13 || u32(bytes, at + 8) === 0 || u32(bytes, at + 12) === 0)) return 'no valid IHDR first';
    if (type === 'IDAT') idat = true;
    chunks++;
    at = end;
    if (type === 'IEND') return idat ? undefined : 'no IDAT';
  }
  return 'ends before IEND';
}

/**
 * What is wrong with a JPEG's structure, or undefined: SOI, segments inside the file, a frame
 * header (SOF) with a non-zero size before the scan, entropy-coded data, and EOI.
 */
export function jpegProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return 'no SOI marker';
  let at = 2;
  let frame = false;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return `no marker at byte ${at}`;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9) return frame ? undefined : 'EOI before any frame';
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) break;
    const length = u16(bytes, at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return `segment 0x${marker.toString(16)} at byte ${at} runs past the end`;
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) {
      if (length < 8 || u16(bytes, at + 5) === 0 || u16(bytes, at + 7) === 0) return `frame header at byte ${at} has no size`;
      frame = true;
    }
    at += 2 + length;
    if (marker === 0xda) {
      if (!frame) return 'scan before any frame header';
      // Entropy-coded data: up to the next marker that is not a stuffed 0xff00 or a restart.
      while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && !(bytes[at + 1] >= 0xd0 && bytes[at + 1] <= 0xd7))) at++;
    }
  }
  return 'ends before EOI';
}

/** What is wrong with a WebP's RIFF container, or undefined. */
export function webpProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 20) return 'shorter than a WebP header';
  const riffSize = bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (bytes[7] << 24);
  if (riffSize < 12 || riffSize + 8 > bytes.length) return `RIFF size ${riffSize} runs past the end`;
  return undefined;
}

/** The structure problem of an image by MIME type, or undefined when it looks whole. */
export function imageProblem(bytes: Uint8Array, mimeType: string): string | undefined {
  if (mimeType === 'image/png') return pngProblem(bytes);
  if (mimeType === 'image/jpeg') return jpegProblem(bytes);
  if (mimeType === 'image/webp') return webpProblem(bytes);
  return undefined;
}
