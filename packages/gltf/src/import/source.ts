// Bytes → the glTF JSON and its resources: the .glb container (or .gltf text), data URIs decoded
// here (glTF-Transform's decoder differs between Node and browsers and does not check), external
// files through the caller's resolver.
import { GLB_BUFFER, type GLTF } from '@gltf-transform/core';
import type { Resolver, WarningSink } from '@relic3d/core';
import { gltfError, shown } from './errors.js';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** The glTF as read from bytes, before glTF-Transform sees it. */
export interface GltfSource {
  json: GLTF.IGLTF;
  /** Buffer and image bytes by the URI `json` gives them (GLB_BUFFER for the .glb's own buffer). */
  resources: Record<string, Uint8Array>;
  /** Byte offset of the JSON in the input (20 in a .glb, 0 in a .gltf), for errors. */
  jsonOffset: number;
  /** Per image, the URI the file writes (data URIs left out); images keep their own name otherwise. */
  imageUris: (string | undefined)[];
  /** Images whose file could not be read (uri-only textures in the scene). */
  missingImages: Set<number>;
}

/** Splits a .glb, or decodes a .gltf's text; FormatError for anything that is neither. */
export function readContainer(bytes: Uint8Array): { json: unknown; bin?: Uint8Array; jsonOffset: number } {
  if (bytes.length >= 4 && readU32(bytes, 0) === GLB_MAGIC) return readGlb(bytes);
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length && (bytes[start] === 0x20 || bytes[start] === 0x0a || bytes[start] === 0x0d || bytes[start] === 0x09)) start++;
  if (bytes[start] !== 0x7b) {
    if (bytes.length === 0) throw gltfError('EMPTY', 'the input', 'a .glb or .gltf', 'no bytes');
    throw gltfError('BAD_MAGIC', 'byte 0', "a .glb ('glTF') or .gltf JSON ('{')", shown(String.fromCharCode(...bytes.subarray(0, 4))));
  }
  return { json: parseJson(bytes.subarray(start), start), jsonOffset: start };
}

function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

function readGlb(bytes: Uint8Array): { json: unknown; bin?: Uint8Array; jsonOffset: number } {
  if (bytes.length < 12) throw gltfError('TRUNCATED', 'the .glb header', '12 bytes', `${bytes.length}`, bytes.length);
  const version = readU32(bytes, 4);
  if (version !== 2) throw gltfError('BAD_VERSION', 'the .glb header', 'version 2', `${version}`, 4);
  const length = readU32(bytes, 8);
  if (length > bytes.length) throw gltfError('TRUNCATED', 'the .glb header', `${length} bytes`, `${bytes.length}`, bytes.length);
  if (length < 20) throw gltfError('BAD_SIZE', 'the .glb header', 'a length of at least 20 bytes', `${length}`, 8);
  let json: unknown;
  let jsonOffset = 20;
  let bin: Uint8Array | undefined;
  for (let at = 12; at + 8 <= length; ) {
    const chunkLength = readU32(bytes, at);
    const type = readU32(bytes, at + 4);
    const data = at + 8;
    if (chunkLength > length - data) throw gltfError('TRUNCATED', `the .glb chunk at byte ${at}`, `${chunkLength} bytes`, `${length - data}`, at);
    if (at === 12) {
      if (type !== CHUNK_JSON) throw gltfError('BAD_TAG', 'the first .glb chunk', 'JSON', `0x${type.toString(16)}`, at + 4);
      json = parseJson(bytes.subarray(data, data + chunkLength), data);
      jsonOffset = data;
    } else if (type === CHUNK_BIN && !bin) bin = bytes.subarray(data, data + chunkLength);
    // Chunks of other types are skipped, as the spec says.
    at = data + chunkLength;
  }
  if (json === undefined) throw gltfError('TRUNCATED', 'the .glb', 'a JSON chunk', 'none', 12);
  return { json, bin, jsonOffset };
}

/**
 * Objects and arrays JSON text may open before it is parsed: each costs the parse up to ~64 bytes,
 * so `[{},{},…]` makes ~20× its size. Half the import's memory budget (4 × n + 32 MB) is theirs.
 */
export const containerBudget = (jsonBytes: number): number => 524_288 + Math.floor(jsonBytes / 16);

/** Objects and arrays the JSON opens (brackets outside strings), counted without parsing. */
function containers(bytes: Uint8Array): number {
  let n = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) n++;
  }
  return n;
}

function parseJson(bytes: Uint8Array, offset: number): unknown {
  const opened = containers(bytes);
  const limit = containerBudget(bytes.length);
  if (opened > limit) throw gltfError('BAD_COUNT', 'the JSON', `at most ${limit} objects and arrays in ${bytes.length} bytes`, `${opened}`, offset);
  let text = new TextDecoder().decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch (e) {
    // Also a RangeError for JSON nested too deep to parse.
    throw gltfError('BAD_SYNTAX', 'the JSON', 'valid JSON', (e as Error)?.message ?? String(e), offset);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every buffer and image the JSON names, as bytes: the .glb's buffer, data URIs, and external
 * files through `resolve`. A buffer that cannot be read is a FormatError (MISSING_COMPANION); an
 * image is a warning, and its texture keeps the URI.
 */
export async function loadResources(
  container: { json: unknown; bin?: Uint8Array; jsonOffset: number },
  resolve: Resolver | undefined,
  warnings: WarningSink,
): Promise<GltfSource> {
  const { jsonOffset } = container;
  if (!isObject(container.json)) throw gltfError('BAD_VALUE', 'the JSON', 'an object', shown(container.json), jsonOffset);
  // Buffers and images are copied: their URIs are rewritten (the caller's JSON is never changed).
  const json = { ...container.json } as unknown as GLTF.IGLTF;
  const resources: Record<string, Uint8Array> = {};
  const imageUris: (string | undefined)[] = [];
  const missingImages = new Set<number>();
  const list = (key: 'buffers' | 'images'): Record<string, unknown>[] => {
    const value = (json as unknown as Record<string, unknown>)[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every(isObject)) throw gltfError('BAD_VALUE', key, 'an array of objects', shown(value), jsonOffset);
    return value.map((item) => ({ ...(item as Record<string, unknown>) }));
  };
  const buffers = list('buffers');
  const images = list('images');
  if (buffers.length) json.buffers = buffers as unknown as GLTF.IBuffer[];
  if (images.length) json.images = images as unknown as GLTF.IImage[];

  const pending: Promise<void>[] = [];
  buffers.forEach((buffer, i) => {
    const where = `buffers[${i}]`;
    const uri = buffer.uri;
    if (uri === undefined) {
      if (container.bin && i === 0) resources[GLB_BUFFER] = container.bin;
      // A buffer with neither is an error only when a buffer view uses it (checked with the views).
      return;
    }
    if (typeof uri !== 'string') throw gltfError('BAD_VALUE', `${where}.uri`, 'a string', shown(uri), jsonOffset);
    if (uri.startsWith('data:')) {
      const key = `__relic3d_buffer_${i}.bin`;
      resources[key] = decodeDataUri(uri, where, jsonOffset).data;
      buffer.uri = key;
      return;
    }
    pending.push(
      fetchResource(uri, resolve).then((result) => {
        if ('data' in result) resources[uri] = result.data;
        else throw gltfError('MISSING_COMPANION', where, `the buffer '${uri}'${resolve ? '' : ' (no resolver given)'}`, result.why, jsonOffset);
      }),
    );
  });
  images.forEach((image, i) => {
    const where = `images[${i}]`;
    const uri = image.uri;
    if (uri === undefined) {
      imageUris.push(undefined);
      return;
    }
    if (typeof uri !== 'string') throw gltfError('BAD_VALUE', `${where}.uri`, 'a string', shown(uri), jsonOffset);
    if (uri.startsWith('data:')) {
      imageUris.push(undefined);
      const { data, mimeType } = decodeDataUri(uri, where, jsonOffset);
      const key = `__relic3d_image_${i}`;
      resources[key] = data;
      image.uri = key;
      if (image.mimeType === undefined && mimeType.startsWith('image/')) image.mimeType = mimeType;
      return;
    }
    imageUris.push(uri);
    pending.push(
      fetchResource(uri, resolve).then((result) => {
        if ('data' in result) resources[uri] = result.data;
        else {
          missingImages.add(i);
          warnings.warn('GLTF_IMAGE_MISSING', `${where} '${uri}' was not read (${result.why}); its texture keeps the URI only`);
        }
      }),
    );
  });
  await Promise.all(pending);
  return { json, resources, jsonOffset, imageUris, missingImages };
}

/** An external file through the resolver, by its decoded URI (then as written). */
async function fetchResource(uri: string, resolve: Resolver | undefined): Promise<{ data: Uint8Array } | { why: string }> {
  if (!resolve) return { why: 'no resolver given' };
  let decoded = uri;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    // A malformed escape: the URI as written is the best name there is.
  }
  let why = 'the resolver did not find it';
  for (const name of decoded === uri ? [uri] : [decoded, uri]) {
    try {
      const data = await resolve(name);
      if (data) return { data: data instanceof Uint8Array ? data : new Uint8Array(data) };
    } catch (e) {
      why = `the resolver failed: ${(e as Error)?.message ?? String(e)}`;
    }
  }
  return { why };
}

const BASE64 = (() => {
  const table = new Int16Array(256).fill(-1);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < letters.length; i++) table[letters.charCodeAt(i)] = i;
  table['-'.charCodeAt(0)] = 62; // base64url
  table['_'.charCodeAt(0)] = 63;
  return table;
})();

/** `data:[<type>][;base64],<data>` → bytes and media type; FormatError for bad base64. */
export function decodeDataUri(uri: string, where: string, offset: number): { data: Uint8Array; mimeType: string } {
  const comma = uri.indexOf(',');
  if (comma < 0) throw gltfError('BAD_VALUE', `${where}.uri`, 'a data URI with a comma', shown(uri), offset);
  const header = uri.slice(5, comma);
  const mimeType = header.split(';')[0].trim().toLowerCase();
  const body = uri.slice(comma + 1);
  if (!/;base64$/i.test(header)) {
    let text: string;
    try {
      text = decodeURIComponent(body);
    } catch {
      throw gltfError('BAD_VALUE', `${where}.uri`, 'a percent-encoded data URI', shown(body), offset);
    }
    return { data: new TextEncoder().encode(text), mimeType };
  }
  const out = new Uint8Array(Math.floor((body.length * 3) / 4) + 3);
  let bits = 0;
  let value = 0;
  let n = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x3d) break; // '=' padding ends the data
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    const v = c < 256 ? BASE64[c] : -1;
    if (v < 0) throw gltfError('BAD_VALUE', `${where}.uri`, 'base64 data', `${shown(String.fromCharCode(c))} at character ${comma + 1 + i}`, offset);
    value = ((value << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (value >> bits) & 0xff;
    }
  }
  return { data: out.subarray(0, n), mimeType };
}
