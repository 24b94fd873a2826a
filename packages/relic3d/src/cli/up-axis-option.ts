import { Option } from 'commander';

/** The up axis `--up-axis` names: the content's, for formats that fix none by themselves. */
export type UpAxis = 'y' | 'z';

/**
 * `--up-axis y|z`: overrides a format's up-axis rule for a file that breaks it. Only `.lod` reads it
 * (LODka3D content is Z-up, turned to glTF's +Y up); the other formats fix their axes themselves.
 */
export const upAxisOption = (): Option =>
  new Option('--up-axis <axis>', ".lod: the up axis of the file's content (default z, LODka3D's own; y keeps a file that breaks the rule as stored)").choices(['y', 'z']);

/** The parse options `--up-axis` sets (none when it is not given). */
export const upAxisFormatOptions = (opts: { upAxis?: UpAxis }): { upAxis?: UpAxis } => (opts.upAxis ? { upAxis: opts.upAxis } : {});
