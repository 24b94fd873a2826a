import { WriteError, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';

/** Options of `writeO3d`. */
export type WriteO3dOptions = WriteOptions;

/** Writes a scene as Flyff O3D files: the scene in glTF conventions, converted at this edge. */
export function writeO3d(scene: Scene, options: WriteO3dOptions = {}): WriteResult {
  void scene;
  void options;
  throw new WriteError({ format: 'o3d', code: 'UNSUPPORTED', limit: 'writing', value: 'not implemented yet' });
}

/** The Flyff O3D writer as plain data (the loaders.gl writer shape). */
export const o3dWriter: FormatWriter<WriteO3dOptions> = {
  id: 'o3d',
  name: 'Flyff O3D',
  extension: '.o3d',
  write: writeO3d,
};
