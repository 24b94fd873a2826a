// Detection and parsing over relic3d's input formats, without @relic3d/gltf's exports: the CLI
// imports this (not index.ts, which re-exports @relic3d/gltf) so a start loads no glTF-Transform.
import { detectFormat, requireFormat, type Format, type ParseOptions, type Scene } from '@relic3d/core';
import { inputFormats } from '@relic3d/formats';

/** Options of `parse`: the common ones plus any format's own (e.g. o3d `motions`). */
export type AnyParseOptions = ParseOptions & Record<string, unknown>;

/** The format of the bytes (content decides, the file name breaks ties), or undefined. */
export function detect(bytes: Uint8Array, fileName?: string): Format | undefined {
  return detectFormat(bytes, fileName, inputFormats);
}

/**
 * The format to parse the bytes with. When no format accepts them but the extension names one,
 * that format's parser is used anyway, so its error says exactly what is wrong (a version, a
 * count) instead of "unknown format". Empty and known foreign files are rejected here.
 */
export function formatFor(bytes: Uint8Array, fileName?: string): Format {
  return requireFormat(bytes, fileName, inputFormats, { byExtension: true });
}

/**
 * Detects the format and parses. Bytes no format accepts throw a `FormatError` that names what
 * they are when known ("this is a Quake 1 MDL (IDPO v6), not an Ultra Engine MDL").
 */
export async function parse(bytes: Uint8Array | ArrayBuffer, options: AnyParseOptions = {}): Promise<Scene> {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return formatFor(data, options.fileName).parse(data, options);
}

/** Synchronous `parse`; companions come only from a synchronous resolver. */
export function parseSync(bytes: Uint8Array | ArrayBuffer, options: AnyParseOptions = {}): Scene {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const format = formatFor(data, options.fileName);
  if (!format.parseSync) throw new Error(`${format.name} has no synchronous parser; use parse()`);
  return format.parseSync(data, options);
}
