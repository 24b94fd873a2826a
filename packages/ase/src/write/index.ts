import { WriteError, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';

/** Options of `writeAse`. */
export type WriteAseOptions = WriteOptions;

/** Writes a scene as 3ds Max ASCII Scene Export files: the scene in glTF conventions, converted at this edge. */
export function writeAse(scene: Scene, options: WriteAseOptions = {}): WriteResult {
  void scene;
  void options;
  throw new WriteError({ format: 'ase', code: 'UNSUPPORTED', limit: 'writing', value: 'not implemented yet' });
}

/** The 3ds Max ASCII Scene Export writer as plain data (the loaders.gl writer shape). */
export const aseWriter: FormatWriter<WriteAseOptions> = {
  id: 'ase',
  name: '3ds Max ASCII Scene Export',
  extension: '.ase',
  write: writeAse,
};
