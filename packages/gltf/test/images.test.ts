import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addNode, createScene, decodeBmp, decodeTga, defaultMaterial, type Warning } from '@relic3d/core';
import { encodePng, legacyImageToPng } from '../src/images/png.js';
// The image writers live beside the decoders' tests in core.
import { bmp24, dxt1, tga } from '@relic3d/fixtures/images';
import { toGlb } from '../src/index.js';
import { validateGltf, describeIssues } from './validate.js';

describe('PNG encoding', () => {
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

  it('needs no CompressionStream (older runtimes, some workers): zlib from fflate, CRCs a reader checks', async () => {
    const saved = globalThis.CompressionStream;
    // @ts-expect-error the runtime without it
    delete globalThis.CompressionStream;
    try {
      const png = await encodePng(decodeBmp(bmp24())!);
      // An independent check: node:zlib inflates the IDAT, and every chunk's CRC is what zlib computes.
      const { crc32: zlibCrc } = await import('node:zlib');
      const view = new DataView(png.buffer, png.byteOffset);
      const types: string[] = [];
      for (let at = 8; at < png.length; ) {
        const length = view.getUint32(at);
        types.push(String.fromCharCode(...png.subarray(at + 4, at + 8)));
        expect(view.getUint32(at + 8 + length)).toBe(zlibCrc(png.subarray(at + 4, at + 8 + length)));
        at += 12 + length;
      }
      expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect(Array.from(inflateSync(png.subarray(41, 41 + view.getUint32(33))))).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
    } finally {
      globalThis.CompressionStream = saved;
    }
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
