import * as THREE from 'three';
import { TGALoader } from 'three/examples/jsm/loaders/TGALoader.js';
import type { Resolver, Texture, WrapMode } from '@relic3d/core';

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

/** Sniffs an image type from its first bytes (file names in old formats often lie). */
export function sniffImageType(bytes: Uint8Array, name = ''): string | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'image/bmp';
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[8] === 0x57 && b[9] === 0x45) return 'image/webp';
  if (b.length >= 4 && b[0] === 0x44 && b[1] === 0x44 && b[2] === 0x53 && b[3] === 0x20) return 'image/vnd-ms.dds';
  if (/\.tga$/i.test(name)) return 'image/x-tga';
  // TGA has no magic: image type 2/3/10/11 with a colour-map type of 0 or 1.
  if (b.length >= 18 && b[1] <= 1 && [1, 2, 3, 9, 10, 11].includes(b[2])) return 'image/x-tga';
  return undefined;
}

/** TGA → RGBA pixels, top row first (the glTF convention the scene uses). */
function decodeTga(bytes: Uint8Array): ImageData | undefined {
  const copy = bytes.slice().buffer;
  const data = new TGALoader().parse(copy) as unknown as { data: Uint8Array; width: number; height: number };
  if (!data?.data || !data.width || !data.height || typeof ImageData === 'undefined') return undefined;
  return new ImageData(new Uint8ClampedArray(data.data.subarray(0, data.width * data.height * 4)), data.width, data.height);
}

/** The default decoder: browser codecs through createImageBitmap, TGA through three's TGALoader. */
export const defaultImageDecoder: ImageDecoder = async (bytes, mimeType, name) => {
  if (typeof createImageBitmap !== 'function') return undefined;
  const type = sniffImageType(bytes, name) ?? mimeType;
  if (type === 'image/vnd-ms.dds') return undefined;
  const options: ImageBitmapOptions = { imageOrientation: 'none', premultiplyAlpha: 'none', colorSpaceConversion: 'none' };
  if (type === 'image/x-tga') {
    const image = decodeTga(bytes);
    return image ? createImageBitmap(image, options) : undefined;
  }
  return createImageBitmap(new Blob([bytes as BlobPart], { type: type ?? 'application/octet-stream' }), options);
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
  if (!image) return `texture '${label}' is in a format this runtime cannot decode`;
  target.image = image;
  target.needsUpdate = true;
  return undefined;
}
