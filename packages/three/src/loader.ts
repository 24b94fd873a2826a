import * as THREE from 'three';
import { registeredFormats, requireFormat, type Format, type ParseOptions, type Resolver, type Scene } from '@relic3d/core';
import { toThree, type ThreeScene, type ToThreeOptions } from './convert.js';

export interface RelicLoaderOptions {
  /**
   * Formats to detect among, e.g. `[ms3dFormat, aseFormat]`. Default: core's registry
   * (`registerFormat`), and when that is empty every format of the optional peer `relic3d`.
   */
  formats?: readonly Format[];
  /** Passed to the format's parse (code page, kernels, ...). */
  parseOptions?: Omit<ParseOptions, 'fileName' | 'resolve'>;
  /** Passed to `toThree` (material model, LOD distances, ...). */
  threeOptions?: Omit<ToThreeOptions, 'resolve'>;
  /** Overrides how companion files (textures, .chr/.ani) are found; default: fetched next to the model. */
  resolve?: Resolver;
}

export interface RelicLoadResult extends ThreeScene {
  /** The parsed relic3d scene the objects were built from. */
  scene: Scene;
  format: Format;
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/** Every format of the `relic3d` umbrella package, imported on first use (it is an optional peer). */
async function umbrellaFormats(): Promise<readonly Format[]> {
  let umbrella: { formats?: readonly Format[] };
  try {
    umbrella = await import('relic3d');
  } catch (cause) {
    throw new Error(
      'RelicLoader has no formats: install the relic3d package (npm install relic3d), or pass { formats: [ms3dFormat, ...] } or call setFormats()',
      { cause },
    );
  }
  if (!umbrella.formats?.length) throw new Error('RelicLoader: the relic3d package exports no formats; pass { formats } or call setFormats()');
  return umbrella.formats;
}

/**
 * A THREE.Loader for every relic3d format: `new RelicLoader().loadAsync('model.ms3d')`.
 * Without `formats` it uses core's registry, else imports the `relic3d` package's formats.
 * Companions are fetched relative to the model's URL by their base name.
 */
export class RelicLoader extends THREE.Loader<RelicLoadResult> {
  options: RelicLoaderOptions;
  private umbrella?: Promise<readonly Format[]>;

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
    // fetch rather than THREE.FileLoader, so the loader also runs in workers and Node.
    fetch(resolved, { headers: this.requestHeader, credentials: this.withCredentials ? 'include' : 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`RelicLoader: ${resolved} answered ${response.status} ${response.statusText}`);
        const data = new Uint8Array(await response.arrayBuffer());
        if (onProgress && typeof ProgressEvent === 'function') {
          onProgress(new ProgressEvent('progress', { lengthComputable: true, loaded: data.length, total: data.length }));
        }
        const fileName = decodeURIComponent(baseName(new URL(resolved, globalThis.location?.href ?? 'http://localhost/').pathname));
        return this.parse(data, fileName, this.options.resolve ?? this.urlResolver(resolved));
      })
      .then(onLoad, fail)
      .finally(() => this.manager.itemEnd(resolved));
  }

  /** A resolver that fetches `name` (by base name) next to `modelUrl`; missing files resolve to undefined. */
  urlResolver(modelUrl: string): Resolver {
    return async (name) => {
      const url = new URL(encodeURIComponent(baseName(name)), new URL(modelUrl, globalThis.location?.href ?? 'http://localhost/')).href;
      try {
        const response = await fetch(url, { credentials: this.withCredentials ? 'include' : 'same-origin' });
        return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
      } catch {
        return undefined;
      }
    };
  }

  /** The formats detection chooses among: `options.formats`, else core's registry, else the `relic3d` package's. */
  async formats(): Promise<readonly Format[]> {
    if (this.options.formats) return this.options.formats;
    if (registeredFormats().length) return registeredFormats();
    // A failed import is not cached, so installing relic3d later (or a retry after a network error) works.
    this.umbrella ??= umbrellaFormats().catch((error: unknown) => {
      this.umbrella = undefined;
      throw error;
    });
    return this.umbrella;
  }

  /** Detects the format of `bytes`, parses and converts. Rejects with the parser's FormatError. */
  async parse(bytes: Uint8Array, fileName?: string, resolve?: Resolver): Promise<RelicLoadResult> {
    const formats = await this.formats();
    if (!formats.length) {
      throw new Error('RelicLoader has no formats: pass { formats: [ms3dFormat, aseFormat, ...] } or call setFormats()');
    }
    const format = requireFormat(bytes, fileName, formats);
    const scene = await format.parse(bytes, { ...this.options.parseOptions, fileName, resolve });
    const three = toThree(scene, { ...this.options.threeOptions, resolve });
    await three.ready;
    return { ...three, scene, format };
  }
}
