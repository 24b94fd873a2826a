// Mesh data outside any object: bare bodies and top-level *MESH blocks become objects, with warnings.
import { computeBounds, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { aseFormat, readAse } from '../../src/index.js';
import { aseFile, cube, enc, geom, mesh, type MeshSpec, type V3 } from '@relic3d/fixtures/ase';
import { load, codes, worldBox, expectBox } from './helpers.js';

describe('mesh data outside any object (no header, no *GEOMOBJECT)', () => {
  /** A closed UV sphere of radius 1 about Max Z: 3 rings × 61 segments + 2 poles = 185 vertices, 366 faces. */
  const sphere = (): MeshSpec => {
    const rings = 3, segments = 61;
    const vertices: V3[] = [[0, 0, 1]];
    for (let r = 1; r <= rings; r++) {
      const phi = (Math.PI * r) / (rings + 1);
      for (let k = 0; k < segments; k++) {
        const theta = (2 * Math.PI * k) / segments;
        vertices.push([Math.sin(phi) * Math.cos(theta), Math.sin(phi) * Math.sin(theta), Math.cos(phi)]);
      }
    }
    vertices.push([0, 0, -1]);
    const at = (r: number, k: number) => 1 + (r - 1) * segments + (k % segments);
    const faces: V3[] = [];
    for (let k = 0; k < segments; k++) faces.push([0, at(1, k), at(1, k + 1)]);
    for (let r = 1; r < rings; r++) {
      for (let k = 0; k < segments; k++) faces.push([at(r, k), at(r + 1, k), at(r + 1, k + 1)], [at(r, k), at(r + 1, k + 1), at(r, k + 1)]);
    }
    for (let k = 0; k < segments; k++) faces.push([vertices.length - 1, at(rings, k + 1), at(rings, k)]);
    return { vertices, faces };
  };
  const triangles = (s: Scene) => s.meshes.flatMap((m) => m.primitives).reduce((n, p) => n + (p.indices?.length ?? 0) / 3, 0);

  it('a bare mesh body at the top level is read as an object, with warnings (185 vertices, 366 faces)', () => {
    const m = sphere();
    expect([m.vertices.length, m.faces.length]).toEqual([185, 366]);
    // The body of a *MESH block with no *MESH around it, no header and no object.
    const body = mesh(m).split('\n').slice(1, -1).join('\n');
    expect(body.startsWith('*TIMEVALUE 0')).toBe(true);
    expect(aseFormat.test(enc(body))).toBe(true);
    const s = load(body);
    expect(codes(s)).toEqual(['ASE_NO_HEADER', 'ASE_MESH_OUTSIDE_OBJECT']);
    expect(s.meshes).toHaveLength(1);
    expect(triangles(s)).toBe(366);
    expect(s.nodes[0].extras?.meshOutsideObject).toBe(true);
    expectBox(computeBounds(s), worldBox(m.vertices));
    const raw = readAse(enc(body)).objects;
    expect(raw.map((o) => [o.kind, o.mesh?.numVertex, o.mesh?.numFaces])).toEqual([['geom', 185, 366]]);
  });

  it('a *MESH block at the top level, and two bodies in a row, each become an object', () => {
    const block = load(mesh(sphere()));
    expect(codes(block)).toEqual(['ASE_NO_HEADER', 'ASE_MESH_OUTSIDE_OBJECT']);
    expect(triangles(block)).toBe(366);
    const body = (m: MeshSpec) => mesh(m).split('\n').slice(1, -1).join('\n');
    const two = load(`${body(cube())}\n${body(cube([10, 0, 0]))}`);
    expect(two.meshes).toHaveLength(2);
    expect(triangles(two)).toBe(24);
    expectBox(computeBounds(two), worldBox([...cube().vertices, ...cube([10, 0, 0]).vertices]));
    // With a header and an object as well, the loose body is one more object.
    const mixed = load(aseFile([geom('Box', cube())]) + body(cube([0, 0, 5])));
    expect(mixed.nodes.map((n) => n.name)).toEqual(['Box', 'geom1']);
    expect(codes(mixed)).toEqual(['ASE_MESH_OUTSIDE_OBJECT']);
  });

  it('a file with nothing but unknown top-level keywords says so (never a silent empty scene)', () => {
    const s = load('*3DSMAX_ASCIIEXPORT 200\n*SOMETHING_ELSE {\n*A 1\n}\n*OTHER 2\n');
    expect(s.nodes).toEqual([]);
    expect(s.warnings.map((w) => [w.code, w.message])).toEqual([['ASE_NO_OBJECTS', 'no object was read; 2 unknown top-level keywords kept in extras.unknown: *SOMETHING_ELSE, *OTHER']]);
    // An unknown top-level keyword beside objects stays silent, as before.
    expect(load(aseFile([geom('Box', cube())]) + '*SOMETHING_ELSE 1\n').warnings).toEqual([]);
  });
});
