// The one list of relic3d's formats. relic3d, the batch workers and the viewer's worker import it
// statically; importing it also registers them in core's registry, the default of `detectFormat`,
// `requireFormat` and @relic3d/three's RelicLoader.
import { registerFormat, type Format } from '@relic3d/core';
import { aseFormat } from '@relic3d/ase';
import { lodFormat } from '@relic3d/lod';
import { mdlFormat } from '@relic3d/mdl';
import { ms3dFormat } from '@relic3d/ms3d';
import { o3dFormat } from '@relic3d/o3d';

/** Every format relic3d reads, in detection order. Each keeps its own options type. */
export const formats: readonly Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat];

/** The file extensions of `formats` ('.ms3d', '.ase', …), lower case, each once. */
export const formatExtensions: readonly string[] = [...new Set(formats.flatMap((f) => f.extensions.map((e) => e.toLowerCase())))];

for (const format of formats) registerFormat(format);

export { ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat };
