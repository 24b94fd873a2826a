import { ByteReader, WarningSink } from '@relic3d/core';
import { FORMAT_ID, type MdlFile, type MdlParseOptions } from '../file.js';
import type { ReadContext } from './context.js';
import { readHeader } from './header.js';
import { readNode } from './nodes.js';

/**
 * Reads the file into its raw structure, exactly as stored (no coordinate conversion). Throws a
 * `FormatError` naming the real format for foreign `.mdl` files.
 */
export function readMdl(bytes: Uint8Array, options: MdlParseOptions = {}): MdlFile {
  return readMdlWith(bytes, options, new WarningSink(FORMAT_ID, options.onWarning));
}

/** `readMdl` reporting into the caller's sink, so the parse keeps one warning list. */
export function readMdlWith(bytes: Uint8Array, options: MdlParseOptions, sink: WarningSink): MdlFile {
  const header = readHeader(bytes);
  const r = new ByteReader(bytes, { format: FORMAT_ID, codePage: options.codePage ?? 'utf-8' });
  r.skip(header.magicLength + 4);
  const ctx: ReadContext = { variant: header.variant, version: header.version, options, sink };
  const root = readNode(r, ctx, 0);
  const trailingBytes = r.remaining;
  if (trailingBytes > 0) sink.warn('MDL_TRAILING_BYTES', `${trailingBytes} bytes after the root node were ignored`, r.absoluteOffset);
  return { variant: header.variant, magic: header.magic, version: header.version, root, trailingBytes, warnings: sink.list };
}
