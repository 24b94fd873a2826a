// ASE (3ds Max ASCII export): text. Mutations work on tokens and lines: hostile numbers in any
// number, lies in count and index fields, deep or broken brace nesting, duplicated lines and
// blocks (amplification), swapped keywords, hostile strings, parent cycles, key-time disorder and
// TCB/Bezier keys spread over huge time ranges. UTF-16 files are decoded, mutated and re-encoded.
import { utf16 } from '@relic3d/fixtures/ase';
import type { Mutator, Random } from '../types.js';
import { pick, randInt } from './bytes.js';

/** Numbers a reader must survive, as text. */
export const HOSTILE_NUMBERS = [
  '1e309', '-1e309', 'nan', 'NaN', 'inf', '-inf', '1.#QNAN0', '-1.#IND00', '1.#INF00', '-0', '1e-320', '4.9e-324',
  '2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740993', '99999999999999999999', '-1', '0',
  '0x10', '1e', '--1', '1.2.3', '+5', '.5', '5.', '1,5', '', '1e38', '3.5e38', '１',
] as const;

export const COUNT_KEYWORDS = [
  'MESH_NUMVERTEX', 'MESH_NUMFACES', 'MESH_NUMTVERTEX', 'MESH_NUMTVFACES', 'MESH_NUMCVERTEX', 'MESH_NUMCVFACES', 'MATERIAL_COUNT',
  'NUMSUBMTLS', 'MESH_NUMBONE', 'SHAPE_LINECOUNT', 'SHAPE_VERTEXCOUNT', 'SCENE_TICKSPERFRAME', 'SCENE_FRAMESPEED', 'SCENE_FIRSTFRAME',
  'SCENE_LASTFRAME', 'TIMEVALUE', 'MESH_MAPPINGCHANNEL',
] as const;

export const INDEX_KEYWORDS = [
  'MESH_VERTEX', 'MESH_FACE', 'MESH_TVERT', 'MESH_TFACE', 'MESH_CFACE', 'MESH_VERTCOL', 'MESH_FACENORMAL', 'MESH_VERTEXNORMAL', 'MESH_MTLID',
  'MATERIAL_REF', 'MATERIAL', 'SUBMATERIAL', 'MESH_BONE_NAME', 'MESH_BONE_VERTEX', 'SHAPE_LINE', 'SHAPE_VERTEX_KNOT', 'SHAPE_VERTEX_INTERP', 'MAP_SUBNO',
] as const;

export const KEYWORDS = [
  ...COUNT_KEYWORDS, ...INDEX_KEYWORDS,
  '3DSMAX_ASCIIEXPORT', 'COMMENT', 'SCENE', 'MATERIAL_LIST', 'GEOMOBJECT', 'HELPEROBJECT', 'CAMERAOBJECT', 'LIGHTOBJECT', 'SHAPEOBJECT', 'GROUP',
  'NODE_NAME', 'NODE_PARENT', 'NODE_TM', 'TM_ROW0', 'TM_ROW1', 'TM_ROW2', 'TM_ROW3', 'TM_POS', 'TM_ROTAXIS', 'TM_ROTANGLE', 'TM_SCALE',
  'MESH', 'MESH_VERTEX_LIST', 'MESH_FACE_LIST', 'MESH_TVERTLIST', 'MESH_TFACELIST', 'MESH_CVERTLIST', 'MESH_CFACELIST', 'MESH_NORMALS',
  'MESH_WEIGHTS', 'MESH_BONE_LIST', 'MESH_BONE_VERTEX_LIST', 'MESH_ANIMATION', 'MESH_SMOOTHING', 'TM_ANIMATION', 'CONTROL_POS_TRACK',
  'CONTROL_POS_SAMPLE', 'CONTROL_ROT_TRACK', 'CONTROL_ROT_SAMPLE', 'CONTROL_SCALE_TRACK', 'CONTROL_SCALE_SAMPLE', 'CONTROL_POS_TCB',
  'CONTROL_TCB_POS_KEY', 'CONTROL_ROT_TCB', 'CONTROL_TCB_ROT_KEY', 'CONTROL_SCALE_TCB', 'CONTROL_TCB_SCALE_KEY', 'CONTROL_POS_BEZIER',
  'CONTROL_BEZIER_POS_KEY', 'CONTROL_ROT_BEZIER', 'CONTROL_SCALE_BEZIER', 'CONTROL_BEZIER_SCALE_KEY', 'CONTROL_POS_LINEAR', 'CONTROL_POS_KEY',
  'CONTROL_ROT_LINEAR', 'CONTROL_ROT_KEY', 'CONTROL_SCALE_LINEAR', 'CONTROL_SCALE_KEY', 'CAMERA_SETTINGS', 'CAMERA_FOV', 'CAMERA_NEAR',
  'CAMERA_FAR', 'CAMERA_TYPE', 'LIGHT_SETTINGS', 'LIGHT_TYPE', 'LIGHT_HOTSPOT', 'LIGHT_FALLOFF', 'BITMAP', 'MAP_DIFFUSE', 'MAP_BUMP',
  'MATERIAL_NAME', 'MATERIAL_CLASS', 'MATERIAL_DIFFUSE', 'MATERIAL_TRANSPARENCY', 'UVW_U_TILING', 'UVW_ANGLE', 'WIREFRAME_COLOR',
  'SHAPE_CLOSED', 'NODE_VISIBILITY_TRACK', 'CONTROL_FLOAT_SAMPLE', 'MESH_FACEMAPLIST',
] as const;

/** Decoded text and how to encode it back (Latin-1 keeps a byte per character; UTF-16 keeps its BOM). */
interface Text {
  text: string;
  encode(text: string): Uint8Array;
}

function decode(bytes: Uint8Array): Text {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const big = bytes[0] === 0xfe;
    let text = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode(big ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8));
    return { text, encode: (t) => utf16(t, big) };
  }
  return { text: latin1Text(bytes), encode: latin1 };
}

/**
 * A character per byte, by Node's own Latin-1 decoder: what String.fromCharCode over 8 KB spreads
 * made, 100× faster (those spreads were an eighth of an ASE fuzz child's CPU).
 */
export const latin1Text = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** A byte per character, its low 8 bits (as a Uint8Array store truncates), in a plain Uint8Array. */
export function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  Buffer.from(out.buffer, out.byteOffset, out.length).write(text, 0, 'latin1');
  return out;
}

/** A random match of `pattern` (global): the first match after a random start, wrapping once. */
function findFrom(text: string, pattern: RegExp, random: Random): RegExpExecArray | undefined {
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  re.lastIndex = randInt(random, Math.max(1, text.length));
  const hit = re.exec(text);
  if (hit) return hit;
  re.lastIndex = 0;
  return re.exec(text) ?? undefined;
}

const replaceAt = (text: string, at: number, length: number, insert: string) => text.slice(0, at) + insert + text.slice(at + length);

type TextMutator = (text: string, random: Random) => { text: string; label: string } | undefined;

function textual(mutate: TextMutator): Mutator {
  return (bytes, random) => {
    const t = decode(bytes);
    const m = mutate(t.text, random);
    return m ? { bytes: t.encode(m.text), label: m.label } : undefined;
  };
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

const numberLie = textual((text, random) => {
  const hit = findFrom(text, NUMBER, random);
  if (!hit) return undefined;
  const value = pick(random, HOSTILE_NUMBERS);
  return { text: replaceAt(text, hit.index, hit[0].length, value), label: `ase.number@${hit.index} ${hit[0]}→${JSON.stringify(value)}` };
});

/** The first number after one of `keywords`. */
function fieldAfter(keywords: readonly string[], values: (old: number, random: Random) => string, name: string): Mutator {
  return textual((text, random) => {
    const keyword = pick(random, keywords);
    const hit = findFrom(text, new RegExp(`\\*${keyword}\\b[ \\t]*(-?\\d+)`), random);
    if (!hit) return undefined;
    const at = hit.index + hit[0].length - hit[1].length;
    const value = values(Number(hit[1]), random);
    return { text: replaceAt(text, at, hit[1].length, value), label: `ase.${name} *${keyword}@${at} ${hit[1]}→${value}` };
  });
}

const countLie = fieldAfter(COUNT_KEYWORDS, (n, random) => String(pick(random, [0, -1, n + 1, n - 1, n * 1000, 2147483647, 100000000, 1e9])), 'count');
const indexLie = fieldAfter(INDEX_KEYWORDS, (n, random) => String(pick(random, [n + 1, n + 1000, -1, 65536, 2147483647, 4294967295, 1e15])), 'index');

/** Face corners (`A: 1 B: 2 C: 3`) and texture/colour face indices past the vertex lists. */
const cornerLie = textual((text, random) => {
  const hit = findFrom(text, /\b([ABC]):\s*(\d+)/g, random);
  if (!hit) return undefined;
  const at = hit.index + hit[0].length - hit[2].length;
  const value = String(pick(random, [Number(hit[2]) + 1, 99999, -1, 2147483648]));
  return { text: replaceAt(text, at, hit[2].length, value), label: `ase.corner ${hit[1]}@${at} ${hit[2]}→${value}` };
});

const nesting = textual((text, random) => {
  const at = randInt(random, text.length + 1);
  const n = pick(random, [1, 2, 64, 1000, 10000, 100000, 200000]);
  const kind = randInt(random, 4);
  if (kind === 0) return { text: replaceAt(text, at, 0, '{'.repeat(n)), label: `ase.open×${n}@${at}` };
  if (kind === 1) return { text: replaceAt(text, at, 0, '}'.repeat(n)), label: `ase.close×${n}@${at}` };
  if (kind === 2) return { text: replaceAt(text, at, 0, `${'*GROUP "g" {\n'.repeat(n)}${'}\n'.repeat(n)}`), label: `ase.groups×${n}@${at}` };
  const brace = findFrom(text, /[{}]/g, random);
  if (!brace) return undefined;
  return { text: replaceAt(text, brace.index, 1, ''), label: `ase.drop-brace@${brace.index}` };
});

const duplicateLine = textual((text, random) => {
  const hit = findFrom(text, /^[^\n]*\*[A-Z][^\n]*\n/gm, random);
  if (!hit) return undefined;
  const n = pick(random, [1, 2, 10, 1000, 20000]);
  return { text: replaceAt(text, hit.index, 0, hit[0].repeat(n)), label: `ase.line×${n}@${hit.index} ${hit[0].trim().slice(0, 40)}` };
});

/** The block of a `*KEYWORD … {` line through its matching brace. */
function blockAt(text: string, random: Random): { start: number; end: number; keyword: string } | undefined {
  const hit = findFrom(text, /\*([A-Z_0-9]+)[^\n{]*\{/g, random);
  if (!hit) return undefined;
  let depth = 0;
  for (let i = hit.index + hit[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { start: hit.index, end: i + 1, keyword: hit[1] };
  }
  return undefined;
}

const duplicateBlock = textual((text, random) => {
  const b = blockAt(text, random);
  if (!b) return undefined;
  const n = pick(random, [1, 2, 5, 50]);
  const block = `${text.slice(b.start, b.end)}\n`;
  return { text: replaceAt(text, b.end, 0, `\n${block.repeat(n)}`), label: `ase.block×${n} *${b.keyword}@${b.start}` };
});

const dropBlock = textual((text, random) => {
  const b = blockAt(text, random);
  return b ? { text: replaceAt(text, b.start, b.end - b.start, ''), label: `ase.drop *${b.keyword}@${b.start}` } : undefined;
});

const keywordSwap = textual((text, random) => {
  const hit = findFrom(text, /\*[A-Z][A-Z0-9_]*/g, random);
  if (!hit) return undefined;
  const keyword = `*${pick(random, KEYWORDS)}`;
  return { text: replaceAt(text, hit.index, hit[0].length, keyword), label: `ase.keyword@${hit.index} ${hit[0]}→${keyword}` };
});

const HOSTILE_STRINGS = ['A'.repeat(100000), '\x1b[2J\x1b[H\x1b[32mall OK\x1b[0m', '..\\..\\..\\..\\etc\\passwd', '/etc/passwd', '/proc/self/environ', '', 'a\nb', '\u0000\u0007', '"', 'C:\\Windows\\win.ini', '%s%n'];

const stringLie = textual((text, random) => {
  const hit = findFrom(text, /"[^"\n]*"/g, random);
  if (!hit) return undefined;
  if (random() < 0.2) return { text: replaceAt(text, hit.index + hit[0].length - 1, 1, ''), label: `ase.unterminated-string@${hit.index}` };
  const value = pick(random, HOSTILE_STRINGS);
  return { text: replaceAt(text, hit.index + 1, hit[0].length - 2, value), label: `ase.string@${hit.index}→${JSON.stringify(value.slice(0, 24))}${value.length > 24 ? `…(${value.length})` : ''}` };
});

/** A node names its own name, or another node's, as parent: cycles and chains. */
const parentLie = textual((text, random) => {
  const names = [...text.matchAll(/\*NODE_NAME\s+"([^"\n]*)"/g)];
  if (!names.length) return undefined;
  const node = pick(random, names);
  const parent = random() < 0.4 ? node[1] : pick(random, names)[1];
  const at = node.index! + node[0].length;
  return { text: replaceAt(text, at, 0, `\n*NODE_PARENT "${parent}"`), label: `ase.parent "${node[1]}"→"${parent}"` };
});

/** Key and sample times: disorder, repeats, huge and negative values. */
const keyTimeLie = textual((text, random) => {
  const hit = findFrom(text, /\*CONTROL_[A-Z_]+(?:KEY|SAMPLE)\s+(-?\d+)/g, random);
  if (!hit) return undefined;
  const at = hit.index + hit[0].length - hit[1].length;
  const value = String(pick(random, [0, -160, 2147483647, 1e12, -1e12, Number(hit[1]) * 1000, 1]));
  return { text: replaceAt(text, at, hit[1].length, value), label: `ase.keytime@${at} ${hit[1]}→${value}` };
});

/** Many keys of a TCB/Bezier/linear controller spread over a huge time range (the per-frame resampling path). */
const keySpread = textual((text, random) => {
  const hit = findFrom(text, /^[ \t]*\*CONTROL_(?:TCB|BEZIER)?_?[A-Z]*_?KEY\s+(-?\d+)([^\n]*)\n/gm, random);
  if (!hit) return undefined;
  const n = pick(random, [2, 10, 100, 1000]);
  const step = pick(random, [160, 16000, 1600000, 160000000]);
  let lines = '';
  const prefix = hit[0].slice(0, hit[0].length - hit[1].length - hit[2].length - 1);
  for (let k = 1; k <= n; k++) lines += `${prefix}${Number(hit[1]) + k * step}${hit[2]}\n`;
  return { text: replaceAt(text, hit.index + hit[0].length, 0, lines), label: `ase.keys×${n} step ${step}@${hit.index}` };
});

const encoding = textual((text, random) => {
  const kind = randInt(random, 3);
  const at = randInt(random, text.length + 1);
  if (kind === 0) return { text: replaceAt(text, at, 0, '\u0000'.repeat(1 + randInt(random, 8))), label: `ase.nul@${at}` };
  if (kind === 1) return { text: replaceAt(text, at, 0, '\u00ff\u00fe'), label: `ase.bom@${at}` };
  return { text: replaceAt(text, at, 0, '\r'), label: `ase.cr@${at}` };
});

/** Whole-file UTF-16 (either byte order), optionally with an odd trailing byte. */
const toUtf16: Mutator = (bytes, random) => {
  if (bytes[0] === 0xff || bytes[0] === 0xfe) return undefined;
  const big = random() < 0.5;
  const out = utf16(latin1Text(bytes), big);
  const odd = random() < 0.3;
  return { bytes: odd ? out.subarray(0, out.length - 1).slice() : out, label: `ase.utf16${big ? 'be' : 'le'}${odd ? ' odd' : ''}` };
};

export const aseMutators: Mutator[] = [
  numberLie, numberLie, countLie, indexLie, cornerLie, nesting, duplicateLine, duplicateBlock, dropBlock, keywordSwap, stringLie,
  parentLie, keyTimeLie, keySpread, encoding, toUtf16,
];
