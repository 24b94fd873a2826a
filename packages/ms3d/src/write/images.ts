// Texture references (docs/formats/ms3d.md §2.5: 128-byte paths). Embedded images (`texture.image`,
// or a `data:` URI) are written as files beside the model and referenced by that name; other
// textures keep their relative path (MilkShape stores paths such as `.\jeep1.jpg`).
import { sniffImage, type Scene, type Texture, type WarningSink } from '@relic3d/core';
import { extraString } from './extras.js';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/bmp': 'bmp', 'image/gif': 'gif', 'image/x-tga': 'tga', 'image/ktx2': 'ktx2' };

const baseName = (path: string) => path.replace(/^.*[\\/]/, '');
const safeName = (name: string) => name.replace(/[\u0000-\u001f<>:"|?*\\/]/g, '_').trim();
/** `http://…`, `file:…`, `/abs`, `C:\abs`: not a path relative to the model. */
const isAbsolute = (path: string) => /^[a-z][a-z0-9+.-]+:/i.test(path) || /^[\\/]/.test(path) || /^[a-z]:[\\/]/i.test(path);

function decodeDataUri(uri: string): { data: Uint8Array; mimeType?: string } | undefined {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(uri);
  if (!match) return undefined;
  try {
    const data = match[2] ? Uint8Array.from(atob(match[3]), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(match[3]));
    return { data, ...(match[1] ? { mimeType: match[1] } : {}) };
  } catch {
    return undefined;
  }
}

export class TextureFiles {
  readonly files: Record<string, Uint8Array> = {};
  private readonly taken = new Set<string>();
  private readonly paths = new Map<number, string | undefined>();

  constructor(
    private readonly scene: Scene,
    private readonly modelFile: string,
    private readonly modelName: string,
    private readonly sink: WarningSink,
  ) {
    this.taken.add(modelFile.toLowerCase());
  }

  /** The path a material writes for texture `index` (undefined: none). */
  pathFor(index: number): string | undefined {
    if (this.paths.has(index)) return this.paths.get(index);
    const path = this.resolve(index);
    this.paths.set(index, path);
    return path;
  }

  private resolve(index: number): string | undefined {
    const texture = this.scene.textures[index];
    if (!texture) return undefined;
    const embedded = texture.image?.data instanceof Uint8Array ? texture.image : texture.uri?.startsWith('data:') ? decodeDataUri(texture.uri) : undefined;
    if (embedded) return this.writeImage(texture, index, embedded.data, embedded.mimeType);
    const uri = texture.uri ?? '';
    if (uri) {
      // The reader's stored path (`extras.path`) keeps MilkShape's backslashes.
      const stored = extraString(texture.extras, 'path');
      const path = stored !== undefined && stored.replace(/\\/g, '/') === uri ? stored : uri;
      if (!isAbsolute(path)) return path;
      this.sink.warn('MS3D_WRITE_TEXTURE_PATH', `texture "${path}" is not relative to the model; its base name "${baseName(path)}" is written`);
      return baseName(path);
    }
    if (texture.name) return texture.name;
    this.sink.warn('MS3D_WRITE_TEXTURE_PATH', `texture ${index} has no image, URI or name; it is not written`);
    return undefined;
  }

  private writeImage(texture: Texture, index: number, data: Uint8Array, mimeType: string | undefined): string {
    const extension = sniffImage(data, texture.uri ?? texture.name ?? '')?.extension ?? EXTENSIONS[mimeType ?? ''] ?? 'png';
    const source = safeName(baseName(texture.uri && !texture.uri.startsWith('data:') ? texture.uri : texture.name ?? ''));
    const first = source ? (/\.[a-z0-9]{2,4}$/i.test(source) ? source : `${source}.${extension}`) : `${this.modelName}_texture${index}.${extension}`;
    const dot = first.lastIndexOf('.');
    let name = first;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${first.slice(0, dot)}_${n}${first.slice(dot)}`;
    this.taken.add(name.toLowerCase());
    this.files[name] = data.slice();
    return name;
  }
}
