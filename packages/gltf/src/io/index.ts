// Writing files: toGlb and toGltf build the document (export/) and write it with glTF-Transform.
import { Format, WebIO, type Document, type Extension } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';
import type { Scene } from '@relic3d/core';
import { buildDocument } from '../export/index.js';
import { MSFTLod } from '../extensions/msft-lod.js';
import { SeparateVertexBuffers, type PositionBounds } from '../extensions/separate-vertex-buffers.js';
import type { ExportOptions, GltfOptions } from '../options.js';
import { packGlb } from './glb.js';

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
