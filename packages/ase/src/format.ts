import { WarningSink, type Format, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { readAseWith } from './read.js';
import { buildScene } from './scene.js';
import { toTextBytes } from './tokenizer.js';
import type { AseParseOptions } from './types.js';

/**
 * Parses ASE bytes into a scene (synchronous). Uses the WASM kernels when `ready()` from
 * `@relic3d/kernels` has resolved and `options.kernels` is not `'js'`; the result is identical.
 */
export function parseAse(bytes: Uint8Array, options: AseParseOptions = {}): Scene {
  const sink = new WarningSink('ase', options.onWarning);
  const file = readAseWith(bytes, options, sink);
  const scene = buildScene(file, options, sink, bytes.length);
  return sink.attach(scene);
}

export function parseSync(bytes: Uint8Array, options?: AseParseOptions): Scene {
  return parseAse(bytes, options);
}

/** Async parse: waits for the WASM kernels (unless `options.kernels` is `'js'`), then parses. */
export async function parse(bytes: Uint8Array, options?: AseParseOptions): Promise<Scene> {
  if (options?.kernels !== 'js') await ready();
  return parseAse(bytes, options);
}

const HEADER = '*3DSMAX_ASCIIEXPORT';
const LEADING = ['*SCENE', '*MATERIAL_LIST', '*GEOMOBJECT', '*HELPEROBJECT', '*CAMERAOBJECT', '*LIGHTOBJECT', '*SHAPEOBJECT', '*GROUP', '*COMMENT', '*MESH', '*TIMEVALUE', '*MESH_NUMVERTEX', '*MESH_VERTEX_LIST'];

/**
 * Content sniffing: after an optional BOM (UTF-8, UTF-16 LE/BE) and whitespace, the first token is
 * `*3DSMAX_ASCIIEXPORT`, or one of the leading keywords of a header-less export (or of a bare mesh body).
 */
export function testAse(bytes: Uint8Array): boolean {
  const text = toTextBytes(bytes.subarray(0, 512)).bytes;
  let p = 0;
  while (p < text.length && (text[p] === 0x20 || text[p] === 0x09 || text[p] === 0x0d || text[p] === 0x0a)) p++;
  if (text[p] !== 0x2a) return false;
  let word = '';
  for (let q = p; q < text.length && q < p + 24 && text[q] > 0x20 && text[q] !== 0x7b; q++) word += String.fromCharCode(text[q]);
  word = word.toUpperCase();
  return word === HEADER || LEADING.includes(word);
}

export const aseFormat: Format<AseParseOptions> = {
  id: 'ase',
  name: '3ds Max ASCII Scene Export',
  extensions: ['.ase'],
  mimeTypes: ['model/x-ase'],
  encoding: 'text',
  test: testAse,
  parse,
  parseSync,
};
