import { WriteError, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';
import { FORMAT_NAME } from '../file.js';

/** Options of `writeMdl`. */
export type WriteMdlOptions = WriteOptions;

/** Writes a scene as Ultra Engine MDL files: the scene in glTF conventions, converted at this edge. */
export function writeMdl(scene: Scene, options: WriteMdlOptions = {}): WriteResult {
  void scene;
  void options;
  throw new WriteError({ format: 'mdl', code: 'UNSUPPORTED', limit: 'writing', value: 'not implemented yet' });
}

/** The Ultra Engine MDL writer as plain data (the loaders.gl writer shape). */
export const mdlWriter: FormatWriter<WriteMdlOptions> = {
  id: 'mdl',
  name: FORMAT_NAME,
  extension: '.mdl',
  write: writeMdl,
};
