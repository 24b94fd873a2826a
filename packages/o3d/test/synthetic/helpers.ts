// Shared builders for the synthetic O3D tests: a one-triangle geometry, a model around it, a validated parse.
import { expect } from 'vitest';
import { validateScene, type Scene } from '@relic3d/core';
import { parseSync as parseO3d } from '../../src/index.js';
import { writeO3d, type WGeometry, type WO3d } from '@relic3d/fixtures/o3d';

export const tri = (over: Partial<WGeometry> = {}): WGeometry => ({
  vertices: [
    { p: [1, 0, 0], n: [0, 0, 1], uv: [0, 0] },
    { p: [0, 1, 0], n: [0, 0, 1], uv: [1, 0] },
    { p: [0, 0, 1], n: [0, 0, 1], uv: [0, 1] },
  ],
  indices: [0, 1, 2],
  materials: [{ texture: 'tex.dds' }],
  ...over,
});

export const model = (over: Partial<WO3d> = {}): WO3d => ({ name: 'test.o3d', groups: [[{ type: 0, geometry: tri() }]], ...over });

export function parsed(o: WO3d, options: Parameters<typeof parseO3d>[1] = {}): Scene {
  const scene = parseO3d(writeO3d(o), options);
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

export const meshNodes = (scene: Scene) => scene.nodes.filter((n) => n.mesh !== undefined);
