// Fixed-size string fields (docs/formats/ms3d.md §1.1): 32-byte names and 128-byte paths in the
// writer's code page, each keeping a NUL. Joint names must stay distinct: parents are found by name.
import { codePage, fixedName, WarningSink, type CodePageEncoder } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { WRITE_LIMITS } from './limits.js';

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

export class NameFields {
  constructor(
    readonly encoder: CodePageEncoder,
    private readonly sink: WarningSink,
  ) {}

  /** A 32-byte name field (cut on a character boundary, warned). */
  name(text: string, what: string): Uint8Array {
    return fixedName(text, WRITE_LIMITS.nameBytes, this.encoder, this.sink, what);
  }

  /** A 128-byte path field; a path that does not fit keeps its base name. */
  path(text: string, what: string): Uint8Array {
    const room = WRITE_LIMITS.pathBytes - 1;
    if (this.encoder.encode(text).bytes.length > room) {
      const base = text.replace(/^.*[\\/]/, '');
      if (base !== text) {
        this.sink.warn('MS3D_WRITE_TEXTURE_PATH', `${what} "${text}" does not fit in ${room} bytes; its base name "${base}" is written`);
        text = base;
      }
    }
    return fixedName(text, WRITE_LIMITS.pathBytes, this.encoder, this.sink, what);
  }

  /** Text in the code page (comments: no size limit). */
  text(text: string, what: string): Uint8Array {
    const { bytes, lossy } = this.encoder.encode(text);
    if (lossy) this.sink.warn('WRITE_NAME_LOSSY', `${what} has characters ${this.encoder.name} cannot hold; written as "?"`);
    return bytes;
  }

  /**
   * Distinct, non-empty 32-byte names (joints: an MS3D parent is a name). An empty name gets
   * `fallback(i)`; a name equal to an earlier one once encoded and cut gets a `~n` suffix (warned).
   */
  unique(texts: readonly string[], what: string, fallback: (i: number) => string): Uint8Array[] {
    const seen = new Set<string>();
    const quiet = new WarningSink(FORMAT_ID);
    return texts.map((text, i) => {
      const base = text || fallback(i);
      let bytes = this.name(base, `${what} ${i}`);
      let suffixed = false;
      for (let n = 2; seen.has(latin1(bytes)); n++) {
        const suffix = this.encoder.encode(`~${n}`).bytes;
        const stem = fixedName(base, WRITE_LIMITS.nameBytes - suffix.length, this.encoder, quiet, what);
        bytes = new Uint8Array(stem.length + suffix.length);
        bytes.set(stem);
        bytes.set(suffix, stem.length);
        suffixed = true;
      }
      if (!text || suffixed) {
        const written = codePage(this.encoder.name).decode(bytes);
        this.sink.warn('MS3D_WRITE_NAME_RENAMED', `${what} ${i} "${text}" is written as "${written}" (names must be distinct and not empty)`);
      }
      seen.add(latin1(bytes));
      return bytes;
    });
  }
}
