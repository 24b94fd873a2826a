import * as THREE from 'three';
import { decodeImage, sniffImage, type Pixels, type Resolver, type Texture, type WrapMode } from '@relic3d/core';

/** Turns image bytes into something a three.js texture can upload, or undefined when it cannot. */
export type ImageDecoder = (bytes: Uint8Array, mimeType: string | undefined, name: string) => Promise<TexImageSource | undefined>;

const WRAP: Record<WrapMode, THREE.Wrapping> = {
  REPEAT: THREE.RepeatWrapping,
  CLAMP_TO_EDGE: THREE.ClampToEdgeWrapping,
  MIRRORED_REPEAT: THREE.MirroredRepeatWrapping,
};

export function wrapOf(mode: WrapMode | undefined): THREE.Wrapping {
  return WRAP[mode ?? 'REPEAT'] ?? THREE.RepeatWrapping;
}

/** Types browsers decode themselves (createImageBitmap); BMP, TGA and DDS go through core's decoders. */
const BROWSER_TYPES = new Set(['png', 'jpg', 'webp', 'gif']);

/**
 * RGBA pixels as an ImageData, which WebGL uploads as is; where the runtime has no ImageData (Node),
 * an object of the same shape, so the pixels can still be read.
 */
function imageData(pixels: Pixels): ImageData {
  const data = new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer, pixels.rgba.byteOffset, pixels.width * pixels.height * 4);
  if (typeof ImageData === 'function') return new ImageData(data, pixels.width, pixels.height);
  return { data, width: pixels.width, height: pixels.height, colorSpace: 'srgb' } as ImageData;
}

/**
 * The default decoder: PNG, JPEG, WebP and GIF through the browser's createImageBitmap; BMP, TGA and
 * DDS (DXT1/3/5 and uncompressed, top mip level) through `decodeImage` from `@relic3d/core`, in any
 * runtime. The type comes from the bytes (`sniffImage`), the file name only for TGA.
 */
export const defaultImageDecoder: ImageDecoder = async (bytes, mimeType, name) => {
  const type = sniffImage(bytes, name);
  if (type && !BROWSER_TYPES.has(type.extension)) {
    const pixels = decodeImage(bytes, name);
    return pixels ? imageData(pixels) : undefined;
  }
  if (typeof createImageBitmap !== 'function') return undefined;
  const options: ImageBitmapOptions = { imageOrientation: 'none', premultiplyAlpha: 'none', colorSpaceConversion: 'none' };
  return createImageBitmap(new Blob([bytes as BlobPart], { type: type?.mimeType ?? mimeType ?? 'application/octet-stream' }), options);
};

/** A resolver that can tell from a folder listing, without a request, that a name is not there (the viewer's). */
export type ListingResolver = Resolver & { lacks?(name: string): boolean };

/**
 * The texture files of one conversion, looked up once per name (any case, either slash, as the
 * games do): a name the listing lacks is not asked for at all (no blind request), and a name that
 * is missing is reported by the first texture that uses it only.
 */
export class TextureLookup {
  private readonly found = new Map<string, Promise<Uint8Array | undefined>>();
  private readonly reported = new Set<string>();

  constructor(private readonly resolve: ListingResolver | undefined) {}

  private static key = (name: string) => name.replace(/\\/g, '/').toLowerCase();

  get(name: string): Promise<Uint8Array | undefined> {
    const key = TextureLookup.key(name);
    let found = this.found.get(key);
    if (!found) {
      const resolve = this.resolve;
      found = !resolve || resolve.lacks?.(name)
        ? Promise.resolve(undefined)
        : Promise.resolve(resolve(name)).then((bytes) => (bytes ? (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) : undefined));
      this.found.set(key, found);
    }
    return found;
  }

  /** True the first time `name` is reported missing; later textures naming it stay quiet. */
  firstReport(name: string): boolean {
    const key = TextureLookup.key(name);
    if (this.reported.has(key)) return false;
    this.reported.add(key);
    return true;
  }
}

/**
 * Loads a scene texture's pixels (embedded bytes, else the lookup) into a three texture. Resolves
 * to undefined when filled, a problem to report, or null for a missing name already reported.
 */
export async function fillTexture(
  target: THREE.Texture,
  texture: Texture,
  lookup: TextureLookup,
  decode: ImageDecoder,
): Promise<string | null | undefined> {
  const label = texture.uri ?? texture.name ?? 'embedded image';
  let bytes: Uint8Array | undefined = texture.image?.data;
  if (!bytes && texture.uri) bytes = await lookup.get(texture.uri);
  if (!bytes) return !texture.uri || lookup.firstReport(texture.uri) ? `texture '${label}' was not found` : null;
  let image: TexImageSource | undefined;
  try {
    image = await decode(bytes, texture.image?.mimeType, texture.uri ?? texture.name ?? '');
  } catch (error) {
    return `texture '${label}' could not be decoded (${(error as Error).message})`;
  }
  if (!image) {
    const type = sniffImage(bytes, texture.uri ?? texture.name ?? '');
    return type
      ? `texture '${label}' could not be decoded (${type.extension.toUpperCase()} ${BROWSER_TYPES.has(type.extension) ? 'needs a browser' : 'in a variant the decoder does not read'})`
      : `texture '${label}' is not an image type relic3d knows`;
  }
  target.image = image;
  target.needsUpdate = true;
  return undefined;
}
