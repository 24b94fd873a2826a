import { Format, WebIO, type Document, type Extension } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';
import type { Scene } from '@relic3d/core';
import { toDocument } from './document.js';
import { MSFTLod } from './msft-lod.js';
import type { ExportOptions, GltfOptions } from './options.js';

export { toDocument } from './document.js';
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

/** Scene → binary glTF (.glb) bytes, with textures embedded. */
export async function toGlb(scene: Scene, options: ExportOptions = {}): Promise<Uint8Array> {
  const doc = await toDocument(scene, options);
  return createIO().writeBinary(doc);
}

/**
 * Scene → .gltf JSON plus its resources (the .bin buffer and image files), keyed by the relative
 * URI the JSON uses.
 */
export async function toGltf(
  scene: Scene,
  options: GltfOptions = {},
): Promise<{ json: Record<string, unknown>; resources: Record<string, Uint8Array> }> {
  const doc: Document = await toDocument(scene, options);
  const { json, resources } = await createIO().writeJSON(doc, { format: Format.GLTF, basename: options.basename ?? 'scene' });
  return { json: json as unknown as Record<string, unknown>, resources };
}
