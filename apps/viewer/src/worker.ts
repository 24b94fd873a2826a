/// <reference lib="webworker" />
// Parsing runs here so a 50 MB file never freezes the page.
import { baseNameOf, requireFormat, WriteError, type Scene } from '@relic3d/core';
import { inputFormats, type GltfParseOptions } from '@relic3d/formats';
import { activePath, ready } from '@relic3d/kernels';
import { exportFormats, exportScene, wireError } from './export.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { benchmarkPaths } from './timing.js';
import { companionResolver, type CompanionResolver } from './resolver.js';
import { guessCodePage } from './codepage.js';
import { workerGltfDecoders } from './draco.js';

const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);
let last: { scene: Scene; resolve: CompanionResolver; name: string } | undefined;

/** The newest parse request: timing runs still going for an older one stop at their next run. */
let latest = 0;
/** Test hooks ('fault' messages): the next parse dies without an answer; the next export is refused. */
let crashOnNextParse = false;
let refuseNextExport = false;

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'fault') {
    if (message.kind === 'throw') crashOnNextParse = true;
    else if (message.kind === 'refuse-export') refuseNextExport = true;
    else for (;;);
    return;
  }
  if (message.type === 'formats') {
    post({ type: 'formats', id: message.id, formats: exportFormats() });
    return;
  }
  if (message.type === 'export') {
    try {
      if (!last) throw new Error('nothing loaded');
      if (refuseNextExport) {
        refuseNextExport = false;
        throw new WriteError({ format: message.format, code: 'OVER_LIMIT', limit: 'vertices', value: 70000, max: 65534, where: 'injected' });
      }
      const { files, warnings } = await exportScene(last.scene, last.name, last.resolve, message.format);
      // Copied, not transferred: a file may share its buffer with the scene or the resolver's cache.
      post({ type: 'exported', id: message.id, format: message.format, files, warnings });
    } catch (error) {
      post({ type: 'error', id: message.id, error: wireError(error) });
    }
    return;
  }
  const { id, name, bytes, files, baseUrl } = message;
  latest = id;
  if (crashOnNextParse) {
    // As a crash mid-parse: no answer, an uncaught error.
    crashOnNextParse = false;
    setTimeout(() => { throw new Error('injected worker fault'); });
    return;
  }
  try {
    // The WASM kernels are instantiated before anything is timed.
    await ready();
    const fileName = baseNameOf(name);
    const format = requireFormat(bytes, fileName, inputFormats);
    const resolve = companionResolver({ files, modelPath: name, baseUrl, listing: message.companions });
    // O3D motions: by default ('auto') those of the model's skeleton that resolve.list() shows beside it.
    const options: GltfParseOptions & { motions?: string[] } = { fileName, resolve, gltfDecoders: workerGltfDecoders };
    if (message.motions?.length) options.motions = message.motions;
    let codePage = message.codePage;
    if (codePage) options.codePage = codePage;
    // The model is shown as soon as the first parse is done; the timings follow.
    const t0 = performance.now();
    let scene = await format.parse(bytes, { ...options, kernels: 'wasm' });
    if (!message.codePage) {
      // 'auto': a texture name that only matches a file when read in another code page decides it.
      const page = guessCodePage(scene, resolve.has);
      if (page) {
        options.codePage = codePage = page;
        scene = await format.parse(bytes, { ...options, kernels: 'wasm' });
      }
    }
    const firstMs = performance.now() - t0;
    last = { scene, resolve, name: fileName };
    post({ type: 'parsed', id, scene, format: { id: format.id, name: format.name }, ms: firstMs, path: activePath({ kernels: 'wasm' }), codePage });
    // Companions are cached by the resolver by now, so the runs time parsing, not fetching.
    const timing = await benchmarkPaths((kernels) => format.parse(bytes, { ...options, kernels }), {
      budgetMs: message.timingBudgetMs,
      isCurrent: () => latest === id,
    });
    if (timing) post({ type: 'timing', id, ...timing });
  } catch (error) {
    post({ type: 'error', id, error: wireError(error) });
  }
};
