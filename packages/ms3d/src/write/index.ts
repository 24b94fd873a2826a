import { WriteError, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';

/** Options of `writeMs3d`. */
export type WriteMs3dOptions = WriteOptions;

/** Writes a scene as MilkShape 3D files: the scene in glTF conventions, converted at this edge. */
export function writeMs3d(scene: Scene, options: WriteMs3dOptions = {}): WriteResult {
  void scene;
  void options;
  throw new WriteError({ format: 'ms3d', code: 'UNSUPPORTED', limit: 'writing', value: 'not implemented yet' });
}

/** The MilkShape 3D writer as plain data (the loaders.gl writer shape). */
export const ms3dWriter: FormatWriter<WriteMs3dOptions> = {
  id: 'ms3d',
  name: 'MilkShape 3D',
  extension: '.ms3d',
  write: writeMs3d,
};
