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

/** Folders beside a model where games keep textures, in the order tried until one answers (FolderIndex's order). */
export const TEXTURE_FOLDERS: readonly string[] = ['', 'Texture/', 'Textures/'];

/** Files beside a model by path relative to its folder ('Texture/a.dds'), or undefined where the server lists none. */
export type FolderListing = () => Promise<readonly string[] | undefined>;

/**
 * Companions by base name beside a model on a server that may not list its folders. With a listing
 * (asked once, before the first request), only names it has are fetched, under its spelling. Without
 * one, each folder of TEXTURE_FOLDERS is tried until one answers; the folder that answered first is
 * tried first for every later name (a model keeps its textures together: Flyff's in Texture/), so
 * each texture found after it costs one request. Until a folder is known, names are looked up one
 * after another (in parallel they would all try the same wrong folder first); each search stops at
 * the first folder that answers. Misses are answered together when no search is left, or each as
 * it ends (`missesTogether: false`, for a page that shows each warning as it arrives). One answer
 * per name, in any case.
 */
export class CompanionFolders {
  private learned: string | undefined;
  /** The lookup that runs while no folder is known: the next waits for it. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly answers = new Map<string, Promise<Uint8Array | undefined>>();
  private listed: Promise<ReadonlyMap<string, string> | undefined> | undefined;
  /** Searches not finished, and the misses waiting for them: misses are answered together, as one list. */
  private searching = 0;
  private misses: (() => void)[] = [];

  constructor(
    /** Fetches a path relative to the model's folder (already URL-encoded); undefined when it is not there. */
    private readonly get: (relative: string) => Promise<Uint8Array | undefined>,
    private readonly listing?: FolderListing,
    private readonly options: { missesTogether?: boolean } = {},
  ) {}

  /** The file named `base` (a base name) in the first folder that has it, or undefined. */
  find(base: string): Promise<Uint8Array | undefined> {
    const key = base.toLowerCase();
    let answer = this.answers.get(key);
    if (!answer) {
      let run: Promise<Uint8Array | undefined>;
      if (this.learned !== undefined) run = this.search(base);
      else this.queue = run = this.queue.catch(() => undefined).then(() => this.search(base));
      answer = this.options.missesTogether === false ? run.catch(() => undefined) : this.settled(run);
      this.answers.set(key, answer);
    }
    return answer;
  }

  /**
   * A found file at once; a miss when no search is left, with the other misses (the names missing
   * are reported together, not one by one as the one-at-a-time searches end).
   */
  private settled(run: Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined> {
    this.searching++;
    return new Promise((resolve) => {
      const end = (bytes: Uint8Array | undefined) => {
        this.searching--;
        if (bytes) resolve(bytes);
        else this.misses.push(() => resolve(undefined));
        if (this.searching > 0) return;
        const misses = this.misses;
        this.misses = [];
        for (const answer of misses) answer();
      };
      run.then(end, () => end(undefined));
    });
  }

  /** The folders to try for `base` now: the learned one first, then the others; only listed ones when there is a listing. */
  private async candidates(base: string): Promise<string[]> {
    const folders = this.learned === undefined ? TEXTURE_FOLDERS : [this.learned, ...TEXTURE_FOLDERS.filter((f) => f !== this.learned)];
    const listed = await (this.listed ??= this.readListing());
    const paths = folders.map((f) => f + base);
    if (!listed) return paths.map((p) => p.split('/').map(encodeURIComponent).join('/'));
    return paths.map((p) => listed.get(p.toLowerCase())).filter((p): p is string => p !== undefined).map((p) => p.split('/').map(encodeURIComponent).join('/'));
  }

  private async search(base: string): Promise<Uint8Array | undefined> {
    for (const relative of await this.candidates(base)) {
      const bytes = await this.get(relative);
      if (!bytes) continue;
      const slash = relative.lastIndexOf('/');
      this.learned ??= slash < 0 ? '' : decodeURIComponent(relative.slice(0, slash + 1));
      return bytes;
    }
    return undefined;
  }

  private async readListing(): Promise<ReadonlyMap<string, string> | undefined> {
    const names = await this.listing?.().catch(() => undefined);
    return names && new Map(names.map((n) => [n.replace(/\\/g, '/').toLowerCase(), n.replace(/\\/g, '/')]));
  }
}

/**
 * A folder listing as JSON, where a server offers one: `url` (a folder, ending in '/') is fetched
 * with `Accept: application/json`, and an array of names, or of `{ name, is_dir | type }` (Caddy's
 * `browse`, nginx's `autoindex_format json`), is read; `Texture/` and `Textures/` are listed too
 * when the folder has them. Anything else (a 404, an HTML page) is no listing. Costs one request
 * (plus one per texture folder), so callers use it only where the server is known to list.
 */
export async function fetchJsonListing(url: string | URL, init?: RequestInit): Promise<string[] | undefined> {
  const list = async (folder: URL): Promise<{ name: string; dir: boolean }[] | undefined> => {
    try {
      const response = await fetch(folder.href, { ...init, headers: { accept: 'application/json' } });
      if (!response.ok || !/json/i.test(response.headers.get('content-type') ?? '')) return undefined;
      const body: unknown = await response.json();
      if (!Array.isArray(body)) return undefined;
      return body.flatMap((item) => {
        if (typeof item === 'string') return [{ name: item.replace(/\/$/, ''), dir: item.endsWith('/') }];
        if (!item || typeof item !== 'object' || typeof (item as { name?: unknown }).name !== 'string') return [];
        const { name, is_dir: isDir, type } = item as { name: string; is_dir?: unknown; type?: unknown };
        return [{ name: name.replace(/\/$/, ''), dir: isDir === true || type === 'directory' || name.endsWith('/') }];
      });
    } catch {
      return undefined;
    }
  };
  const folder = new URL('.', new URL(url, globalThis.location?.href ?? 'http://localhost/'));
  const top = await list(folder);
  if (!top) return undefined;
  const names = top.filter((e) => !e.dir).map((e) => e.name);
  for (const sub of top.filter((e) => e.dir && TEXTURE_FOLDERS.some((f) => f && f.slice(0, -1).toLowerCase() === e.name.toLowerCase()))) {
    const inside = await list(new URL(`${encodeURIComponent(sub.name)}/`, folder));
    for (const e of inside ?? []) if (!e.dir) names.push(`${sub.name}/${e.name}`);
  }
  return names;
}
