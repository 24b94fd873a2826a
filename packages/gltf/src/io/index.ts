// Writing files: toGlb and toGltf write the JSON and binary buffer export/ plans, each array
// copied once; toDocument reads our .glb back with glTF-Transform, for users who want a Document.
import { WebIO, type Document, type Extension } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';
import type { Scene } from '@relic3d/core';
import { buildGltf } from '../export/index.js';
import type { ExportContext } from '../export/context.js';
import { finishedJson, type BinaryLayout } from '../export/output.js';
import { MSFTLod } from '../extensions/msft-lod.js';
import type { ExportOptions, GltfOptions } from '../options.js';
import { writeGlb } from './glb.js';

/** Every extension the exporter may write; register these on an IO to read its output back. */
export const gltfExtensions: (typeof Extension)[] = [...KHRONOS_EXTENSIONS, EXTTextureWebP, MSFTLod];

/** A glTF-Transform IO (works in Node and browsers) that knows every extension we write. */
export function createIO(): WebIO {
  return new WebIO().registerExtensions(gltfExtensions);
}

/** Scene → binary glTF (.glb) bytes, with textures embedded. */
export async function toGlb(scene: Scene, options: ExportOptions = {}): Promise<Uint8Array> {
  const { text, layout } = glbParts(await buildGltf(scene, options));
  return writeGlb(text, layout);
}

/**
 * The JSON as text and the binary layout: the JSON tree (as large as the text, or larger, for
 * extras of many records) is garbage before the .glb is allocated.
 */
function glbParts(ctx: ExportContext): { text: string; layout: BinaryLayout } {
  const { json, layout } = ctx;
  for (const { image, data } of ctx.images) json.images[image].bufferView = layout.view(data);
  if (layout.byteLength) json.buffers.push({ byteLength: layout.byteLength });
  return { text: JSON.stringify(finishedJson(json)), layout };
}

/**
 * Scene → .gltf JSON plus its resources (the .bin buffer and image files), keyed by the relative
 * URI the JSON uses.
 */
export async function toGltf(
  scene: Scene,
  options: GltfOptions = {},
): Promise<{ json: Record<string, unknown>; resources: Record<string, Uint8Array> }> {
  const ctx = await buildGltf(scene, options);
  const { json, layout } = ctx;
  const resources: Record<string, Uint8Array> = {};
  for (const { image, data, uri } of ctx.images) {
    json.images[image].uri = uri;
    resources[uri] = data;
  }
  if (layout.byteLength) {
    const uri = `${options.basename ?? 'scene'}.bin`;
    const bin = new Uint8Array(layout.byteLength);
    layout.pack(bin, 0);
    json.buffers.push({ uri, byteLength: bin.byteLength });
    resources[uri] = bin;
  }
  return { json: finishedJson(json), resources };
}

/**
 * Scene → a glTF-Transform Document, to post-process with its functions: our .glb read back with
 * glTF-Transform's reader (one exporter, not two).
 */
export async function toDocument(scene: Scene, options: ExportOptions = {}): Promise<Document> {
  return createIO().readBinary(await toGlb(scene, options));
}
