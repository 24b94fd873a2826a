import { baseNameOf, type Material, type RGB, type RGBA, type Scene, type TextureRef, type WarningSink } from '@relic3d/core';
import type { MdlParseOptions } from '../file.js';
import { companionName, dirname } from './paths.js';

type Loaded = Uint8Array | ArrayBuffer | undefined | null;

function isPromise(value: unknown): value is Promise<Loaded> {
  return typeof (value as { then?: unknown })?.then === 'function';
}

/** Reads the `.mat` files through `options.resolve`; the resolver may be async. */
export async function applyMaterialFiles(scene: Scene, options: MdlParseOptions, sink: WarningSink): Promise<void> {
  if (!options.resolve) return;
  for (const material of scene.materials) {
    const file = material.extras?.materialFile as string | undefined;
    if (!file) continue;
    let bytes: Loaded;
    try {
      bytes = await options.resolve(file);
    } catch (e) {
      sink.warn('MDL_MATERIAL_NOT_FOUND', `material file '${file}' could not be loaded: ${(e as Error)?.message ?? e}`);
      continue;
    }
    applyOne(scene, material, file, bytes, options, sink);
  }
}

/** The synchronous variant: uses what a synchronous resolver returns; a promise is skipped. */
export function applyMaterialFilesSync(scene: Scene, options: MdlParseOptions, sink: WarningSink): void {
  if (!options.resolve) return;
  let deferred = 0;
  for (const material of scene.materials) {
    const file = material.extras?.materialFile as string | undefined;
    if (!file) continue;
    let result: ReturnType<NonNullable<MdlParseOptions['resolve']>>;
    try {
      result = options.resolve(file);
    } catch (e) {
      sink.warn('MDL_MATERIAL_NOT_FOUND', `material file '${file}' could not be loaded: ${(e as Error)?.message ?? e}`);
      continue;
    }
    if (isPromise(result)) {
      result.then(undefined, () => undefined); // never leave a rejection unhandled
      deferred++;
      continue;
    }
    applyOne(scene, material, file, result, options, sink);
  }
  if (deferred) sink.warn('MDL_ASYNC_RESOLVER', `${deferred} material files come from an async resolver; use parse() to read them`);
}

const numbers = (v: unknown, n: number): number[] | undefined =>
  Array.isArray(v) && v.length >= n && v.slice(0, n).every((x) => typeof x === 'number' && Number.isFinite(x)) ? (v.slice(0, n) as number[]) : undefined;

/**
 * Applies an Ultra `.mat` (JSON `{"material": {...}}`): `color`, `emission`, `metallic`,
 * `roughness`, `alphamask`/`alphacutoff`, `transparent`, `backfaceculling`, an unlit `shaderfamily`
 * and `texture0..N` (0 base colour, 1 normal, 2 metal/rough, 4 emission, the engine's slots; the
 * rest are kept by slot name). Texture paths `./x` are relative to the `.mat` file.
 */
function applyOne(scene: Scene, material: Material, file: string, bytes: Loaded, options: MdlParseOptions, sink: WarningSink): void {
  if (!bytes) {
    sink.warn('MDL_MATERIAL_NOT_FOUND', `material file '${file}' was not found`);
    return;
  }
  let json: unknown;
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  try {
    json = JSON.parse(new TextDecoder('utf-8').decode(data));
  } catch {
    // The parser's message quotes the text; a companion's content never goes into a warning.
    sink.warn('MDL_MATERIAL_JSON', `material file '${file}' is not JSON (${data.length} bytes); not applied`);
    return;
  }
  const m = (json as { material?: Record<string, unknown> })?.material;
  if (!m || typeof m !== 'object') {
    sink.warn('MDL_MATERIAL_JSON', `material file '${file}' has no "material" object`);
    return;
  }
  const color = numbers(m.color, 4) ?? (numbers(m.color, 3) ? [...numbers(m.color, 3)!, 1] : undefined);
  if (color) material.baseColorFactor = color as RGBA;
  const emission = numbers(m.emission, 3);
  if (emission) material.emissiveFactor = emission as RGB;
  if (typeof m.metallic === 'number') material.metallicFactor = Math.min(1, Math.max(0, m.metallic));
  if (typeof m.roughness === 'number') material.roughnessFactor = Math.min(1, Math.max(0, m.roughness));
  if (m.alphamask === true) {
    material.alphaMode = 'MASK';
    const cutoff = m.alphacutoff;
    material.alphaCutoff = typeof cutoff === 'number' && cutoff >= 0 && Number.isFinite(cutoff) ? cutoff : 0.5;
    if (cutoff !== undefined && material.alphaCutoff !== cutoff) {
      sink.warn('MDL_MATERIAL_VALUE', `material file '${file}': alphacutoff is not a finite number ≥ 0; 0.5 is used`);
    }
  } else if (m.transparent === true) {
    material.alphaMode = 'BLEND';
  }
  // Ultra writes "backfaceculling": false for two-sided materials.
  if (m.twosided === true || m.doublesided === true || m.backfaceculling === false) material.doubleSided = true;
  if (typeof m.shaderfamily === 'string' && /unlit/i.test(m.shaderfamily)) material.unlit = true;
  const matDir = dirname(file);
  const texture = (path: string): TextureRef => {
    const uri = companionName(path, matDir, options.baseFolder);
    let index = scene.textures.findIndex((t) => t.uri === uri);
    if (index < 0) {
      index = scene.textures.length;
      scene.textures.push({ name: baseNameOf(uri), uri, extras: { path } });
    }
    return { texture: index };
  };
  for (const [key, value] of Object.entries(m)) {
    const slot = /^texture(\d+)$/.exec(key);
    if (!slot || typeof value !== 'string' || value === '') continue;
    const ref = texture(value);
    if (slot[1] === '0') material.baseColorTexture = ref;
    else if (slot[1] === '1') material.normalTexture = ref;
    else if (slot[1] === '2') material.metallicRoughnessTexture = ref;
    else if (slot[1] === '4') material.emissiveTexture = ref;
    else (material.otherTextures ??= {})[key] = ref;
  }
  material.extras = { ...material.extras, material: m };
}
