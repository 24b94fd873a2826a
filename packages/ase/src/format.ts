import type { Format } from '@relic3d/core';
import { FORMAT_ID, MAGIC_KEYWORD, type AseParseOptions } from './file.js';
import { parse, parseSync } from './parse.js';
import { toTextBytes } from './read/tokenizer.js';

const HEADER = `*${MAGIC_KEYWORD}`;
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
  id: FORMAT_ID,
  name: '3ds Max ASCII Scene Export',
  extensions: ['.ase'],
  mimeTypes: ['model/x-ase'],
  encoding: 'text',
  test: testAse,
  parse,
  parseSync,
};
