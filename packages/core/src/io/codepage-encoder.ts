import { codePage } from './codepage.js';

/** Encodes strings into a fixed code page: the inverse of `codePage(page).decode`. */
export interface CodePageEncoder {
  readonly name: string;
  /** The bytes of `text`; a character the page cannot hold becomes `?` and sets `lossy`. */
  encode(text: string): { bytes: Uint8Array; lossy: boolean };
}

const encoderCache = new Map<string, CodePageEncoder>();
const QUESTION = 0x3f;

/** Every byte sequence of the page decoded once, then looked up in reverse. */
function tableEncoder(name: string, decode: (bytes: Uint8Array) => string, multiByte: boolean): CodePageEncoder {
  const table = new Map<string, number[]>();
  const one = new Uint8Array(1);
  for (let b = 0x80; b < 0x100; b++) {
    one[0] = b;
    const c = decode(one);
    if (c.length === 1 && c !== '\ufffd' && !table.has(c)) table.set(c, [b]);
  }
  if (multiByte) {
    const two = new Uint8Array(2);
    for (let lead = 0x81; lead < 0xff; lead++) {
      for (let trail = 0x40; trail < 0xff; trail++) {
        two[0] = lead;
        two[1] = trail;
        const c = decode(two);
        if (c.length === 1 && c !== '\ufffd' && !table.has(c)) table.set(c, [lead, trail]);
      }
    }
  }
  return {
    name,
    encode(text) {
      const out: number[] = [];
      let lossy = false;
      for (const c of text) {
        const code = c.codePointAt(0) ?? QUESTION;
        if (code < 0x80) {
          out.push(code);
          continue;
        }
        const bytes = table.get(c);
        if (bytes) out.push(...bytes);
        else {
          out.push(QUESTION);
          lossy = true;
        }
      }
      return { bytes: Uint8Array.from(out), lossy };
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
