// glTF as the sixth input: a Format whose reader is @relic3d/gltf's fromGltf, so detection, parse,
// parseFile, the CLI, the batch, RelicLoader and the viewer reach it as they reach the five. It has
// no writer here: glTF out is toGlb/toGltf.
import type { Format, ParseOptions, Scene } from '@relic3d/core';
import type { GltfDecoders } from '@relic3d/gltf';

const GLB_MAGIC = [0x67, 0x6c, 0x54, 0x46]; // 'glTF'
/** Keys only a glTF JSON has at its top level; one of them within the bytes looked at is enough. */
const GLTF_KEYS = ['"asset"', '"bufferViews"', '"accessors"'];
/** Bytes of a .gltf searched for those keys (writers put "asset" first; a sniff gives fewer). */
const TEXT_HEAD = 65_536;

/** A binary glTF (.glb) header: 'glTF' then version 2. */
function isGlb(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || GLB_MAGIC.some((b, i) => bytes[i] !== b)) return false;
  return bytes[4] === 2 && bytes[5] === 0 && bytes[6] === 0 && bytes[7] === 0;
}

/** JSON text (after a BOM and white space) that opens an object and names a glTF top-level key. */
function isGltfJson(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09)) at++;
  if (bytes[at] !== 0x7b) return false;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(at, at + TEXT_HEAD));
  return GLTF_KEYS.some((key) => head.includes(key));
}

/** True for a .glb (version 2) or a .gltf's JSON. */
export function isGltf(bytes: Uint8Array): boolean {
  return isGlb(bytes) || isGltfJson(bytes);
}

/** Parse options glTF also reads: decoder loaders for where the default imports fail (a browser). */
export interface GltfParseOptions extends ParseOptions {
  gltfDecoders?: GltfDecoders;
}

/**
 * glTF 2.0 in: the .bin and images a .gltf names come through `options.resolve`. @relic3d/gltf
 * (glTF-Transform) loads on the first glTF read: importing the formats, as the CLI does for
 * every command, need not pay for it (~55 ms of each `relic3d` start).
 */
async function parse(bytes: Uint8Array, options: GltfParseOptions = {}): Promise<Scene> {
  const { fromGltf } = await import('@relic3d/gltf');
  return fromGltf(bytes, { resolve: options.resolve, onWarning: options.onWarning, decoders: options.gltfDecoders });
}

export const gltfFormat: Format = {
  id: 'gltf',
  name: 'glTF 2.0',
  extensions: ['.glb', '.gltf'],
  mimeTypes: ['model/gltf-binary', 'model/gltf+json'],
  encoding: 'binary',
  test: isGltf,
  parse,
};
