// Textures: one scene texture per glTF image and the sampler it is used with (the scene keeps
// wrap modes on the texture, glTF on the sampler), with the image bytes (`texture.image`) and a
// path: the original one a relic3d file kept, the file's own URI, or a file name made from the
// image's name for embedded images (so writers can put it beside the model).
import { TextureInfo, type Texture as GTexture } from '@gltf-transform/core';
import { sniffImage, type Texture, type WrapMode } from '@relic3d/core';
import { imageBaseName } from '../images/names.js';
import type { ImportContext } from './context.js';
import { extrasWithout, textOf } from './values.js';

const WRAP: Record<number, WrapMode> = {
  [TextureInfo.WrapMode.REPEAT]: 'REPEAT',
  [TextureInfo.WrapMode.CLAMP_TO_EDGE]: 'CLAMP_TO_EDGE',
  [TextureInfo.WrapMode.MIRRORED_REPEAT]: 'MIRRORED_REPEAT',
};
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/ktx2': 'ktx2', 'image/avif': 'avif' };

/** The scene texture for a glTF texture as `info` samples it, made once per image and sampler. */
export function textureFor(ctx: ImportContext, texture: GTexture, info: TextureInfo | null): number {
  const image = imageIndex(ctx, texture);
  const wrapS = info ? WRAP[info.getWrapS()] : undefined;
  const wrapT = info ? WRAP[info.getWrapT()] : undefined;
  const magFilter = info?.getMagFilter() ?? undefined;
  const minFilter = info?.getMinFilter() ?? undefined;
  const key = `${image}:${wrapS}:${wrapT}:${magFilter}:${minFilter}`;
  let index = ctx.textures.get(key);
  if (index !== undefined) return index;
  const out: Texture = { ...imageOf(ctx, texture, image) };
  // REPEAT is glTF's default and what a scene without wrap modes means.
  if (wrapS && wrapS !== 'REPEAT') out.wrapS = wrapS;
  if (wrapT && wrapT !== 'REPEAT') out.wrapT = wrapT;
  const extras = extrasWithout(texture.getExtras(), ...(ctx.relic3d ? ['uri'] : []));
  const filters = magFilter !== undefined || minFilter !== undefined ? { magFilter, minFilter } : undefined;
  if (extras || filters) out.extras = { ...extras, ...filters };
  index = ctx.scene.textures.push(out) - 1;
  ctx.textures.set(key, index);
  return index;
}

/** A texture known by its path only (maps a relic3d file kept in extras); one per path and name. */
export function pathTexture(ctx: ImportContext, uri: unknown, name: unknown): number | undefined {
  const path = typeof uri === 'string' && uri ? uri : undefined;
  const label = typeof name === 'string' && name ? name : undefined;
  if (!path && !label) return undefined;
  const key = `path:${path}:${label}`;
  let index = ctx.textures.get(key);
  if (index === undefined) {
    const texture: Texture = {};
    if (label) texture.name = label;
    if (path) texture.uri = path;
    index = ctx.scene.textures.push(texture) - 1;
    ctx.textures.set(key, index);
  }
  return index;
}

function imageIndex(ctx: ImportContext, texture: GTexture): number {
  if (!ctx.imageIndex.size) ctx.root.listTextures().forEach((t, i) => ctx.imageIndex.set(t, i));
  return ctx.imageIndex.get(texture) ?? -1;
}

/** Name, path and bytes of image `i`. */
function imageOf(ctx: ImportContext, texture: GTexture, i: number): Pick<Texture, 'name' | 'uri' | 'image'> {
  const out: Pick<Texture, 'name' | 'uri' | 'image'> = {};
  const name = textOf(texture.getName());
  if (name) out.name = name;
  const data = ctx.source?.missingImages.has(i) ? null : texture.getImage();
  const kind = data?.length ? sniffImage(data, name) : undefined;
  const mimeType = textOf(texture.getMimeType()) || kind?.mimeType;
  if (data?.length) out.image = mimeType ? { mimeType, data } : { data };
  // A relic3d file keeps the path the scene had in extras (none there: the scene had none; the
  // file's URI is one toGltf made up). Other files: their URI, or a name for the embedded bytes.
  const written = ctx.source ? ctx.source.imageUris[i] : textOf(texture.getURI());
  if (ctx.relic3d) {
    const original = texture.getExtras().uri;
    if (typeof original === 'string' && original) out.uri = original;
  } else if (written && !written.startsWith('data:') && !written.startsWith('__')) out.uri = decodedUri(written);
  else if (out.image) {
    let base = imageBaseName(name, `image_${i}`);
    while (ctx.imageNames.has(base.toLowerCase())) base += '_';
    ctx.imageNames.add(base.toLowerCase());
    out.uri = `${base}.${EXTENSIONS[mimeType ?? ''] ?? kind?.extension ?? 'bin'}`;
  }
  if (!out.image && !out.uri) ctx.warn('GLTF_IMAGE_MISSING', `image ${i}${name ? ` '${name}'` : ''} has neither bytes nor a path`);
  return out;
}

function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
