import { WarningSink, type Scene } from '@relic3d/core';
import { ready, withInput } from '@relic3d/kernels';
import { FORMAT_ID, type MdlParseOptions } from './file.js';
import { readMdlWith } from './read/index.js';
import { buildMdlScene } from './scene/index.js';
import { applyMaterialFiles, applyMaterialFilesSync } from './scene/material-files.js';

/**
 * Parses an Ultra Engine `.mdl` (real "Ultra Model" v300–302 or documented "G3D" v100) into a
 * scene, synchronously. Material files are read only when `options.resolve` answers synchronously.
 */
export function parseSync(bytes: Uint8Array, options: MdlParseOptions = {}): Scene {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const scene = readAndBuild(bytes, options, sink);
  applyMaterialFilesSync(scene, options, sink);
  return sink.attach(scene);
}

/**
 * Like `parseSync`, but first waits for the WASM kernels (`ready()`; skipped with `kernels: 'js'`)
 * and awaits an async resolver for the `.mat` material files.
 */
export async function parse(bytes: Uint8Array, options: MdlParseOptions = {}): Promise<Scene> {
  if (options.kernels !== 'js') await ready();
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const scene = readAndBuild(bytes, options, sink);
  await applyMaterialFiles(scene, options, sink);
  return sink.attach(scene);
}

/** Read and build with the input placed in kernel memory once: the vertex records are read there by every kernel. */
function readAndBuild(bytes: Uint8Array, options: MdlParseOptions, sink: WarningSink): Scene {
  return withInput(bytes, () => buildMdlScene(readMdlWith(bytes, options, sink), options, sink), { kernels: options.kernels });
}
