// The model a command reads: any legacy format (parseFile), or glTF (.glb/.gltf) through fromGltf.
import { closeSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Resolver, Scene } from '@relic3d/core';
import { fromGltf } from '@relic3d/gltf';
import { parseFile } from '../node.js';
import type { readSetup } from './options.js';

/** Whether `file` is glTF: its extension, or a binary glTF's magic. */
export function isGltfFile(file: string): boolean {
  if (/\.(glb|gltf)$/i.test(file)) return true;
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === 'glTF';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Reads `file` into a scene with the contained resolver of its folder (`readSetup`: `--root` widens it): a
 * legacy model through `parseFile`, glTF through `fromGltf` (its .bin and images from the same
 * folder, never outside the root). `resolve` is that resolver, for the export's textures.
 */
export async function readInput(file: string, setup: ReturnType<typeof readSetup>): Promise<{ scene: Scene; resolve: Resolver }> {
  const { resolve, parse } = setup;
  if (!isGltfFile(file)) return { scene: await parseFile(file, parse), resolve };
  const bytes = new Uint8Array(await readFile(file));
  return { scene: await fromGltf(bytes, { resolve }), resolve };
}
