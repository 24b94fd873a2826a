import { embeddable, loadImage, locate, type ImageOutcome } from '../images/load.js';
import { imageBaseName, normalPath } from '../images/names.js';
import type { ExportContext } from './context.js';
import type { Json } from './output.js';
import { SLOTS } from './materials.js';

/** Default cap on the bytes of embedded images in one file (`maxTextureBytes`). */
export const DEFAULT_MAX_TEXTURE_BYTES = 256 * 1024 * 1024;

/**
 * Every texture a material uses, embedded once per distinct image: spellings of one path that
 * the resolver keys alike (or that normalise alike) are read and converted once, and images
 * with the same bytes are stored once. Textures are created in index order (deterministic
 * output whatever order the reads finish in); past `maxTextureBytes` they are left out.
 */
export async function writeTextures(ctx: ExportContext): Promise<void> {
  const { scene, options } = ctx;
  const used = new Set<number>();
  for (const m of scene.materials) for (const slot of SLOTS) if (m[slot]) used.add(m[slot]!.texture);
  const indices = [...used].filter((i) => scene.textures[i]).sort((a, b) => a - b);
  const { resolve, cache } = options;
  const byFile = new Map<string, Promise<ImageOutcome>>();
  const outcomes = await Promise.all(
    indices.map((index) => {
      const texture = scene.textures[index];
      if (texture.image?.data) return embeddable(texture.image.data, texture.uri ?? texture.name ?? '');
      if (!texture.uri) return { problem: 'no image', reason: 'has neither a path nor image data' };
      const file = (resolve && locate(texture.uri, resolve)?.key) ?? `path:${normalPath(texture.uri)}`;
      let outcome = byFile.get(file);
      if (!outcome) byFile.set(file, (outcome = loadImage(texture.uri, resolve, cache)));
      return outcome;
    }),
  );
  const byContent = new Map<string, { data: Uint8Array; image: number }[]>();
  const limit = options.maxTextureBytes ?? DEFAULT_MAX_TEXTURE_BYTES;
  let embedded = 0;
  indices.forEach((index, k) => {
    const texture = scene.textures[index];
    const outcome = outcomes[k];
    const label = texture.uri ?? texture.name ?? `texture ${index}`;
    if ('problem' in outcome) {
      ctx.textures.set(index, null);
      ctx.textureProblems.set(index, outcome.problem);
      const code = outcome.problem === 'missing' || outcome.problem === 'no image' ? 'GLTF_TEXTURE_MISSING' : outcome.problem.startsWith('corrupt') ? 'GLTF_IMAGE_CORRUPT' : 'GLTF_TEXTURE_UNSUPPORTED';
      ctx.warn(code, `texture '${label}' ${outcome.reason}`);
      return;
    }
    const { data, mimeType, extension, convertedFrom } = outcome.image;
    const content = contentKey(data);
    const same = byContent.get(content)?.find((c) => sameBytes(c.data, data));
    if (same) {
      ctx.textures.set(index, same.image);
      return;
    }
    if (embedded + data.byteLength > limit) {
      ctx.textures.set(index, null);
      ctx.textureProblems.set(index, 'over the embedded image limit');
      ctx.warn(
        'GLTF_TEXTURE_LIMIT',
        `texture '${label}' (${data.byteLength} bytes) would take the embedded images past ${limit} bytes; left out (its path stays in the material's extras)`,
      );
      return;
    }
    embedded += data.byteLength;
    if (mimeType === 'image/webp') ctx.use('EXT_texture_webp');
    let base = imageBaseName(texture.uri ?? texture.name, `texture_${index}`);
    while (ctx.imageNames.has(base)) base += '_';
    ctx.imageNames.add(base);
    const def: Json = { name: texture.name ?? base, mimeType };
    const extras = ctx.extras(texture.extras, { uri: texture.uri, convertedFrom });
    if (extras) def.extras = extras;
    const image = ctx.json.images.length;
    ctx.json.images.push(def);
    ctx.images.push({ image, data, uri: `${base}.${extension}` });
    ctx.textures.set(index, image);
    let list = byContent.get(content);
    if (!list) byContent.set(content, (list = []));
    list.push({ data, image });
  });
}

/** FNV-1a over the bytes, with the length: buckets for finding identical images (then compared). */
function contentKey(data: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i], 0x01000193);
  return `${data.length}:${(h >>> 0).toString(16)}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
