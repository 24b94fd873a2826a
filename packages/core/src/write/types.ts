import type { Scene, Warning } from '../scene/types.js';

export interface WriteOptions {
  /** Base name of the written files, without extension (default: the scene's name, else `model`). */
  name?: string;
  /** Called for each warning, in addition to `result.warnings`. */
  onWarning?: (warning: Warning) => void;
  /** Code page of names in the file (default: the format's usual one). */
  codePage?: string;
}

/** What a writer returns: every file it made, by file name, and what it could not carry. */
export interface WriteResult {
  files: Record<string, Uint8Array>;
  warnings: Warning[];
}

/** A writer: plain data plus `write` (the loaders.gl writer shape). */
export interface FormatWriter<O extends WriteOptions = WriteOptions> {
  /** The id of the format it writes (`ms3d`, `ase`, …). */
  id: string;
  name: string;
  /** Extension of the main file, with the dot. */
  extension: string;
  write(scene: Scene, options?: O): WriteResult;
}
