/**
 * The code-page control: which encoding strings inside a file (texture paths, node names) are
 * decoded with. Old tools wrote the system's ANSI code page, so a Chinese MilkShape file names its
 * texture in GBK, which the default (windows-1252) shows as `./¹ê¿Ç.tga`.
 */
import type { Scene } from '@relic3d/core';

/** The choices offered; 'auto' is the format's default, unless a texture name says otherwise. */
export const CODE_PAGES = ['auto', 'windows-1252', 'windows-1251', 'gbk', 'utf-8'] as const;
export type CodePageChoice = (typeof CODE_PAGES)[number];

/** Tried by 'auto' when a texture name is not found as decoded by default. */
const ALTERNATIVES = ['gbk', 'windows-1251', 'utf-8'];

const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** The bytes a windows-1252 decode (core's table) turned into `text`, or undefined when it cannot have. */
export function windows1252Bytes(text: string): Uint8Array | undefined {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const high = CP1252_HIGH.indexOf(text[i]);
    if (high >= 0) out[i] = 0x80 + high;
    else if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
    else return undefined;
  }
  return out;
}

/**
 * A code page under which a texture name the file writes matches a file that is there, when the
 * name as decoded by default (windows-1252) matches nothing. `has` says whether a name resolves.
 */
export function guessCodePage(scene: Scene, has: (name: string) => boolean): string | undefined {
  for (const texture of scene.textures) {
    const uri = texture.uri;
    if (!uri || !/[^\x00-\x7f]/.test(uri) || has(uri)) continue;
    const bytes = windows1252Bytes(uri);
    if (!bytes) continue;
    for (const page of ALTERNATIVES) {
      let decoded: string;
      try {
        decoded = new TextDecoder(page, { fatal: true }).decode(bytes);
      } catch {
        continue;
      }
      if (has(decoded)) return page;
    }
  }
  return undefined;
}
