// The model a command reads: any input format, glTF (.glb/.gltf) included, through parseFile.
import type { Resolver, Scene } from '@relic3d/core';
import { parseFile } from '../parse-file.js';
import type { readSetup } from './options.js';

/**
 * Reads `file` into a scene with the contained resolver of its folder (`readSetup`: `--root` widens it):
 * a legacy model's companions, or a .gltf's .bin and images, come from the same folder, never
 * outside the root. `resolve` is that resolver, for the export's textures.
 */
export async function readInput(file: string, setup: ReturnType<typeof readSetup>): Promise<{ scene: Scene; resolve: Resolver }> {
  const { resolve, parse } = setup;
  return { scene: await parseFile(file, parse), resolve };
}
