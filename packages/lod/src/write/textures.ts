// Texture file names: images written beside the model, uri-only textures by their base name (docs/formats/lod.md §8.5).
import type { Texture } from '@relic3d/core';
import { imageMimeType } from '../scene/images.js';
import { record, type WriteContext } from './context.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/bmp': 'bmp',
  'image/gif': 'gif',
  'image/vnd-ms.dds': 'dds',
  'image/x-tga': 'tga',
  'image/tga': 'tga',
  'image/webp': 'webp',
  'image/ktx2': 'ktx2',
};

const baseName = (name: string) => name.replace(/^.*[\\/]/, '');

/** An image to embed in TXTR: the texture's file name and the material it is loaded into. */
export interface EmbeddedImage {
  textureName: string;
  materialName: string;
  optionType: number;
  data: Uint8Array;
}

export interface TextureFiles {
  /** The name a material's TextrName gives for scene texture `index` ('' when it has none). */
  nameOf(index: number): string;
  /** Textures whose images go into TXTR, once a material name is known for each. */
  embedded(materialOf: (texture: number) => string | undefined): EmbeddedImage[];
}

/**
 * Names every texture once: an embedded image becomes a file beside the model (named after its
 * uri or name, with an extension from its type, made unique), a uri-only texture keeps its base name.
 */
export function textureFiles(ctx: WriteContext): TextureFiles {
  const names = new Map<number, string>();
  const taken = new Map<string, Uint8Array>([[`${ctx.base}.lod`.toLowerCase(), new Uint8Array(0)]]);
  const imageFile = (t: Texture, index: number): string => {
    const image = t.image!;
    const ext = EXTENSIONS[image.mimeType ?? ''] ?? EXTENSIONS[imageMimeType(image.data, t.uri ?? t.name ?? '') ?? ''] ?? 'bin';
    const wanted = baseName(t.uri && !t.uri.startsWith('data:') ? t.uri : (t.name ?? ''));
    const first = wanted ? (/\.[A-Za-z0-9]+$/.test(wanted) ? wanted : `${wanted}.${ext}`) : `${ctx.base}_texture${index}.${ext}`;
    let name = first;
    // Another image under the same name (case-insensitive, as file systems of the time): number it.
    for (let k = 2; taken.has(name.toLowerCase()) && taken.get(name.toLowerCase()) !== image.data; k++) name = first.replace(/(\.[^.]*)?$/, `_${k}$1`);
    if (ext === 'bin' || ext === 'webp' || ext === 'ktx2') ctx.sink.warn('LOD_WRITE_IMAGE_TYPE', `texture "${name}" is ${image.mimeType ?? 'of an unknown type'}, which GLScene cannot load`);
    taken.set(name.toLowerCase(), image.data);
    ctx.files[name] = image.data;
    return name;
  };
  const nameOf = (index: number): string => {
    let name = names.get(index);
    if (name !== undefined) return name;
    const t = ctx.scene.textures[index];
    if (!t) name = '';
    else if (t.image) name = imageFile(t, index);
    else if (t.uri && !t.uri.startsWith('data:')) name = baseName(t.uri);
    else name = baseName(t.name ?? '');
    if (!name) ctx.sink.warn('LOD_WRITE_TEXTURE_NAME', `texture ${index} has no file name and no image; its materials name no texture`);
    names.set(index, name);
    return name;
  };
  return {
    nameOf,
    embedded(materialOf) {
      const out: EmbeddedImage[] = [];
      ctx.scene.textures.forEach((t, i) => {
        const extras = record(t.extras);
        if (!t.image || !(ctx.options.embedImages || typeof extras?.embeddedFor === 'string')) return;
        const materialName = typeof extras?.embeddedFor === 'string' ? extras.embeddedFor : materialOf(i);
        if (materialName === undefined) return;
        out.push({ textureName: nameOf(i), materialName, optionType: typeof extras?.optionType === 'number' ? extras.optionType : 0, data: t.image.data });
      });
      return out;
    },
  };
}
