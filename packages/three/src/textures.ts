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

/** Loads a scene texture's pixels (embedded bytes, else the resolver) into a three texture. */
export async function fillTexture(
  target: THREE.Texture,
  texture: Texture,
  resolve: Resolver | undefined,
  decode: ImageDecoder,
): Promise<string | undefined> {
  const label = texture.uri ?? texture.name ?? 'embedded image';
  let bytes: Uint8Array | undefined = texture.image?.data;
  if (!bytes && texture.uri && resolve) {
    const found = await resolve(texture.uri);
    if (found) bytes = found instanceof Uint8Array ? found : new Uint8Array(found);
  }
  if (!bytes) return `texture '${label}' was not found`;
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
