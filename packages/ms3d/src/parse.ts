import { WarningSink, type Scene } from '@relic3d/core';
import { ready, withInput } from '@relic3d/kernels';
import { FORMAT_ID, type Ms3dFile, type Ms3dParseOptions } from './file.js';
import { readMs3dWith } from './read/index.js';
import { triangleRecordBytes } from './read/triangle-records.js';
import { buildMs3dScene } from './scene/index.js';

/**
 * Bytes → scene, synchronously. Uses the WASM kernels if `ready()` from `@relic3d/kernels` has
 * already resolved (and `options.kernels` is not `'js'`), else the TypeScript path; same result.
 * Keys and triangle records are read where they are in the input (`inPlace`).
 */
export function parseSync(bytes: Uint8Array, options: Ms3dParseOptions = {}): Scene {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readMs3dWith(bytes, options, sink, true);
  return sink.attach(build(file, options, sink));
}

/** Bytes → scene: waits for the WASM kernels, then parses. */
export async function parse(bytes: Uint8Array, options: Ms3dParseOptions = {}): Promise<Scene> {
  if (options.kernels !== 'js') await ready();
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readMs3dWith(bytes, options, sink, true);
  return sink.attach(build(file, options, sink));
}

/** The build, with the triangle records placed in kernel memory once (every group's corners are read there). */
function build(file: Ms3dFile, options: Ms3dParseOptions, sink: WarningSink): Scene {
  const records = triangleRecordBytes(file.triangles);
  if (!records) return buildMs3dScene(file, options, sink);
  return withInput(records, () => buildMs3dScene(file, options, sink), { kernels: options.kernels });
}
