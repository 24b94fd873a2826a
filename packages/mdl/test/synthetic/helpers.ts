// Shared helpers for the synthetic MDL tests: scene validation, FormatError capture, a one-triangle mesh.
import { isFormatError, validateScene, type Scene } from '@relic3d/core';
import { expect } from 'vitest';
import type { WMesh } from '@relic3d/fixtures/mdl';

export const valid = (scene: Scene) => {
  expect(validateScene(scene)).toEqual([]);
  return scene;
};

export function errorOf(fn: () => unknown): Error & { code?: string; offset?: number } {
  try {
    fn();
  } catch (e) {
    expect(isFormatError(e)).toBe(true);
    return e as Error;
  }
  throw new Error('expected a FormatError');
}

export const tri = (name = 'tri', extra: Partial<WMesh> = {}): WMesh => ({
  name,
  material: '',
  vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
  indices: [0, 1, 2],
  ...extra,
});
