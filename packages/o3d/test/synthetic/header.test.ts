// Synthetic O3D: the header (versions, name, detection) and the conversion to right-handed glTF space.
import { describe, expect, it } from 'vitest';
import { computeWorldMatrices, FormatError, math } from '@relic3d/core';
import { o3dFormat, parseSync as parseO3d, readO3d } from '../../src/index.js';
import { writeO3d } from '@relic3d/fixtures/o3d';
import { tri, model, parsed } from './helpers.js';

describe('header', () => {
  it('reads v20 (2 forces), v21 and v22 (4 forces), events, bbox, perSlerp', () => {
    for (const version of [20, 21, 22]) {
      const bytes = writeO3d(model({ version, forces: [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]], events: [[1, 2, 3]], bboxMin: [-1, -2, -3], bboxMax: [4, 5, 6] }));
      const raw = readO3d(bytes);
      expect(raw.version).toBe(version);
      expect(raw.name).toBe('test.o3d');
      expect(raw.forces.length).toBe(version >= 22 ? 4 : 2);
      expect(raw.events).toEqual([[1, 2, 3]]);
      const scene = parseO3d(bytes);
      expect(scene.version).toBe(version);
      expect(scene.format).toBe('o3d');
      // Z mirrored: the box's z range flips.
      expect(scene.extras.bboxMin).toEqual([-1, -2, -6]);
      expect(scene.extras.bboxMax).toEqual([4, 5, 3]);
      expect(scene.extras.events).toEqual([[1, 2, -3]]);
      expect((scene.extras.forces as number[][])[1]).toEqual([4, 5, -6]);
      expect(scene.extras.fps).toBe(30);
    }
  });

  it('warns (not fails) when the header name differs from the file name', () => {
    const scene = parseO3d(writeO3d(model({ name: 'region_begin.o3d' })), { fileName: 'region_Path.o3d' });
    expect(scene.warnings.map((w) => w.code)).toEqual(['O3D_NAME_MISMATCH']);
    expect(parseO3d(writeO3d(model({ name: 'Shadow.o3d' })), { fileName: 'dir/shadow.o3d' }).warnings).toEqual([]);
  });

  it('rejects version 18 naming the version, and foreign files as "not a Flyff O3D"', () => {
    const v18 = writeO3d(model({ version: 18 }));
    expect(() => parseO3d(v18)).toThrow(FormatError);
    expect(() => parseO3d(v18)).toThrow(/version 18/);
    const omsi = new Uint8Array([0x84, 0x19, 0x01, 0x17, 0, 0, 0, 0, 0, 0]);
    expect(o3dFormat.test(omsi)).toBe(false);
    expect(() => parseO3d(omsi)).toThrow(/not a Flyff O3D/);
    const first16 = new Uint8Array([16, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(() => parseO3d(first16)).toThrow(/not a Flyff O3D/);
    expect(() => parseO3d(new Uint8Array(0))).toThrow(FormatError);
  });

  it('detects by the XOR-decoded name and a version 20–22', () => {
    expect(o3dFormat.test(writeO3d(model()))).toBe(true);
    expect(o3dFormat.test(writeO3d(model({ version: 20 })))).toBe(true);
    expect(o3dFormat.test(writeO3d(model({ version: 18 })))).toBe(false);
    expect(o3dFormat.test(writeO3d(model({ name: 'test.ase' })))).toBe(false);
    expect(o3dFormat.id).toBe('o3d');
    expect(o3dFormat.extensions).toEqual(['.o3d']);
  });
});

describe('conversion to right-handed glTF space', () => {
  it('mirrors Z and reverses the winding of an asymmetric triangle', () => {
    const scene = parsed(model());
    const prim = scene.meshes[0].primitives[0];
    const p = prim.attributes.POSITION;
    const idx = prim.indices!;
    const corner = (k: number) => [p[idx[k] * 3], p[idx[k] * 3 + 1], p[idx[k] * 3 + 2]];
    // Stored (D3D) order 0,1,2 = (1,0,0), (0,1,0), (0,0,1); now (1,0,0), (0,0,-1), (0,1,0).
    expect([corner(0), corner(1), corner(2)]).toEqual([[1, 0, 0], [0, 0, -1], [0, 1, 0]]);
    // The counter-clockwise normal agrees with the converted stored normal's direction relation.
    const [a, b, c] = [corner(0), corner(1), corner(2)];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const ccw = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    // D3D: (p1−p0)×(p2−p0) of the stored triangle is (1,1,1); mirrored that is (1,1,−1).
    expect(ccw).toEqual([1, 1, -1]);
    expect(Array.from(prim.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, -1]);
  });

  it('transposes and mirrors matrices: world positions are the mirrored D3D row-vector results', () => {
    // localTM = R_z(30°) then T(1, 2, 3) in row-vector form.
    const a = Math.PI / 6;
    const local = [Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];
    const scene = parsed(model({ groups: [[{ type: 0, localTM: local, geometry: tri() }]] }));
    const world = computeWorldMatrices(scene);
    const node = scene.nodes.findIndex((n) => n.mesh !== undefined);
    const m = world.subarray(node * 16, node * 16 + 16);
    for (const p of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) {
      // D3D: p' = p · M.
      const d = [0, 1, 2].map((c) => p[0] * local[c] + p[1] * local[4 + c] + p[2] * local[8 + c] + local[12 + c]);
      const got = math.transformPoint(m, p[0], p[1], -p[2]);
      expect(got[0]).toBeCloseTo(d[0], 5);
      expect(got[1]).toBeCloseTo(d[1], 5);
      expect(got[2]).toBeCloseTo(-d[2], 5);
    }
    expect(scene.nodes[node].translation).toEqual([1, 2, -3]);
  });
});
