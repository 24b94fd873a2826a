/// <reference lib="webworker" />
// Parsing runs here so a 50 MB file never freezes the page.
import { requireFormat, serializeError, type Format, type ParseOptions, type Scene } from '@relic3d/core';
import { activePath, ready } from '@relic3d/kernels';
import { ms3dFormat } from '@relic3d/ms3d';
import { aseFormat } from '@relic3d/ase';
import { o3dFormat, findCompanions } from '@relic3d/o3d';
import { mdlFormat } from '@relic3d/mdl';
import { lodFormat } from '@relic3d/lod';
import { toGlb } from '@relic3d/gltf';
import type { FromWorker, ToWorker } from './protocol.js';
import { benchmarkPaths } from './timing.js';

const formats: Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat];
const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);
let last: { scene: Scene; resolve: (name: string) => Promise<Uint8Array | undefined> } | undefined;

const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;

/** Companions come from the dropped files (by base name, any case), else from next to the URL. */
function makeResolver(files: Record<string, Uint8Array>, baseUrl?: string, listing?: string[]) {
  const byName = new Map(Object.entries(files).map(([k, v]) => [baseName(k).toLowerCase(), v]));
  const listed = listing && new Set(listing.map((n) => baseName(n).toLowerCase()));
  const cache = new Map<string, Uint8Array | undefined>();
  return async (name: string): Promise<Uint8Array | undefined> => {
    const key = baseName(name).toLowerCase();
    if (byName.has(key)) return byName.get(key);
    if (!baseUrl || (listed && !listed.has(key))) return undefined;
    if (cache.has(key)) return cache.get(key);
    let found: Uint8Array | undefined;
    try {
      const response = await fetch(new URL(encodeURIComponent(baseName(name)), baseUrl));
      if (response.ok) found = new Uint8Array(await response.arrayBuffer());
    } catch {
      found = undefined;
    }
    cache.set(key, found);
    return found;
  };
}

/** The newest parse request: timing runs still going for an older one stop at their next run. */
let latest = 0;

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'export') {
    try {
      if (!last) throw new Error('nothing loaded');
      const bytes = await toGlb(last.scene, { resolve: last.resolve });
      post({ type: 'glb', id: message.id, bytes });
    } catch (error) {
      post({ type: 'error', id: message.id, error: serializeError(error) });
    }
    return;
  }
  const { id, name, bytes, files, baseUrl } = message;
  latest = id;
  try {
    // The WASM kernels are instantiated before anything is timed.
    await ready();
    const format = requireFormat(bytes, name, formats);
    const resolve = makeResolver(files, baseUrl, message.companions);
    const options: ParseOptions & { motions?: string[] } = { fileName: name, resolve };
    if (format.id === 'o3d') {
      const listing = [...Object.keys(files), ...(message.companions ?? [])];
      const motions = Object.values(findCompanions(name, listing).motions);
      if (motions.length) options.motions = motions;
    }
    // The model is shown as soon as the first parse is done; the timings follow.
    const t0 = performance.now();
    const scene = await format.parse(bytes, { ...options, kernels: 'wasm' });
    const firstMs = performance.now() - t0;
    last = { scene, resolve };
    post({ type: 'parsed', id, scene, format: { id: format.id, name: format.name }, ms: firstMs, path: activePath({ kernels: 'wasm' }) });
    // Companions are cached by the resolver by now, so the runs time parsing, not fetching.
    const timing = await benchmarkPaths((kernels) => format.parse(bytes, { ...options, kernels }), {
      budgetMs: message.timingBudgetMs,
      isCurrent: () => latest === id,
    });
    if (timing) post({ type: 'timing', id, ...timing });
  } catch (error) {
    post({ type: 'error', id, error: serializeError(error) });
  }
};
