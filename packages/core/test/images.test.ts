import { concatBytes } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { decodeBmp, decodeDds, decodeImage, decodeTga, looksLikeTga, sniffImage } from '../src/index.js';
import { BLUE, GREEN, QUAD, RED, WHITE, bmp24, bmp8, ddsHeader, dxt1, pixel, tga } from '@relic3d/fixtures/images';

/** Runs `work` and returns the largest `new Uint8Array(n)` it made, in bytes. */
function largestUint8Allocation(work: () => void): number {
  const Original = globalThis.Uint8Array;
  let largest = 0;
  globalThis.Uint8Array = new Proxy(Original, {
    construct(target, args, newTarget) {
      if (typeof args[0] === 'number') largest = Math.max(largest, args[0]);
      return Reflect.construct(target, args, newTarget === globalThis.Uint8Array ? target : newTarget);
    },
  });
  try {
    work();
  } finally {
    globalThis.Uint8Array = Original;
  }
  return largest;
}

function tgaHeader(type: number, width: number, height: number, bpp: number): Uint8Array {
  const header = new Uint8Array(18);
  header[2] = type;
  header.set([width & 0xff, width >> 8, height & 0xff, height >> 8], 12);
  header[16] = bpp;
  return header;
}

function bmpHeader(width: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(54);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, width, true);
  v.setInt32(22, height, true);
  v.setUint16(28, bpp, true);
  return out;
}

function ddsSized(width: number, height: number, flags: number, fourCC: string, bits = 0): Uint8Array {
  const header = ddsHeader(flags, fourCC, bits, [0xff0000, 0xff00, 0xff, 0]);
  const v = new DataView(header.buffer);
  v.setUint32(12, height, true);
  v.setUint32(16, width, true);
  return header;
}

const tenBytes = new Uint8Array(10).fill(7);

describe('sniffImage', () => {
  it('recognises the types old models name, by content first', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))).toEqual({ mimeType: 'image/png', extension: 'png', embeddable: true });
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.mimeType).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))?.mimeType).toBe('image/webp');
    expect(sniffImage(bmp24())).toEqual({ mimeType: 'image/bmp', extension: 'bmp', embeddable: false });
    expect(sniffImage(dxt1())?.mimeType).toBe('image/vnd-ms.dds');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))?.extension).toBe('gif');
    expect(sniffImage(tga(2, 24, false))?.mimeType).toBe('image/x-tga');
    // A PNG named .tga is a PNG (old files' names lie); TGA has no magic, so its name counts.
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'skin.tga')?.extension).toBe('png');
    expect(sniffImage(new Uint8Array([0, 0, 0]), 'SKIN.TGA')?.extension).toBe('tga');
    expect(sniffImage(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(sniffImage(new Uint8Array(0))).toBeUndefined();
  });

  it('accepts a TGA header only when its fields make sense', () => {
    expect(looksLikeTga(tgaHeader(2, 4, 4, 24))).toBe(true);
    expect(looksLikeTga(tgaHeader(4, 4, 4, 24))).toBe(false); // no image type 4
    expect(looksLikeTga(tgaHeader(2, 4, 4, 12))).toBe(false); // no 12-bit pixels
    expect(looksLikeTga(tgaHeader(2, 0, 4, 24))).toBe(false);
  });
});

describe('legacy image decoders', () => {
  it('BMP 24-bit bottom-up and 8-bit palettised top-down', () => {
    for (const image of [decodeBmp(bmp24())!, decodeBmp(bmp8())!]) {
      expect([image.width, image.height]).toEqual([2, 2]);
      expect([pixel(image, 0, 0), pixel(image, 1, 0), pixel(image, 0, 1), pixel(image, 1, 1)]).toEqual(QUAD);
    }
  });

  it('TGA raw and RLE, bottom-left and top-left origin, 8-bit alpha', () => {
    const raw = decodeTga(tga(2, 24, false))!;
    expect([pixel(raw, 0, 0), pixel(raw, 1, 0), pixel(raw, 0, 1), pixel(raw, 1, 1)]).toEqual(QUAD);
    const rle = decodeTga(tga(10, 32, true))!;
    expect([pixel(rle, 0, 0), pixel(rle, 1, 1)]).toEqual([RED, [255, 255, 255, 128]]);
    // A run packet: 4 × the same green pixel.
    const run = tga(10, 24, true).subarray(0, 18);
    const runImage = decodeTga(new Uint8Array([...run, 0x83, 0, 255, 0]))!;
    expect([0, 1, 2, 3].map((i) => pixel(runImage, i % 2, i >> 1))).toEqual([GREEN, GREEN, GREEN, GREEN]);
  });

  it('TGA colour-mapped (24-bit map, 8-bit indices)', () => {
    const header = tgaHeader(1, 2, 1, 8);
    header[1] = 1; // colour map present
    header.set([0, 0, 2, 0, 24], 3); // first entry 0, 2 entries, 24-bit
    const map = [0, 0, 255, 0, 255, 0]; // BGR red, BGR green
    const image = decodeTga(new Uint8Array([...header, ...map, 1, 0]))!;
    expect([pixel(image, 0, 0), pixel(image, 1, 0)]).toEqual([GREEN, RED]);
  });

  it('DDS DXT1 (4 palette colours), DXT5 alpha and uncompressed BGRA', () => {
    const image = decodeDds(dxt1())!;
    expect([image.width, image.height]).toEqual([4, 4]);
    expect(pixel(image, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(image, 1, 0)).toEqual([0, 0, 255, 255]);
    expect(pixel(image, 2, 0)).toEqual([170, 0, 85, 255]); // 2/3 red + 1/3 blue
    // DXT5: alpha endpoints 255, 0 (8-value mode); pixel 0 uses alpha index 1 (0), pixel 1 index 0 (255), pixel 2 index 2 (6/7 × 255).
    const alpha = [255, 0, 0b10_000_001, 0, 0, 0, 0, 0];
    const color = [0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0]; // every pixel colour 0 = red
    const dxt5 = decodeDds(new Uint8Array([...ddsHeader(0x4, 'DXT5'), ...alpha, ...color]))!;
    expect([pixel(dxt5, 0, 0), pixel(dxt5, 1, 0), pixel(dxt5, 2, 0)]).toEqual([[255, 0, 0, 0], [255, 0, 0, 255], [255, 0, 0, 219]]);
    const bgra = new Uint8Array(16 * 4).map((_, i) => [255, 0, 0, 255][i % 4]); // blue in BGRA
    const raw = decodeDds(new Uint8Array([...ddsHeader(0x41, '', 32, [0xff0000, 0xff00, 0xff, 0xff000000]), ...bgra]))!;
    expect(pixel(raw, 3, 3)).toEqual(BLUE);
  });

  it('DDS whose size is not a multiple of 4 keeps only the pixels inside the image', () => {
    const header = ddsSized(5, 3, 0x4, 'DXT1');
    const red = [0x00, 0xf8, 0x1f, 0x00, 0, 0, 0, 0]; // every index 0: red
    const blue = [0x1f, 0x00, 0x00, 0xf8, 0, 0, 0, 0]; // colour 0 = blue
    const image = decodeDds(new Uint8Array([...header, ...red, ...blue]))!;
    expect([image.width, image.height, image.rgba.length]).toEqual([5, 3, 5 * 3 * 4]);
    expect([pixel(image, 3, 2), pixel(image, 4, 0), pixel(image, 4, 2)]).toEqual([RED, BLUE, BLUE]);
  });

  it('decodeImage picks the decoder by content and names it', () => {
    expect(decodeImage(bmp24())?.from).toBe('bmp');
    expect(decodeImage(dxt1())?.from).toBe('dds');
    expect(decodeImage(tga(10, 32, true), 'a.tga')?.from).toBe('tga');
    expect(pixel(decodeImage(tga(2, 24, false))!, 1, 1)).toEqual(WHITE);
    expect(decodeImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined(); // PNG needs no decoding here
  });

  it('rejects truncated, RLE-compressed and unknown variants instead of throwing', () => {
    expect(decodeBmp(bmp24().subarray(0, 60))).toBeUndefined();
    const rleBmp = bmp24();
    rleBmp[30] = 1;
    expect(decodeBmp(rleBmp)).toBeUndefined();
    expect(decodeTga(tga(10, 32, true).subarray(0, 22))).toBeUndefined();
    expect(decodeDds(new Uint8Array([...ddsHeader(0x4, 'DX10'), ...new Uint8Array(64)]))).toBeUndefined();
    expect(decodeDds(dxt1().subarray(0, 130))).toBeUndefined();
    // Bit fields announced but cut off right after the 40-byte header.
    const fields = bmpHeader(1, 1, 32);
    new DataView(fields.buffer).setUint32(30, 3, true);
    expect(decodeImage(new Uint8Array([...fields, 0, 0]))).toBeUndefined();
  });
});

describe('hostile image headers', () => {
  // Each header claims a large image (within the 2^26-pixel limit, or far beyond it) over 10 bytes of data.
  const cases: [string, Uint8Array][] = [
    ['TGA raw 65535×65535', concatBytes([tgaHeader(2, 65535, 65535, 32), tenBytes])],
    ['TGA raw 8192×8192', concatBytes([tgaHeader(2, 8192, 8192, 32), tenBytes])],
    ['TGA RLE 8192×8192', concatBytes([tgaHeader(10, 8192, 8192, 32), tenBytes])],
    ['TGA grey 16384×4096', concatBytes([tgaHeader(3, 16384, 4096, 8), tenBytes])],
    ['DDS DXT1 65535×65535', concatBytes([ddsSized(65535, 65535, 0x4, 'DXT1'), tenBytes])],
    ['DDS DXT5 8192×8192', concatBytes([ddsSized(8192, 8192, 0x4, 'DXT5'), tenBytes])],
    ['DDS BGRA 8192×8192', concatBytes([ddsSized(8192, 8192, 0x41, '', 32), tenBytes])],
    ['BMP 24-bit 8192×8192', concatBytes([bmpHeader(8192, 8192, 24), tenBytes])],
    ['BMP 1-bit 8192×-8192', concatBytes([bmpHeader(8192, -8192, 1), tenBytes])],
  ];

  it.each(cases)('%s: no image, and no allocation beyond a few times the input', (_, bytes) => {
    let result: unknown = 'not run';
    const largest = largestUint8Allocation(() => {
      result = decodeImage(bytes, 'x.tga');
    });
    expect(result).toBeUndefined();
    expect(largest).toBeLessThanOrEqual(bytes.length * 4 + 1024);
  });

  it('a real run-length TGA still decodes at its full compression ratio (128 pixels per packet)', () => {
    // 256×256 of one colour: 512 packets of 128 pixels, 4 bytes each (2 KB for 256 KB of RGBA).
    const packets = new Uint8Array(512 * 4);
    for (let i = 0; i < 512; i++) packets.set([0xff, 0, 255, 0], i * 4);
    const image = decodeTga(concatBytes([tgaHeader(10, 256, 256, 24), packets]))!;
    expect([image.width, image.height, pixel(image, 255, 255)]).toEqual([256, 256, GREEN]);
  });

  it('maxPixels refuses images above the caller’s limit', () => {
    expect(decodeImage(dxt1(), '', { maxPixels: 15 })).toBeUndefined();
    expect(decodeImage(dxt1(), '', { maxPixels: 16 })?.width).toBe(4);
  });
});
