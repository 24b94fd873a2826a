// The one list of relic3d's formats. relic3d, the batch workers and the viewer's worker import it
// statically; importing it also registers them in core's registry, the default of `detectFormat`,
// `requireFormat` and @relic3d/three's RelicLoader. glTF is a sixth input (`inputFormats`), read
// with @relic3d/gltf's fromGltf; it is kept out of `formats`, whose five each have a writer.
import { registerFormat, type Format, type FormatWriter } from '@relic3d/core';
import { aseFormat, aseWriter } from '@relic3d/ase';
import { lodFormat, lodWriter } from '@relic3d/lod';
import { mdlFormat, mdlWriter } from '@relic3d/mdl';
import { ms3dFormat, ms3dWriter } from '@relic3d/ms3d';
import { o3dFormat, o3dWriter } from '@relic3d/o3d';
import { gltfFormat } from './gltf-format.js';

/** The five legacy formats relic3d reads and writes, in detection order. Each keeps its own options type. */
export const formats: readonly Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat];

/** The file extensions of `formats` ('.ms3d', '.ase', …), lower case, each once. */
export const formatExtensions: readonly string[] = [...new Set(formats.flatMap((f) => f.extensions.map((e) => e.toLowerCase())))];

/** Every format relic3d writes, in the order of `formats`. Each keeps its own options type. */
export const writers: readonly FormatWriter[] = [ms3dWriter, aseWriter, o3dWriter, mdlWriter, lodWriter];

/** Every format relic3d reads: the five, then glTF (.glb/.gltf), in detection order. */
export const inputFormats: readonly Format[] = [...formats, gltfFormat];

/** The file extensions of `inputFormats` ('.ms3d', …, '.glb', '.gltf'), lower case, each once. */
export const inputExtensions: readonly string[] = [...new Set(inputFormats.flatMap((f) => f.extensions.map((e) => e.toLowerCase())))];

for (const format of inputFormats) registerFormat(format);

export { ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat, gltfFormat };
export { isGltf, type GltfParseOptions } from './gltf-format.js';
export { ms3dWriter, aseWriter, o3dWriter, mdlWriter, lodWriter };
