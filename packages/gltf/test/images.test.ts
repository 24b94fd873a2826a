import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addNode, createScene, defaultMaterial, type Warning } from '@relic3d/core';
import { decodeBmp, decodeDds, decodeTga, encodePng, legacyImageToPng } from '../src/legacy-images.js';
import { toGlb } from '../src/index.js';
import { validateGltf, describeIssues } from './validate.js';

// Test-only writers for the legacy image formats (layouts from the BMP, TGA and DDS documentation).
const RED = [255, 0, 0, 255], GREEN = [0, 255, 0, 255], BLUE = [0, 0, 255, 255], WHITE = [255, 255, 255, 255];
/** 2×2 image, top row red green, bottom row blue white. */
const QUAD = [RED, GREEN, BLUE, WHITE];

function bmp24(): Uint8Array {
  const stride = 8; // 2 px × 3 B = 6, padded to 8
  const out = new Uint8Array(54 + stride * 2);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(2, out.length, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, 2, true);
  v.setInt32(22, 2, true); // bottom-up
  v.setUint16(26, 1, true);
  v.setUint16(28, 24, true);
  const rows = [[BLUE, WHITE], [RED, GREEN]]; // stored bottom row first
  rows.forEach((row, y) => row.forEach((c, x) => out.set([c[2], c[1], c[0]], 54 + y * stride + x * 3)));
  return out;
}

function bmp8(): Uint8Array {
  const palette = [RED, GREEN, BLUE, WHITE];
  const out = new Uint8Array(54 + 16 + 4 * 2);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(10, 70, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, 2, true);
  v.setInt32(22, -2, true); // top-down
  v.setUint16(28, 8, true);
  v.setUint32(46, 4, true);
  palette.forEach((c, i) => out.set([c[2], c[1], c[0], 0], 54 + i * 4));
  out.set([0, 1], 70);
  out.set([2, 3], 74);
  return out;
}

function tga(type: 2 | 10, bpp: 24 | 32, topOrigin: boolean): Uint8Array {
  const header = new Uint8Array(18);
  header[2] = type;
  header[12] = 2;
  header[14] = 2;
  header[16] = bpp;
  header[17] = (bpp === 32 ? 8 : 0) | (topOrigin ? 0x20 : 0);
  const order = topOrigin ? QUAD : [BLUE, WHITE, RED, GREEN];
  const px = (c: number[]) => (bpp === 32 ? [c[2], c[1], c[0], c === WHITE ? 128 : c[3]] : [c[2], c[1], c[0]]);
  const body: number[] = [];
  if (type === 2) order.forEach((c) => body.push(...px(c)));
  else body.push(0x03, ...order.flatMap(px)); // one raw packet of 4 pixels
  return new Uint8Array([...header, ...body]);
}

function ddsHeader(flags: number, fourCC: string, bits = 0, masks: number[] = [0, 0, 0, 0]): Uint8Array {
  const out = new Uint8Array(128);
  const v = new DataView(out.buffer);
  out.set([0x44, 0x44, 0x53, 0x20]);
  v.setUint32(4, 124, true);
  v.setUint32(12, 4, true); // height
  v.setUint32(16, 4, true); // width
  v.setUint32(80, flags, true);
  for (let i = 0; i < 4; i++) out[84 + i] = fourCC.charCodeAt(i) || 0;
  v.setUint32(88, bits, true);
  masks.forEach((m, i) => v.setUint32(92 + i * 4, m, true));
  return out;
}

/** DXT1 4×4: colour 0 pure red (0xf800), colour 1 pure blue (0x001f); rows use index 0,1,2,3. */
function dxt1(): Uint8Array {
  const block = [0x00, 0xf8, 0x1f, 0x00, 0b11100100, 0b11100100, 0b11100100, 0b11100100];
  return new Uint8Array([...ddsHeader(0x4, 'DXT1'), ...block]);
}

function pixel(p: { width: number; rgba: Uint8Array }, x: number, y: number) {
  return Array.from(p.rgba.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 4));
}

describe('legacy texture decoders', () => {
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

  it('DDS DXT1 (4 palette colours) and uncompressed BGRA', () => {
    const image = decodeDds(dxt1())!;
    expect([image.width, image.height]).toEqual([4, 4]);
    expect(pixel(image, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(image, 1, 0)).toEqual([0, 0, 255, 255]);
    expect(pixel(image, 2, 0)).toEqual([170, 0, 85, 255]); // 2/3 red + 1/3 blue
    const bgra = new Uint8Array(16 * 4).map((_, i) => [255, 0, 0, 255][i % 4]); // blue in BGRA
    const raw = decodeDds(new Uint8Array([...ddsHeader(0x41, '', 32, [0xff0000, 0xff00, 0xff, 0xff000000]), ...bgra]))!;
    expect(pixel(raw, 3, 3)).toEqual([0, 0, 255, 255]);
  });

  it('rejects truncated, RLE-compressed and unknown variants instead of throwing', () => {
    expect(decodeBmp(bmp24().subarray(0, 60))).toBeUndefined();
    const rleBmp = bmp24();
    rleBmp[30] = 1;
    expect(decodeBmp(rleBmp)).toBeUndefined();
    expect(decodeTga(tga(10, 32, true).subarray(0, 22))).toBeUndefined();
    expect(decodeDds(new Uint8Array([...ddsHeader(0x4, 'DX10'), ...new Uint8Array(64)]))).toBeUndefined();
    expect(decodeDds(dxt1().subarray(0, 130))).toBeUndefined();
  });

  it('encodes PNG: RGB when opaque, RGBA otherwise, pixels intact', async () => {
    const opaque = await encodePng(decodeBmp(bmp24())!);
    expect(opaque[25]).toBe(2); // colour type RGB
    const idat = (png: Uint8Array) => {
      const v = new DataView(png.buffer, png.byteOffset);
      const length = v.getUint32(33);
      return inflateSync(png.subarray(41, 41 + length));
    };
    expect(Array.from(idat(opaque))).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
    const alpha = await encodePng(decodeTga(tga(10, 32, true))!);
    expect(alpha[25]).toBe(6);
  });
});

describe('legacy textures in an export', () => {
  it.each([
    ['wood.bmp', bmp24(), 'bmp', 2],
    ['skin.TGA', tga(10, 32, true), 'tga', 2],
    ['metal.dds', dxt1(), 'dds', 4],
  ] as const)('%s is converted to PNG and embedded (validator: valid PNG)', async (uri, bytes, from, size) => {
    const scene = createScene('test');
    scene.textures.push({ uri });
    scene.materials.push({ ...defaultMaterial('m'), baseColorTexture: { texture: 0 } });
    scene.meshes.push({ name: 'tri', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), TEXCOORD_0: new Float32Array(6) }, material: 0 }] });
    addNode(scene, { name: 'tri', mesh: 0 });
    const warnings: Warning[] = [];
    const glb = await toGlb(scene, { resolve: (name) => (name === uri ? bytes : undefined), onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    const report = await validateGltf(glb);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    const images = ((report.info?.resources ?? []) as { mimeType?: string; image?: { width: number; height: number } }[]).filter((r) => r.image);
    expect(images).toEqual([expect.objectContaining({ mimeType: 'image/png', image: expect.objectContaining({ width: size, height: size }) })]);
    expect((await legacyImageToPng(bytes, uri))?.from).toBe(from);
  });
});
