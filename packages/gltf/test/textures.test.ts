// Textures are embedded once per image (issue 15 item 7), within a byte budget, and a batch
// worker's cache spares it reading and converting shared textures again.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NodeIO } from '@gltf-transform/core';
import { FolderIndex, addNode, createScene, defaultMaterial, indexResolver, lruCache, type Scene, type Warning } from '@relic3d/core';
import { rng } from '@relic3d/test-harness';
import { gltfExtensions, toGlb } from '../src/index.js';
import { dxt1 } from '@relic3d/fixtures/images';
import { describeIssues, validateGltf } from './validate.js';

const io = new NodeIO().registerExtensions(gltfExtensions);

/** A PNG of random pixels, stored without compression: `side`² × 4 bytes and a little more. */
function noisePng(side: number, seed: number): Uint8Array {
  const random = rng(seed);
  const raw = new Uint8Array(side * (1 + side * 4));
  for (let i = 0; i < raw.length; i++) raw[i] = i % (1 + side * 4) === 0 ? 0 : Math.floor(random() * 256);
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    out.set(data, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
  return new Uint8Array(png);
}

function crc(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A material per texture path; the first eight also get a textured triangle. */
function texturedScene(uris: string[]): Scene {
  const scene = createScene('textured');
  const mesh = { name: 'tris', primitives: [] as Scene['meshes'][number]['primitives'] };
  uris.forEach((uri, i) => {
    scene.textures.push({ uri });
    scene.materials.push({ ...defaultMaterial(`m${i}`), baseColorTexture: { texture: i } });
    if (i < 8) mesh.primitives.push({ attributes: { POSITION: new Float32Array([i, 0, 0, i + 1, 0, 0, i, 1, 0]), TEXCOORD_0: new Float32Array([0, 0, 1, 0, 0, 1]) }, material: i });
  });
  scene.meshes.push(mesh);
  addNode(scene, { name: 'tris', mesh: 0 });
  return scene;
}

/** `./a.png`, `././a.png`, `./././a.png`, … */
const spellings = (count: number, name: string) => Array.from({ length: count }, (_, i) => `${'./'.repeat(i + 1)}${name}`);

async function exportValid(scene: Scene, options: Parameters<typeof toGlb>[1]) {
  const warnings: Warning[] = [];
  const glb = await toGlb(scene, { ...options, onWarning: (w) => warnings.push(w) });
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
  return { glb, warnings, doc: await io.readBinary(glb) };
}

describe('texture de-duplication', () => {
  const image = noisePng(256, 1); // ~257 KB

  it('300 spellings of one path are read once and embedded once (a plain resolver, no key())', async () => {
    let reads = 0;
    const resolve = (name: string) => (name === 'a.png' ? (reads++, image) : undefined);
    const { glb, doc, warnings } = await exportValid(texturedScene(spellings(300, 'a.png')), { resolve });
    expect(warnings).toEqual([]);
    expect(reads).toBe(1);
    expect(doc.getRoot().listTextures()).toHaveLength(1);
    expect(glb.byteLength).toBeLessThan(image.byteLength + 200_000); // was 300 × the image
    const [texture] = doc.getRoot().listTextures();
    expect(doc.getRoot().listMaterials().every((m) => m.getBaseColorTexture() === texture)).toBe(true);
  });

  it('spellings that resolve to one file (resolve.key) are one image; identical bytes under two names too', async () => {
    const files: Record<string, Uint8Array> = { 'Model/Texture/Skin.PNG': image, 'Model/copy.png': image.slice(), 'Model/other.png': noisePng(16, 2) };
    let reads = 0;
    const resolve = indexResolver(FolderIndex.fromPaths(Object.keys(files)), 'Model', (path) => (reads++, files[path]));
    const uris = ['skin.png', 'Texture\\SKIN.png', './texture/skin.png', '..\\Model\\Texture\\Skin.PNG', 'copy.png', 'other.png'];
    const { doc, warnings } = await exportValid(texturedScene(uris), { resolve });
    expect(warnings).toEqual([]);
    expect(reads).toBe(3); // Skin.PNG, copy.png, other.png
    const textures = doc.getRoot().listTextures();
    expect(textures).toHaveLength(2);
    const used = doc.getRoot().listMaterials().map((m) => textures.indexOf(m.getBaseColorTexture()!));
    expect(used).toEqual([0, 0, 0, 0, 0, 1]);
  });

  it('the embedded bytes are capped, with a warning, and the path stays in the extras', async () => {
    const files: Record<string, Uint8Array> = { 'a.png': image, 'b.png': noisePng(256, 3), 'c.png': noisePng(8, 4) };
    const { doc, warnings } = await exportValid(texturedScene(['a.png', 'b.png', 'c.png']), {
      resolve: (name) => files[name],
      maxTextureBytes: image.byteLength + 10_000,
    });
    expect(warnings.map((w) => w.code)).toEqual(['GLTF_TEXTURE_LIMIT']);
    expect(warnings[0].message).toContain("'b.png'");
    expect(doc.getRoot().listTextures().map((t) => t.getName())).toEqual(['a', 'c']);
    const material = doc.getRoot().listMaterials()[1];
    expect(material.getExtras()).toMatchObject({ unresolvedTextures: { baseColorTexture: { uri: 'b.png', problem: 'over the embedded image limit' } } });
  });
});

describe('texture cache', () => {
  it('shares converted images across exports, and the output is the same with and without it', async () => {
    const files: Record<string, Uint8Array> = { 'Model/Texture/shared.dds': dxt1(), 'Model/Texture/own.png': noisePng(4, 5) };
    const index = FolderIndex.fromPaths(Object.keys(files));
    let reads = 0;
    const resolve = indexResolver(index, 'Model', (path) => (reads++, files[path]));
    const scene = texturedScene(['shared.dds', 'own.png']);
    const plain = await toGlb(scene, { resolve });
    expect(reads).toBe(2);

    const cache = lruCache(1 << 20);
    reads = 0;
    const first = await toGlb(scene, { resolve, cache });
    expect(reads).toBe(2);
    const cached = cache.get('gltf:image:Model/Texture/shared.dds') as { image: { mimeType: string; convertedFrom: string } };
    expect(cached.image).toMatchObject({ mimeType: 'image/png', convertedFrom: 'dds' });
    expect(cache.size).toBe(2);
    reads = 0;
    const second = await toGlb(scene, { resolve, cache });
    expect(reads).toBe(0);
    expect(second).toEqual(first);
    expect(first).toEqual(plain);
  });

  it('stays within its byte bound (an image larger than the cache is not kept)', async () => {
    const files: Record<string, Uint8Array> = { 'big.png': noisePng(64, 6) };
    const resolve = indexResolver(FolderIndex.fromPaths(Object.keys(files)), '', (path) => files[path]);
    const cache = lruCache(1000);
    await toGlb(texturedScene(['big.png']), { resolve, cache });
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
