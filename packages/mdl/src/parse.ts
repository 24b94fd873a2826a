import { WarningSink, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { FORMAT_ID } from './detect.js';
import { applyMaterialFiles, applyMaterialFilesSync } from './materials.js';
import { readMdlWith } from './read.js';
import { toScene } from './scene.js';
import type { MdlParseOptions } from './types.js';

function build(bytes: Uint8Array, options: MdlParseOptions): { scene: Scene; sink: WarningSink } {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readMdlWith(bytes, options, sink);
  return { scene: toScene(file, options, sink), sink };
}

/**
 * Parses an Ultra Engine `.mdl` (real "Ultra Model" v300–302 or documented "G3D" v100) into a
 * scene, synchronously. Material files are read only when `options.resolve` answers synchronously.
 */
export function parseMdl(bytes: Uint8Array, options: MdlParseOptions = {}): Scene {
  const { scene, sink } = build(bytes, options);
  applyMaterialFilesSync(scene, options, sink);
  return sink.attach(scene);
}

export const parseSync = parseMdl;

/**
 * Like `parseMdl`, but first waits for the WASM kernels (`ready()`; skipped with `kernels: 'js'`)
 * and awaits an async resolver for the `.mat` material files.
 */
export async function parse(bytes: Uint8Array, options: MdlParseOptions = {}): Promise<Scene> {
  if (options.kernels !== 'js') await ready();
  const { scene, sink } = build(bytes, options);
  await applyMaterialFiles(scene, options, sink);
  return sink.attach(scene);
}
