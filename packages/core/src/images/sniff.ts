import { looksLikeTga } from './tga.js';

/** An image type recognised from its first bytes (or, for TGA, which has no magic number, its name). */
export interface ImageType {
  mimeType: string;
  /** Usual file extension, lower case, without the dot. */
  extension: string;
  /** glTF carries it as is: PNG, JPEG, or WebP (through EXT_texture_webp). */
  embeddable: boolean;
}

export const PNG: ImageType = { mimeType: 'image/png', extension: 'png', embeddable: true };
export const JPEG: ImageType = { mimeType: 'image/jpeg', extension: 'jpg', embeddable: true };
export const WEBP: ImageType = { mimeType: 'image/webp', extension: 'webp', embeddable: true };
export const BMP: ImageType = { mimeType: 'image/bmp', extension: 'bmp', embeddable: false };
export const DDS: ImageType = { mimeType: 'image/vnd-ms.dds', extension: 'dds', embeddable: false };
export const KTX2: ImageType = { mimeType: 'image/ktx2', extension: 'ktx2', embeddable: false };
export const GIF: ImageType = { mimeType: 'image/gif', extension: 'gif', embeddable: false };
export const TGA: ImageType = { mimeType: 'image/x-tga', extension: 'tga', embeddable: false };

export function ascii(bytes: Uint8Array, start: number, text: string): boolean {
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
