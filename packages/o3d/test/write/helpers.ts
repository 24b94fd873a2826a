// Shared by the writer tests: read back what writeO3d wrote, through a resolver over its files.
import { expect } from 'vitest';
import { FolderIndex, indexResolver, validateScene, type Scene, type WriteResult } from '@relic3d/core';
import { parse, type O3dParseOptions } from '../../src/index.js';

/** A resolver over written files (case-insensitive, listing them, as a folder would). */
export function filesResolver(files: Record<string, Uint8Array>) {
  return indexResolver(FolderIndex.fromPaths(Object.keys(files)), '', (found) => files[found]);
}

/** The written `.o3d`'s name. */
export function modelFile(result: WriteResult): string {
  const name = Object.keys(result.files).find((n) => n.toLowerCase().endsWith('.o3d'));
  expect(name, `no .o3d in ${Object.keys(result.files).join(', ')}`).toBeDefined();
  return name!;
}

/** Parses the written model with its written companions; the scene is valid and the read warns nothing. */
export async function readBack(result: WriteResult, options: O3dParseOptions = {}): Promise<Scene> {
  const name = modelFile(result);
  const scene = await parse(result.files[name], { fileName: name, resolve: filesResolver(result.files), kernels: 'js', ...options });
  expect(validateScene(scene)).toEqual([]);
  return scene;
}
