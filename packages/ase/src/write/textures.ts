import { baseNameOf, sniffImage, type Scene } from '@relic3d/core';

/**
 * The `*BITMAP` of every texture: a uri as the scene writes it (ASE keeps paths), an embedded image
 * as a file beside the model named by its uri or texture name (else `<model>_<n>.<ext>`).
 */
export class TextureFiles {
  /** Written image files by name. */
  readonly files: Record<string, Uint8Array> = {};
  private readonly bitmaps = new Map<number, string>();
  private readonly taken = new Set<string>();

  constructor(
    private readonly scene: Scene,
    private readonly base: string,
  ) {
    this.taken.add(`${base}.ase`.toLowerCase());
  }

  /** The `*BITMAP` text of texture `index` (its name when it has neither uri nor image), or undefined for none of them. */
  bitmap(index: number): string | undefined {
    if (this.bitmaps.has(index)) return this.bitmaps.get(index);
    const texture = this.scene.textures[index];
    let out: string | undefined;
    if (texture?.image?.data.length) out = this.place(index, texture.image.data, texture.image.mimeType, texture.uri ?? texture.name);
    else if (texture?.uri) out = texture.uri;
    else if (texture?.name) out = texture.name;
    this.bitmaps.set(index, out!);
    return out;
  }

  private place(index: number, data: Uint8Array, mimeType: string | undefined, wanted: string | undefined): string {
    const type = sniffImage(data, wanted ?? '');
    const extension = type?.extension ?? EXTENSIONS[mimeType ?? ''] ?? 'bin';
    // Only the base name: a path in a uri must not make the file land outside the output folder.
    let name = wanted ? safeFileName(baseNameOf(wanted.replace(/\\/g, '/'))) : '';
    if (name && !/\.[A-Za-z0-9]{2,4}$/.test(name)) name = `${name}.${extension}`;
    if (!name) name = `${this.base}_${index}.${extension}`;
    const dot = name.lastIndexOf('.');
    const stem = name.slice(0, dot), ext = name.slice(dot);
    for (let k = 2; this.taken.has(name.toLowerCase()); k++) name = `${stem}_${k}${ext}`;
    this.taken.add(name.toLowerCase());
    this.files[name] = data;
    return name;
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/bmp': 'bmp',
  'image/x-tga': 'tga',
  'image/tga': 'tga',
  'image/vnd-ms.dds': 'dds',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

function safeFileName(name: string): string {
  const safe = name.replace(/[\u0000-\u001f<>:"|?*\\/]/g, '_').trim();
  return safe === '.' || safe === '..' ? '' : safe;
}
