import { Format, WebIO, type Document, type Extension } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';
import type { Scene } from '@relic3d/core';
import { buildDocument, type PositionBounds } from './document.js';
import { SeparateVertexBuffers } from './layout.js';
import { MSFTLod } from './msft-lod.js';
import type { ExportOptions, GltfOptions } from './options.js';

export { toDocument, GENERATOR } from './document.js';
export { MSFTLod, Lod, MSFT_LOD } from './msft-lod.js';
export { candidateNames } from './images.js';
/** Re-exported from @relic3d/core, where the image sniffer and decoders live. */
export { sniffImage } from '@relic3d/core';
export type { ExportOptions, GltfOptions } from './options.js';

/** Every extension the exporter may write; register these on an IO to read its output back. */
export const gltfExtensions: (typeof Extension)[] = [...KHRONOS_EXTENSIONS, EXTTextureWebP, MSFTLod];

/** A glTF-Transform IO (works in Node and browsers) that knows every extension we write. */
export function createIO(): WebIO {
  return new WebIO().registerExtensions(gltfExtensions);
}

/** The IOs toGlb/toGltf write with (configuration only; every write has its own context). */
let separateIO: WebIO | undefined;
let interleavedIO: WebIO | undefined;

/**
 * Prepares `doc` for writing and returns the IO: vertex attributes in separate buffer views copied
 * in bulk, unless `interleave` asks for glTF-Transform's interleaved layout.
 */
function writerFor(doc: Document, positionBounds: PositionBounds, options: ExportOptions): WebIO {
  if (options.interleave) return (interleavedIO ??= createIO());
  doc.createExtension(SeparateVertexBuffers).positionBounds = positionBounds;
  return (separateIO ??= createIO().registerExtensions([SeparateVertexBuffers]));
}

/** Scene → binary glTF (.glb) bytes, with textures embedded. */
export async function toGlb(scene: Scene, options: ExportOptions = {}): Promise<Uint8Array> {
  const { doc, positionBounds } = await buildDocument(scene, options);
  // A .glb carries its images in the binary buffer, which a scene without meshes did not need.
  if (doc.getRoot().listTextures().length && !doc.getRoot().listBuffers().length) doc.createBuffer();
  const { json, resources } = await writerFor(doc, positionBounds, options).writeJSON(doc, { format: Format.GLB });
  return packGlb(json, Object.values(resources)[0]);
}

/**
 * The .glb container (what WebIO.writeBinary does, with one copy of the binary chunk instead of
 * three): 12-byte header, JSON chunk padded with spaces, BIN chunk padded with zeros.
 */
function packGlb(json: unknown, bin: Uint8Array | undefined): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = (text.length + 3) & ~3;
  const binLength = bin?.byteLength ? (bin.byteLength + 3) & ~3 : 0;
  const total = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const glb = new Uint8Array(total);
  const view = new DataView(glb.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  glb.set(text, 20);
  glb.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (binLength) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true); // 'BIN\0'
    glb.set(bin!, at + 8);
  }
  return glb;
}

/**
 * Scene → .gltf JSON plus its resources (the .bin buffer and image files), keyed by the relative
 * URI the JSON uses.
 */
export async function toGltf(
  scene: Scene,
  options: GltfOptions = {},
): Promise<{ json: Record<string, unknown>; resources: Record<string, Uint8Array> }> {
  const { doc, positionBounds } = await buildDocument(scene, options);
  const { json, resources } = await writerFor(doc, positionBounds, options).writeJSON(doc, { format: Format.GLTF, basename: options.basename ?? 'scene' });
  return { json: json as unknown as Record<string, unknown>, resources };
}
