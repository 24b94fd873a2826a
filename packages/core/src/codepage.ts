import type { CodePageDecoder } from './types.js';

const decoderCache = new Map<string, CodePageDecoder>();

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}

function asciiString(bytes: Uint8Array): string {
  // Short names dominate; fromCharCode on small chunks avoids TextDecoder's per-call cost.
  let out = '';
  for (let i = 0; i < bytes.length; i += 4096) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096) as unknown as number[]);
  }
  return out;
}

/**
 * A decoder for a named code page ('windows-1252', 'windows-1251', 'gbk', 'utf-8', any WHATWG label),
 * or the decoder itself when one is passed. Pure-ASCII strings skip TextDecoder.
 */
export function codePage(page: string | CodePageDecoder = 'windows-1252'): CodePageDecoder {
  if (typeof page !== 'string') return page;
  const key = page.toLowerCase();
  let decoder = decoderCache.get(key);
  if (!decoder) {
    const text = new TextDecoder(key); // throws RangeError for an unknown label: a caller bug
    decoder = {
      name: text.encoding,
      decode: (bytes) => (isAscii(bytes) ? asciiString(bytes) : text.decode(bytes)),
    };
    decoderCache.set(key, decoder);
  }
  return decoder;
}
