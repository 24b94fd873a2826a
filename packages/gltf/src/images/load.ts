import { sniffImage, type CompanionCache, type Resolver } from '@relic3d/core';
import { imageProblem } from './check.js';
import { candidateNames } from './names.js';
import { legacyImageToPng } from './png.js';

/** Image bytes glTF can embed (PNG, JPEG, WebP), and what they were converted from. */
export interface EmbeddableImage {
  data: Uint8Array;
  mimeType: string;
  extension: string;
  convertedFrom?: string;
}

/**
 * What a texture file becomes in a glTF, or why it cannot be embedded: `problem` is short (it goes
 * into the material's extras), `reason` completes "texture '<path>' …" in the warning.
 */
export type ImageOutcome = { image: EmbeddableImage } | { problem: string; reason: string };

/** Cache keys: `gltf:image:<resolve.key(name)>`. */
export const IMAGE_CACHE_PREFIX = 'gltf:image:';

/**
 * Bytes → an embeddable image: PNG, JPEG and WebP as they are, BMP, TGA and DDS decoded and
 * re-encoded as PNG, anything else a problem.
 */
export async function embeddable(bytes: Uint8Array, name: string): Promise<ImageOutcome> {
  const kind = sniffImage(bytes, name);
  if (kind?.embeddable) {
    // Embedded as they are, so checked first: a corrupt image would make the file invalid.
    const problem = imageProblem(bytes, kind.mimeType);
    if (problem) return { problem: `corrupt ${kind.extension}`, reason: `is a corrupt ${kind.extension.toUpperCase()} image (${problem}); left out (its path stays in the material's extras)` };
    return { image: { data: bytes, mimeType: kind.mimeType, extension: kind.extension } };
  }
  const converted = await legacyImageToPng(bytes, name);
  if (converted) return { image: { data: converted.png, mimeType: 'image/png', extension: 'png', convertedFrom: converted.from } };
  return {
    problem: kind ? `unsupported ${kind.extension}` : 'unrecognised image',
    reason: `is ${kind ? `a ${kind.extension.toUpperCase()} image` : 'not a recognised image'}; glTF carries PNG, JPEG or WebP and it could not be converted, so it is left out (its path stays in the material's extras)`,
  };
}

/**
 * The file a texture path names, found through the resolver: the first candidate name (as
 * written, with '/', without './', the base name) the resolver knows. `key` is its identity when
 * the resolver gives one (`resolve.key`), so different spellings of one file are read once.
 */
export function locate(uri: string, resolve: Resolver): { name: string; key: string } | undefined {
  if (!resolve.key) return undefined;
  for (const name of candidateNames(uri)) {
    let key: string | undefined;
    try {
      key = resolve.key(name);
    } catch {
      key = undefined;
    }
    if (key !== undefined) return { name, key };
  }
  return undefined;
}

/** Reads one texture file (or its cached outcome) and makes it embeddable; caches the outcome. */
export async function loadImage(uri: string, resolve: Resolver | undefined, cache: CompanionCache | undefined): Promise<ImageOutcome> {
  if (!resolve) return missing('no resolver was given');
  const located = locate(uri, resolve);
  const cacheKey = located && cache ? IMAGE_CACHE_PREFIX + located.key : undefined;
  if (cacheKey) {
    const hit = cache!.get(cacheKey) as ImageOutcome | undefined;
    if (hit && typeof hit === 'object' && ('image' in hit || 'problem' in hit)) return hit;
  }
  const names = located ? [located.name, ...candidateNames(uri).filter((n) => n !== located.name)] : candidateNames(uri);
  let bytes: Uint8Array | undefined;
  let found = '';
  let lastError: string | undefined;
  for (const name of names) {
    try {
      const data = await resolve(name);
      if (data) {
        bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
        found = name;
        break;
      }
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
  }
  if (!bytes) {
    // Not cached: a missing file is cheap to look for again, and may appear.
    return missing(lastError ?? 'the resolver did not find it');
  }
  const outcome = await embeddable(bytes, found);
  if (cacheKey) {
    // Keep only the image's own bytes (a view into a larger pooled buffer would pin all of it).
    const kept: ImageOutcome = 'image' in outcome ? { image: { ...outcome.image, data: ownBytes(outcome.image.data) } } : outcome;
    cache!.set(cacheKey, kept, 'image' in kept ? kept.image.data.byteLength + 64 : 256);
    return kept;
  }
  return outcome;
}

function missing(why: string): ImageOutcome {
  return { problem: 'missing', reason: `was not found (${why}); the material keeps its path in extras` };
}

function ownBytes(data: Uint8Array): Uint8Array {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
}
