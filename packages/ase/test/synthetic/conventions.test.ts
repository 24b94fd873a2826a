// Conversion to glTF conventions: Y-up axes, object-space normals, mirrored winding, UVs, vertex colours.
import { computeBounds, math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readAse } from '../../src/index.js';
import { aseFile, cube, enc, geom, type MeshSpec, type Rows, type V3 } from '@relic3d/fixtures/ase';
import { load, yUp, close, worldOf, rotZ, applyRows, worldBox, expectBox } from './helpers.js';

describe('conversion to glTF conventions', () => {
  it('maps Max Z-up to Y-up: world box = file vertices (x, z, −y); static nodes keep their NODE_TM', () => {
    const rows = rotZ(30, [5, -7, 2]);
    const m = cube();
    m.vertices = m.vertices.map((v) => applyRows(v, rows) as V3);
    const scene = load(aseFile([geom('Box', m, { rows })]));
    expectBox(computeBounds(scene), worldBox(m.vertices));
    // The node's scene world matrix is C·W·C⁻¹: its translation is TM_ROW3 mapped to Y-up.
    close(worldOf(scene, 'Box').subarray(12, 15), yUp(rows[3]));
    // Local vertices are object space: the first vertex is (−1, −1, −1) in Max axes → (−1, −1, 1).
    close(scene.meshes[0].primitives[0].attributes.POSITION.subarray(0, 3), [-1, -1, 1]);
  });

  it('normals are object space, rotated by NODE_TM into the world (spec §4.3)', () => {
    const rows = rotZ(90, [0, 0, 0]);
    const m = cube();
    m.vertices = m.vertices.map((v) => applyRows(v, rows) as V3);
    const scene = load(aseFile([geom('Box', m, { rows })]));
    const world = worldOf(scene, 'Box');
    const p = scene.meshes[0].primitives[0];
    const normalMatrix = math.transpose(math.invert(world)!);
    // Every corner: world normal · world vertex direction > 0 (cube centred at the origin).
    for (let v = 0; v < p.attributes.POSITION.length / 3; v++) {
      const pos = math.transformPoint(world, p.attributes.POSITION[v * 3], p.attributes.POSITION[v * 3 + 1], p.attributes.POSITION[v * 3 + 2]);
      const n = p.attributes.NORMAL!.subarray(v * 3, v * 3 + 3);
      const wn = [0, 1, 2].map((j) => normalMatrix[j] * n[0] + normalMatrix[4 + j] * n[1] + normalMatrix[8 + j] * n[2]);
      expect(wn[0] * pos[0] + wn[1] * pos[1] + wn[2] * pos[2]).toBeGreaterThan(0);
    }
  });

  it('a negative-scale (mirrored) node keeps correct winding: world triangles face their world normals', () => {
    const rows: Rows = [[-1, 0, 0], [0, 1, 0], [0, 0, 1], [3, 0, 0]];
    const m = cube();
    // The exporter writes world vertices; faces stay outward CCW in world space (corners swapped).
    m.vertices = m.vertices.map((v) => applyRows(v, rows) as V3);
    m.faces = m.faces.map(([a, b, c]) => [c, b, a]);
    const scene = load(aseFile([geom('Mirror', m, { rows })]));
    const world = worldOf(scene, 'Mirror');
    expect(math.determinant3(world)).toBeLessThan(0);
    expectBox(computeBounds(scene), worldBox(m.vertices));
    const p = scene.meshes[0].primitives[0];
    const nm = math.transpose(math.invert(world)!);
    const w = (v: number) => math.transformPoint(world, p.attributes.POSITION[v * 3], p.attributes.POSITION[v * 3 + 1], p.attributes.POSITION[v * 3 + 2]);
    const centre = yUp([3, 0, 0]);
    const idx = p.indices!;
    for (let t = 0; t < idx.length; t += 3) {
      const [a, b, c] = [w(idx[t]), w(idx[t + 1]), w(idx[t + 2])];
      const cross = [(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]), (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]), (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])];
      const out = [a[0] - centre[0], a[1] - centre[1], a[2] - centre[2]];
      expect(cross[0] * out[0] + cross[1] * out[1] + cross[2] * out[2], `triangle ${t / 3} is CCW from outside`).toBeGreaterThan(0);
      // Rebuilt normals (no *MESH_NORMALS here) point outward in world space too.
      m.faceNormals = undefined;
      const n = p.attributes.NORMAL!.subarray(idx[t] * 3, idx[t] * 3 + 3);
      const wn = [0, 1, 2].map((j) => nm[j] * n[0] + nm[4 + j] * n[1] + nm[8 + j] * n[2]);
      expect(wn[0] * out[0] + wn[1] * out[1] + wn[2] * out[2]).toBeGreaterThan(0);
    }
  });

  it('UVs flip V for glTF (u, 1 − v); *MESH_MAPPINGCHANNEL 2 becomes TEXCOORD_1', () => {
    const m: MeshSpec = {
      vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]],
      faces: [[0, 1, 2]],
      tverts: [[0, 0, 0], [1, 0, 0], [0, 0.25, 0]],
      tfaces: [[0, 1, 2]],
      channels: [{ channel: 2, tverts: [[0.5, 0.5, 0], [0.75, 0.5, 0], [0.5, 1, 0]], tfaces: [[0, 1, 2]] }],
    };
    const scene = load(aseFile([geom('Tri', m)]));
    const a = scene.meshes[0].primitives[0].attributes;
    close(a.TEXCOORD_0!, [0, 1, 1, 1, 0, 0.75]);
    close(a.TEXCOORD_1!, [0.5, 0.5, 0.75, 0.5, 0.5, 0]);
    const raw = readAse(enc(aseFile([geom('Tri', m)])));
    expect(raw.objects[0].mesh!.channels.map((c) => c.channel)).toEqual([1, 2]);
  });

  it('vertex colours via *MESH_CFACE; vertices split by (position, uv, normal, colour)', () => {
    const m: MeshSpec = {
      vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
      faces: [[0, 1, 2], [2, 1, 3]],
      cverts: [[1, 0, 0], [0, 1, 0]],
      cfaces: [[0, 0, 0], [1, 1, 1]],
      smoothing: ['1', '1'],
    };
    const scene = load(aseFile([geom('Quad', m)]));
    const a = scene.meshes[0].primitives[0].attributes;
    // Vertices 1 and 2 carry two colours → 6 render vertices.
    expect(a.POSITION.length / 3).toBe(6);
    expect(Array.from(a.COLOR_0!.subarray(0, 4))).toEqual([1, 0, 0, 1]);
    expect(Array.from(a.COLOR_0!.subarray(20, 24))).toEqual([0, 1, 0, 1]);
  });
});
