/**
 * Image type from the data's magic bytes, else from the file name. Narrower than core's
 * `sniffImage` (no WebP, KTX2 or header-sniffed TGA; JPEG by two bytes, GIF by three), which would
 * label some embedded images differently.
 */
export function imageMimeType(data: Uint8Array, name = ''): string | undefined {
  if (data[0] === 0x42 && data[1] === 0x4d) return 'image/bmp';
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data[0] === 0x47 && data[1] === 0x49 && data[2] === 0x46) return 'image/gif';
  if (data[0] === 0x44 && data[1] === 0x44 && data[2] === 0x53 && data[3] === 0x20) return 'image/vnd-ms.dds';
  if (/\.tga$/i.test(name)) return 'image/x-tga';
  return undefined;
}
