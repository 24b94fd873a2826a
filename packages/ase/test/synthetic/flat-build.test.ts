// Issue 25: the raw file's flat keys and weights (ragged rows kept exact), lists in file order taken
// whole or placed by index, and the fused corner pass (faces grouped per material, dropped faces,
// texture corners naming nothing). Expectations are written out from the text the test builds.
import { describe, expect, it } from 'vitest';
import { readAse } from '../../src/index.js';
import { aseFile, cube, enc, geom, material, tmAnimation, type MeshSpec } from '@relic3d/fixtures/ase';
import { codes, load } from './helpers.js';

describe('flat raw keys and weights', () => {
  it('keys of different lengths: times, starts and values exactly as written; the scene pads a short key', () => {
    const rows = ['*CONTROL_POS_SAMPLE 0\t1.0000\t2.0000\t3.0000', '*CONTROL_POS_SAMPLE 160\t4.0000\t5.0000', '*CONTROL_POS_SAMPLE 320\t6.0000\t7.0000\t8.0000\t9.0000'];
    const text = aseFile([geom('P', cube(), { tail: [tmAnimation('P', { CONTROL_POS_TRACK: rows })] })]);
    const pos = readAse(enc(text)).objects[0].animations[0].pos!;
    expect(pos.kind).toBe('sample');
    expect([...pos.time]).toEqual([0, 160, 320]);
    expect([...pos.start]).toEqual([0, 3, 5, 9]);
    expect([...pos.value]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const channel = load(text).animations[0].channels.find((c) => c.path === 'translation')!;
    // Max (x, y, z) → (x, z, −y); the short key's missing z is 0, the long key's fourth value unused.
    const at = (t: number) => [...channel.values.subarray(t * 3, t * 3 + 3)];
    expect(channel.times.length).toBe(3);
    expect(at(0)).toEqual([1, 3, -2]);
    expect(at(1)).toEqual([4, 0, -5]);
    expect(at(2)).toEqual([6, 8, -7]);
  });

  it('weights: pairs per vertex as written; unknown vertices and bones are dropped with warnings', () => {
    const base = cube();
    const m: MeshSpec = {
      ...base,
      weights: {
        bones: ['A', 'B'],
        vertices: base.vertices.map((_, index) => ({ index, pairs: index === 3 ? ([[0, 0.25], [1, 0.5], [7, 0.25]] as [number, number][]) : ([[index & 1, 1]] as [number, number][]) })),
      },
    };
    // A last row for a vertex the mesh does not have.
    const text = aseFile([geom('A', cube([5, 0, 0])), geom('B', cube([9, 0, 0])), geom('Skin', m)]).replace(/(\*MESH_BONE_VERTEX_LIST \{(?:\n[^}]*))\}/, '$1*MESH_BONE_VERTEX 99\t0.0000\t0.0000\t0.0000 0 1.0000\n}');
    const w = readAse(enc(text)).objects[2].mesh!.weights!;
    expect(w.boneNames).toEqual(['A', 'B']);
    expect([...w.vertex]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 99]);
    expect([...w.start]).toEqual([0, 1, 2, 3, 6, 7, 8, 9, 10, 11]);
    expect([...w.bone.subarray(3, 6)]).toEqual([0, 1, 7]);
    expect([...w.weight.subarray(3, 6)]).toEqual([0.25, 0.5, 0.25]);
    const s = load(text);
    expect(codes(s)).toContain('ASE_SKIN_BONE'); // bone 7 names nothing
    expect(s.warnings.find((x) => x.code === 'ASE_SKIN_BONE')!.message).toMatch(/1 weights name unknown bones/);
    expect(s.skins[0].joints.length).toBe(2);
  });
});

describe('lists in file order and out of it', () => {
  const spec = cube([1, 2, 3]);
  const text = aseFile([geom('Box', spec)]);
  const vertexRows = (t: string) => t.split('\n').filter((l) => /^\s*\*MESH_VERTEX /.test(l));

  it('a list whose rows come in any order reads the same vertices; a missing row stays 0 with a warning', () => {
    const rows = vertexRows(text);
    expect(rows.length).toBe(8);
    const shuffled = text.replace(rows.join('\n'), [...rows].reverse().join('\n'));
    const a = readAse(enc(text)).objects[0].mesh!.vertices, b = readAse(enc(shuffled)).objects[0].mesh!.vertices;
    expect([...a]).toEqual(spec.vertices.flat());
    expect([...b]).toEqual([...a]);
    const short = readAse(enc(text.replace(`${rows[7]}\n`, '')));
    expect([...short.objects[0].mesh!.vertices]).toEqual([...spec.vertices.slice(0, 7).flat(), 0, 0, 0]);
    expect(short.warnings.map((w) => w.code)).toContain('ASE_COUNT_MISMATCH');
  });
});

describe('fused corner pass', () => {
  const subs = [material(0, 'red', {}, 'SUBMATERIAL'), material(1, 'blue', {}, 'SUBMATERIAL')];
  const materials = [material(0, 'multi', { subs })];

  it('faces of interleaved material ids are grouped per material in order of first use', () => {
    const m = { ...cube(), mtlIds: [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0] };
    const s = load(aseFile([geom('M', m, { materialRef: 0 })], { materials }));
    const prims = s.meshes[0].primitives;
    expect(prims.map((p) => p.material)).toEqual([2, 1]); // blue (id 1) is used first
    expect(prims.map((p) => p.indices!.length)).toEqual([18, 18]);
    expect(prims.map((p) => p.extras!.mtlIds)).toEqual([[1], [0]]);
  });

  it('faces naming missing vertices are dropped; texture corners naming missing texture vertices warn and read (0, 0)', () => {
    const base = cube();
    const faces = base.faces.map((f, i) => (i === 11 ? ([0, 1, 42] as [number, number, number]) : f));
    const tfaces = base.faces.map((f, i) => (i === 0 ? ([0, 1, 77] as [number, number, number]) : f));
    const m: MeshSpec = { ...base, faceNormals: undefined, vertexNormals: undefined, faces, tverts: base.vertices.map(([x, y]) => [x * 0.25 + 0.5, y * 0.25 + 0.5, 0]), tfaces };
    const s = load(aseFile([geom('T', m)]));
    expect(codes(s)).toEqual(expect.arrayContaining(['ASE_BAD_FACE', 'ASE_BAD_INDEX']));
    expect(s.warnings.find((w) => w.code === 'ASE_BAD_FACE')!.message).toMatch(/1 faces/);
    expect(s.warnings.find((w) => w.code === 'ASE_BAD_INDEX')!.message).toMatch(/1 texture corners of channel 1/);
    const p = s.meshes[0].primitives[0];
    expect(p.indices!.length).toBe(11 * 3);
    const uv = p.attributes.TEXCOORD_0!;
    // The bad corner is the third corner of face 0: its UV is left (0, 0) by the build, no texture vertex.
    const corner = p.indices![2];
    expect([uv[corner * 2], uv[corner * 2 + 1]]).toEqual([0, 0]);
  });
});
