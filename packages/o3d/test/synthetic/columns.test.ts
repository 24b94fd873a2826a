// The gather from columns (scene/vertices.ts): a geometry that a public read split into columns
// (readO3d), built into a scene. Columns edited in memory may disagree in length with each other.
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@relic3d/kernels';
import { validateScene, WarningSink, type Scene } from '@relic3d/core';
import { writeO3d } from '@relic3d/fixtures/o3d';
import { readO3d } from '../../src/index.js';
import type { O3dFile, O3dGeometry } from '../../src/file.js';
import { buildO3dScene } from '../../src/scene/index.js';
import { model, tri } from './helpers.js';

/** One triangle: the build reverses its winding (0, 2, 1), so the gather is not the identity. */
const file = (): O3dFile => readO3d(writeO3d(model({ groups: [[{ type: 0, geometry: tri() }]] })));
const geometryOf = (f: O3dFile): O3dGeometry => f.groups[0][0].geometry;

function build(f: O3dFile, kernels?: 'js' | 'wasm'): Scene {
  const sink = new WarningSink('o3d');
  const scene = sink.attach(buildO3dScene(f, { motions: [] }, { kernels }, sink));
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

const attributesOf = (scene: Scene) => {
  const a = scene.meshes[0].primitives[0].attributes;
  return { position: Array.from(a.POSITION), normal: Array.from(a.NORMAL!), uv: Array.from(a.TEXCOORD_0!) };
};

describe.each(['js', 'wasm'] as const)('gather from columns (%s)', (kernels) => {
  beforeAll(() => ready());

  it('gathers the stored vertices in first-use order (0, 2, 1), z mirrored', () => {
    const scene = build(file(), kernels);
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2]);
    // tri(): p (1,0,0) (0,1,0) (0,0,1), n (0,0,1) each, uv (0,0) (1,0) (0,1); z as 0 − z (+0, not −0).
    expect(attributesOf(scene)).toEqual({
      position: [1, 0, 0, 0, 0, -1, 0, 1, 0],
      normal: [0, 0, -1, 0, 0, -1, 0, 0, -1],
      uv: [0, 0, 0, 1, 1, 0],
    });
    expect(scene.warnings).toEqual([]);
  });

  it('short normal and uv columns: the missing values are 0 and reported, no untyped error', () => {
    const f = file();
    const g = geometryOf(f);
    g.normals = Float32Array.of(0, 1, 0); // vertex 0 only
    g.uvs = new Float32Array(0);
    const scene = build(f, kernels);
    expect(attributesOf(scene)).toEqual({
      position: [1, 0, 0, 0, 0, -1, 0, 1, 0],
      normal: [0, 1, 0, 0, 0, 0, 0, 0, 0],
      uv: [0, 0, 0, 0, 0, 0],
    });
    // Vertices 2 and 1 have no normal (6 values), none has a uv (6 values).
    expect(scene.warnings.map((w) => [w.code, w.message.match(/\d+ vertex values/)?.[0]])).toEqual([['O3D_NOT_FINITE', '12 vertex values']]);
  });

  it('short columns in stored order (the whole-column path): still one value per vertex, a valid scene', () => {
    const f = file();
    const g = geometryOf(f);
    g.indices = Uint16Array.of(0, 2, 1); // reversed to (0, 1, 2): the stored order
    g.normals = g.normals.subarray(0, 6);
    const scene = build(f, kernels);
    expect(attributesOf(scene)).toEqual({
      position: [1, 0, 0, 0, 1, 0, 0, 0, -1],
      normal: [0, 0, -1, 0, 0, -1, 0, 0, 0],
      uv: [0, 0, 1, 0, 0, 1],
    });
    expect(scene.warnings.map((w) => [w.code, w.message.match(/\d+ vertex values/)?.[0]])).toEqual([['O3D_NOT_FINITE', '3 vertex values']]);
  });

  it('an index past the position column drops its triangle, with a warning', () => {
    const f = file();
    const g = geometryOf(f);
    g.indices = Uint16Array.of(0, 1, 2, 2, 1, 3);
    g.blocks = [];
    const scene = build(f, kernels);
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2]);
    expect(attributesOf(scene).position).toEqual([1, 0, 0, 0, 0, -1, 0, 1, 0]);
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_INDEX_RANGE']);
  });

  it('a position column ending in a partial vertex: only whole vertices are used (no untyped RangeError)', () => {
    const f = file();
    const g = geometryOf(f);
    g.positions = g.positions.subarray(0, 8); // vertex 2 lacks its z
    const scene = build(f, kernels);
    // The one triangle names vertex 2, so it is dropped and there is no mesh.
    expect(scene.meshes).toEqual([]);
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_INDEX_RANGE']);
  });
});
