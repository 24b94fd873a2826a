// Synthetic O3D: malformed geometry warns or is rejected against the client limits.
import { describe, expect, it } from 'vitest';
import { readO3d } from '../../src/index.js';
import { writeO3d } from '@relic3d/fixtures/o3d';
import { tri, model, parsed } from './helpers.js';

describe('malformed geometry', () => {
  it('warns when the VB → vertex map points past the vertex list, and keeps the mesh', () => {
    const scene = parsed(model({ groups: [[{ type: 0, geometry: tri({ vertexList: [[0, 0, 0]], vertexMap: [0, 5, 9] }) }]] }));
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_VERTEX_MAP_RANGE']);
    expect(scene.meshes.length).toBe(1);
  });

  it('drops triangles whose indices run past the vertices, with a warning', () => {
    const scene = parsed(model({ groups: [[{ type: 0, geometry: tri({ indices: [0, 1, 2, 0, 1, 7], blocks: [{ start: 0, count: 2 }] }) }]] }));
    expect(scene.warnings.map((w) => w.code)).toContain('O3D_INDEX_RANGE');
    expect(scene.meshes[0].primitives[0].indices!.length).toBe(3);
  });

  it('rejects counts beyond the client limits', () => {
    expect(() => readO3d(writeO3d(model({ events: Array.from({ length: 9 }, () => [0, 0, 0] as [number, number, number]) })))).toThrow(/event count/);
    expect(() => readO3d(writeO3d(model({ groups: [[{ type: 0, bones: Array(29).fill(0), geometry: tri() }]] })))).toThrow(/palette/);
  });
});
