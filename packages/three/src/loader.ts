import * as THREE from 'three';
import { baseNameOf, registeredFormats, requireFormat, type Format, type ParseOptions, type Resolver, type Scene } from '@relic3d/core';
import { toThree, type ThreeScene, type ToThreeOptions } from './to-three.js';
import { besideUrl, fetchUrl, listBesideFileUrl, missingReason } from './fetch.js';
import { CompanionFolders, fetchJsonListing } from './textures.js';

/**
 * Options passed to the format's parse: code page, kernels, and any format's own options, e.g. a
 * Flyff model's `motions: ['stand', 'walk']` (see @relic3d/o3d).
 */
export type RelicParseOptions = Omit<ParseOptions, 'fileName' | 'resolve'> & Record<string, unknown>;

export interface RelicLoaderOptions {
  /**
   * Formats to detect among, e.g. `[ms3dFormat, aseFormat]`. Default: core's registry, which
   * `import '@relic3d/formats'` (or `relic3d`) fills with every relic3d format.
   */
  formats?: readonly Format[];
  /** Passed to the format's parse (code page, kernels, a format's own options such as Flyff `motions`). */
  parseOptions?: RelicParseOptions;
  /** Passed to `toThree` (material model, LOD distances, ...). */
  threeOptions?: Omit<ToThreeOptions, 'resolve'>;
  /**
   * Overrides how companion files (textures, .chr/.ani) are found; default: fetched next to the model
   * by base name, then from its `Texture/` and `Textures/` folders (the folder the first one was
   * found in first, for later names).
   */
  resolve?: Resolver;
  /**
   * The server lists folders as JSON (Caddy's `browse`, nginx's `autoindex_format json`): the
   * model's folder is listed once, and names it lacks are not requested (no 404s for missing textures).
   */
  jsonListing?: boolean;
}

export interface RelicLoadResult extends ThreeScene {
  /** The parsed relic3d scene the objects were built from. */
  scene: Scene;
  format: Format;
}

/** Why a loader has nothing to detect among, and what to import. */
const NO_FORMATS =
  "RelicLoader has no formats: import '@relic3d/formats' (or 'relic3d') to register every relic3d format, " +
  'or pass { formats: [ms3dFormat, aseFormat, ...] } or call setFormats()';

/**
 * A THREE.Loader for every relic3d format: `new RelicLoader().loadAsync('model.ms3d')`.
 * Without `formats` it uses core's registry (`import '@relic3d/formats'` fills it).
 * Companions are fetched relative to the model's URL by their base name.
 */
export class RelicLoader extends THREE.Loader<RelicLoadResult> {
  options: RelicLoaderOptions;

  constructor(manager?: THREE.LoadingManager, options: RelicLoaderOptions = {}) {
    super(manager);
    this.options = options;
  }

  setFormats(formats: readonly Format[]): this {
    this.options.formats = formats;
    return this;
  }

  override load(
    url: string,
    onLoad: (result: RelicLoadResult) => void,
    onProgress?: (event: ProgressEvent) => void,
    onError?: (error: unknown) => void,
  ): void {
    const resolved = this.manager.resolveURL(this.path + url);
    this.manager.itemStart(resolved);
    const fail = (error: unknown) => {
      if (onError) onError(error);
      else console.error(error);
      this.manager.itemError(resolved);
    };
    // fetch rather than THREE.FileLoader, so the loader also runs in workers and Node (file: URLs too).
    fetchUrl(resolved, { headers: this.requestHeader, credentials: this.withCredentials ? 'include' : 'same-origin' })
      .then(async (response) => {
        const data = new Uint8Array(await response.arrayBuffer());
        const missing = missingReason(resolved, response, data);
        if (missing) throw new Error(`RelicLoader: ${missing}`);
        if (onProgress && typeof ProgressEvent === 'function') {
          onProgress(new ProgressEvent('progress', { lengthComputable: true, loaded: data.length, total: data.length }));
        }
        const fileName = decodeURIComponent(baseNameOf(new URL(resolved, globalThis.location?.href ?? 'http://localhost/').pathname));
        let resolve = this.options.resolve;
        if (!resolve) {
          const listing = await listBesideFileUrl(resolved);
          resolve = listing ? Object.assign(this.urlResolver(resolved), { list: () => listing }) : this.urlResolver(resolved);
        }
        return this.parse(data, fileName, resolve);
      })
      .then(onLoad, fail)
      .finally(() => this.manager.itemEnd(resolved));
  }

  /**
   * A resolver that fetches `name` by its path below `modelUrl`'s folder when it has one (a
   * `.gltf`'s `buffers/scene.bin`; never a path that leaves the folder), then by its base name next
   * to the model and in the `Texture/` and `Textures/` folders beside it (where games keep
   * textures; CompanionFolders: the folder that answered first is tried first, and a JSON listing
   * with `jsonListing`); missing files resolve to undefined.
   */
  urlResolver(modelUrl: string): Resolver {
    const folder = new URL(modelUrl, globalThis.location?.href ?? 'http://localhost/');
    const init: RequestInit = { credentials: this.withCredentials ? 'include' : 'same-origin' };
    const get = besideUrl(folder, init);
    const folders = new CompanionFolders(get, this.options.jsonListing ? () => fetchJsonListing(folder, init) : undefined);
    return async (name) => {
      const base = baseNameOf(name);
      if (!base || base === '.' || base === '..') return undefined;
      const below = pathBelow(folder, name);
      return (below ? await get(below) : undefined) ?? folders.find(base);
    };
  }

  /** The formats detection chooses among: `options.formats`, else core's registry. */
  async formats(): Promise<readonly Format[]> {
    return this.options.formats ?? registeredFormats();
  }

  /** Detects the format of `bytes`, parses and converts. Rejects with the parser's FormatError. */
  async parse(bytes: Uint8Array, fileName?: string, resolve?: Resolver): Promise<RelicLoadResult> {
    const formats = await this.formats();
    if (!formats.length) throw new Error(NO_FORMATS);
    const format = requireFormat(bytes, fileName, formats);
    const scene = await format.parse(bytes, { ...this.options.parseOptions, fileName, resolve } as ParseOptions);
    const three = toThree(scene, { ...this.options.threeOptions, resolve });
    await three.ready;
    return { ...three, scene, format };
  }
}

/**
 * `name` as a URL path relative to `modelUrl` when it names a subfolder and stays inside the
 * model's folder ('..', absolute paths and schemes are refused); undefined otherwise.
 */
function pathBelow(modelUrl: URL, name: string): string | undefined {
  const parts = name.replace(/\\/g, '/').split('/');
  if (parts.length < 2 || parts.some((p) => !p || p === '.' || p === '..' || p.includes(':'))) return undefined;
  const relative = parts.map(encodeURIComponent).join('/');
  const folderHref = new URL('.', modelUrl).href;
  return new URL(relative, modelUrl).href.startsWith(folderHref) ? relative : undefined;
}
