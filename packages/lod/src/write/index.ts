import { WriteError, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';

/** Options of `writeLod`. */
export type WriteLodOptions = WriteOptions;

/** Writes a scene as LODka3D files: the scene in glTF conventions, converted at this edge. */
export function writeLod(scene: Scene, options: WriteLodOptions = {}): WriteResult {
  void scene;
  void options;
  throw new WriteError({ format: 'lod', code: 'UNSUPPORTED', limit: 'writing', value: 'not implemented yet' });
}

/** The LODka3D writer as plain data (the loaders.gl writer shape). */
export const lodWriter: FormatWriter<WriteLodOptions> = {
  id: 'lod',
  name: 'LODka3D',
  extension: '.lod',
  write: writeLod,
};
