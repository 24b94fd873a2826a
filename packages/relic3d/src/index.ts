import { detectFormat, requireFormat, type Format, type ParseOptions, type Scene } from '@relic3d/core';
import { inputFormats } from '@relic3d/formats';

/** Every format relic3d reads (importing relic3d registers them in core's registry too); glTF is the sixth input. */
export { formats, formatExtensions, ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat } from '@relic3d/formats';
export { inputFormats, inputExtensions, gltfFormat } from '@relic3d/formats';

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

export { describeScene, type SceneInfo } from './info.js';
export { write, writerFor, fileNameProblem, checkFileNames, writers, ms3dWriter, aseWriter, o3dWriter, mdlWriter, lodWriter, type AnyWriteOptions } from './write.js';
export { kernelSkinning } from './bounds.js';
export * from '@relic3d/core';
export * from '@relic3d/gltf';
export * as ms3d from '@relic3d/ms3d';
export * as ase from '@relic3d/ase';
export * as o3d from '@relic3d/o3d';
export * as mdl from '@relic3d/mdl';
export * as lod from '@relic3d/lod';
export * as gltf from '@relic3d/gltf';
export { ready, setKernelMode, getKernelMode, supported as wasmSupported, simdSupported } from '@relic3d/kernels';
