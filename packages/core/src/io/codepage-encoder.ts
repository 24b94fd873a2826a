import { codePage } from './codepage.js';

/** Encodes strings into a fixed code page: the inverse of `codePage(page).decode`. */
export interface CodePageEncoder {
  readonly name: string;
  /** The bytes of `text`; a character the page cannot hold becomes `?` and sets `lossy`. */
  encode(text: string): { bytes: Uint8Array; lossy: boolean };
}

const encoderCache = new Map<string, CodePageEncoder>();
const QUESTION = 0x3f;

/**
 * Every byte sequence of the page decoded once, then looked up in reverse through a table indexed by
 * UTF-16 unit: a value below 0x100 is one byte, above it a lead and a trail byte, 0 nothing. Ours
 * rather than iconv-lite: 1.2–1.4× faster on Windows-1252 names and ~3× on EUC-KR
 * (bench/src/codepage.ts), and no Buffer in browsers.
 */
function tableEncoder(name: string, decode: (bytes: Uint8Array) => string, multiByte: boolean): CodePageEncoder {
  const table = new Uint16Array(0x10000);
  const one = new Uint8Array(1);
  for (let b = 0x80; b < 0x100; b++) {
    one[0] = b;
    const c = decode(one);
    if (c.length === 1 && c !== '\ufffd' && !table[c.charCodeAt(0)]) table[c.charCodeAt(0)] = b;
  }
  if (multiByte) {
    const two = new Uint8Array(2);
    for (let lead = 0x81; lead < 0xff; lead++) {
      for (let trail = 0x40; trail < 0xff; trail++) {
        two[0] = lead;
        two[1] = trail;
        const c = decode(two);
        if (c.length === 1 && c !== '\ufffd' && !table[c.charCodeAt(0)]) table[c.charCodeAt(0)] = (lead << 8) | trail;
      }
    }
  }
  const most = multiByte ? 2 : 1;
  return {
    name,
    encode(text) {
      // One preallocated buffer: a UTF-16 unit never needs more than `most` bytes here.
      const out = new Uint8Array(text.length * most);
      let n = 0;
      let lossy = false;
      for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        if (unit < 0x80) {
          out[n++] = unit;
          continue;
        }
        const bytes = unit >= 0xd800 && unit < 0xe000 ? 0 : table[unit];
        if (bytes === 0) {
          out[n++] = QUESTION;
          lossy = true;
          // A surrogate pair is one character: one '?'.
          if (unit < 0xdc00 && unit >= 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
        } else if (bytes < 0x100) out[n++] = bytes;
        else {
          out[n++] = bytes >> 8;
          out[n++] = bytes & 0xff;
        }
      }
      return { bytes: out.slice(0, n), lossy };
    },
  };
}

const MULTI_BYTE = new Set(['gbk', 'gb18030', 'euc-kr', 'shift_jis', 'big5', 'euc-jp']);

/**
 * An encoder for a named code page ('windows-1252' default, 'windows-1251', 'euc-kr' (Flyff's
 * CP949), 'gbk', 'shift_jis', 'utf-8', any WHATWG label TextDecoder knows).
 */
export function codePageEncoder(page = 'windows-1252'): CodePageEncoder {
  const decoder = codePage(page);
  const name = decoder.name;
  let encoder = encoderCache.get(name);
  if (encoder) return encoder;
  if (name === 'utf-8') {
    const utf8 = new TextEncoder();
    encoder = { name, encode: (text) => ({ bytes: utf8.encode(text), lossy: false }) };
  } else {
    encoder = tableEncoder(name, (b) => decoder.decode(b), MULTI_BYTE.has(name));
  }
  encoderCache.set(name, encoder);
  return encoder;
}
