import { baseNameOf, isAbsoluteName, sniffImage, type Texture } from '@relic3d/core';
import type { WriteContext } from './context.js';
import { fileStem, type OutputFiles } from './files.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
  'image/vnd-ms.dds': '.dds',
  'image/x-dds': '.dds',
  'image/ktx2': '.ktx2',
  'image/gif': '.gif',
  'image/x-tga': '.tga',
};

/**
 * The path a `.mat` (written beside the model) gives for each texture: embedded images become
 * files beside it (`./name.png`); a path the reader kept from a `.mat` (`extras.path`) that starts
 * at the game folder is kept; other relative uris stay relative to the model (`./uri`); anything
 * else goes by its base name (warned).
 */
export class TexturePaths {
  private readonly paths = new Map<number, string | undefined>();
  constructor(
    private readonly ctx: WriteContext,
    private readonly files: OutputFiles,
    private readonly base: string,
  ) {}

  get(index: number): string | undefined {
    if (!this.paths.has(index)) this.paths.set(index, this.resolve(index));
    return this.paths.get(index);
  }

  private resolve(index: number): string | undefined {
    const texture = this.ctx.scene.textures[index];
    if (!texture) return undefined;
    const embedded = texture.image?.data ?? dataUri(texture.uri);
    if (embedded) return `./${this.writeImage(texture, index, embedded)}`;
    const uri = texture.uri?.replace(/\\/g, '/');
    if (!uri) {
      this.ctx.sink.warn('MDL_WRITE_TEXTURE_MISSING', `texture ${index} ('${texture.name ?? ''}') has neither image data nor a uri; not referenced`);
      return undefined;
    }
    const stored = texture.extras?.path;
    if (typeof stored === 'string' && stored && !/^\.[\\/]/.test(stored) && !isAbsoluteName(stored) && !stored.split(/[\\/]/).includes('..')) return stored;
    if (!isAbsoluteName(uri) && !/^[a-z][a-z0-9+.-]*:/i.test(uri) && !uri.split('/').includes('..')) return `./${uri.replace(/^\.\//, '')}`;
    const name = baseNameOf(uri);
    this.ctx.sink.warn('MDL_WRITE_TEXTURE_PATH', `texture '${uri}' is not a path below the model's folder; referenced by its base name './${name}'`);
    return `./${name}`;
  }

  /** An embedded image as a file beside the model, named after the texture, with the extension its bytes call for. */
  private writeImage(texture: Texture, index: number, data: Uint8Array): string {
    const fromName = texture.name || (texture.uri && !texture.uri.startsWith('data:') ? baseNameOf(texture.uri) : '');
    const given = /\.(png|jpe?g|webp|bmp|dds|ktx2|gif|tga|tiff?|hdr|exr)$/i.exec(fromName)?.[0] ?? '';
    const sniffed = sniffImage(data, fromName)?.extension;
    const agrees = given !== '' && (!sniffed || given.slice(1).toLowerCase() === sniffed || (sniffed === 'jpg' && /^\.jpe?g$/i.test(given)));
    const extension = agrees ? given : (sniffed && `.${sniffed}`) || EXTENSIONS[texture.image?.mimeType ?? ''] || '.bin';
    const stem = fileStem(given ? fromName.slice(0, -given.length) : fromName) || `${this.base}_texture${index}`;
    return this.files.add(stem, extension, data);
  }
}

/** The bytes of a base64 `data:` uri, else undefined. */
function dataUri(uri: string | undefined): Uint8Array | undefined {
  const m = uri ? /^data:[^,]*;base64,(.*)$/s.exec(uri) : null;
  if (!m) return undefined;
  try {
    const text = atob(m[1]);
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
