// List rows in the exporters' form take a byte fast path (src/read/fast-rows.ts); every other form
// goes through the general loop. Both must read the same values, mixed row by row.
import { describe, expect, it } from 'vitest';
import { readAse } from '../../src/index.js';
import { aseFile, cube, enc, geom, tmAnimation, type MeshSpec } from '@relic3d/fixtures/ase';
import { load } from './helpers.js';

const spec = (): MeshSpec => ({
  ...cube([1.5, -2.25, 0.125]),
  tverts: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0.25, 0.75, 0], [0.5, 0.5, 0], [0.75, 0.25, 0], [0.1, 0.9, 0]],
  tfaces: cube().faces,
  mtlIds: cube().faces.map((_, i) => i % 3),
});

/** Every other row of each list rewritten into a form only the general loop reads, same values. */
function dialect(text: string): string {
  let i = 0;
  const odd = () => (i++ & 1) === 1;
  return text
    .split('\n')
    .map((line) => {
      if (!/^\s*\*MESH_(VERTEX|TVERT|TFACE|FACE|FACENORMAL|VERTEXNORMAL) /.test(line) || !odd()) return line;
      if (line.startsWith('*MESH_FACE ')) {
        // Lower-case labels, index without its colon, the smoothing group as a one-item comma list.
        return line.replace(/A:/g, 'a:').replace(/(\d+):/, '$1').replace(/\*MESH_SMOOTHING (\d+)/, '*MESH_SMOOTHING $1,');
      }
      // Lower-case keyword and exponent forms of the same decimals: 0.5000 → 5.0000e-1.
      return line.replace(/\*MESH_\w+/, (k) => k.toLowerCase()).replace(/(-?)(\d)\.(\d{4})(?=\s|$)/g, '$1$2$3.0000e-4');
    })
    .join('\n');
}

describe('list rows: byte fast path and general loop agree', () => {
  const text = aseFile([geom('Box', spec())]);
  const mixed = dialect(text);

  it('the dialect really rewrites rows (so both paths run)', () => {
    expect(mixed).not.toBe(text);
    expect(mixed).toMatch(/\*mesh_vertex \d+\t-?\d+\.0000e-4/);
    expect(mixed).toMatch(/\*MESH_FACE +\d+ +a:/);
    expect(mixed).toMatch(/\*mesh_vertexnormal /);
  });

  it('raw lists are the same values as the spec, on both paths', () => {
    const s = spec();
    for (const source of [text, mixed]) {
      const m = readAse(enc(source)).objects[0].mesh!;
      expect(Array.from(m.vertices)).toEqual(s.vertices.flat().map(Math.fround));
      expect(Array.from(m.faces)).toEqual(s.faces.flat());
      expect(Array.from(m.mtlIds)).toEqual(s.mtlIds);
      // Smoothing groups 1..6, two faces each: bit g−1.
      expect(Array.from(m.smoothing)).toEqual(s.faces.map((_, i) => 1 << (i >> 1)));
      expect(Array.from(m.edges.subarray(0, 3))).toEqual([1, 1, 0]);
      expect(Array.from(m.channels[0].tverts)).toEqual(s.tverts!.flat().map(Math.fround));
      expect(Array.from(m.channels[0].tfaces)).toEqual(s.tfaces!.flat());
      expect(m.normals!.vertexNormalVertex.length).toBe(36);
      expect(Array.from(m.normals!.faceNormals.subarray(0, 6))).toEqual([0, 0, -1, 0, 0, -1]);
    }
  });

  it('mixed rows give the same raw file and the same scene bits', () => {
    const a = readAse(enc(text)).objects[0].mesh!, b = readAse(enc(mixed)).objects[0].mesh!;
    expect(b).toEqual(a);
    const pa = load(text).meshes[0].primitives, pb = load(mixed).meshes[0].primitives;
    expect(pb.length).toBe(pa.length);
    for (let i = 0; i < pa.length; i++) {
      expect(pb[i].attributes).toEqual(pa[i].attributes);
      expect(Array.from(pb[i].indices!)).toEqual(Array.from(pa[i].indices!));
    }
  });

  it('a row after an unknown keyword, extra values or a missing value is read by the general loop', () => {
    const odd = text
      .replace('*MESH_VERTEX 1\t', '*MESH_OTHER 7 8\n*MESH_VERTEX 1\t')
      .replace(/(\*MESH_VERTEX 2\t\S+\t\S+\t\S+)/, '$1 99')
      .replace(/\*MESH_TVERT 3\t(\S+)\t(\S+)\t\S+/, '*MESH_TVERT 3\t$1\t$2');
    const a = readAse(enc(text)).objects[0].mesh!, b = readAse(enc(odd)).objects[0].mesh!;
    expect(Array.from(b.vertices)).toEqual(Array.from(a.vertices));
    // The missing third texture value pads to 0, as the file's own third value (0) here.
    expect(Array.from(b.channels[0].tverts)).toEqual(Array.from(a.channels[0].tverts));
    expect(Array.from(b.faces)).toEqual(Array.from(a.faces));
  });

  it('normals: face and vertex normal rows read in one run keep each vertex normal with the face before it', () => {
    const s = spec();
    // Face normal 5 in a form only the general loop reads, and vertex rows of face 6 after it.
    const odd = text.replace(/\*MESH_FACENORMAL 5\t/, '*mesh_facenormal 5\t');
    expect(odd).not.toBe(text);
    for (const source of [text, odd]) {
      const n = readAse(enc(source)).objects[0].mesh!.normals!;
      // Max's layout, as the fixture writes it: three vertex normals after each face normal.
      expect(Array.from(n.vertexNormalFace)).toEqual(s.faces.flatMap((_, f) => [f, f, f]));
      expect(Array.from(n.vertexNormalVertex)).toEqual(s.faces.flat());
      expect(n.faceNormals.length).toBe(s.faces.length * 3);
      expect(Array.from(n.faceNormals).every((x) => Number.isFinite(x))).toBe(true);
    }
  });

  it('negative zero keeps its sign on the fast path', () => {
    const m = readAse(enc(text.replace(/\*MESH_VERTEX 0\t\S+/, '*MESH_VERTEX 0\t-0.0000'))).objects[0].mesh!;
    expect(Object.is(m.vertices[0], -0)).toBe(true);
  });

  it('skin weight rows: the same pairs on both paths, a row of 70 pairs too', () => {
    const pairs = (v: number): [number, number][] => [[v % 3, 0.5], [(v + 1) % 3, 0.25], [2, 0.25]];
    const weighted: MeshSpec = { ...cube(), weights: { bones: ['a', 'b', 'c'], vertices: cube().vertices.map((_, index) => ({ index, pairs: pairs(index) })) } };
    const plain = aseFile([geom('W', weighted)]);
    let i = 0;
    const mixed = plain.replace(/\*MESH_BONE_VERTEX /g, (k) => (i++ & 1 ? k.toLowerCase() : k));
    const long = plain.replace(/(\*MESH_BONE_VERTEX 7 .*)/, (row) => `${row}${' 1 0.0010'.repeat(67)}`);
    expect(mixed).toMatch(/\*mesh_bone_vertex 1 /);
    const a = readAse(enc(plain)).objects[0].mesh!.weights!, b = readAse(enc(mixed)).objects[0].mesh!.weights!;
    expect(b).toEqual(a);
    expect([...a.vertex]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...a.bone.subarray(a.start[4], a.start[5])]).toEqual([1, 2, 2]);
    expect([...a.weight.subarray(a.start[4], a.start[5])]).toEqual([0.5, 0.25, 0.25]);
    const l = readAse(enc(long)).objects[0].mesh!.weights!;
    expect(l.start[8] - l.start[7]).toBe(70);
    expect(l.weight[l.start[7] + 69]).toBe(Math.fround(0.001));
  });

  it('animation key rows: the same keys on both paths, any keyword a key', () => {
    const rows = ['*CONTROL_ROT_SAMPLE 0\t0.0000\t0.0000\t1.0000\t0.0000', '*CONTROL_ROT_SAMPLE 160\t0.0000\t0.0000\t1.0000\t0.5000', '*control_rot_sample 320 0.0 0.0 1.0 1.0e0', '*OTHER_KEY 480\t1.0000\t0.0000\t0.0000\t-0.2500', '*NO_VALUES'];
    const m = readAse(enc(aseFile([geom('K', cube(), { tail: [tmAnimation('K', { CONTROL_ROT_TRACK: rows })] })]))).objects[0];
    const rot = m.animations[0].rot!;
    expect([...rot.time]).toEqual([0, 160, 320, 480]);
    expect([...rot.start]).toEqual([0, 4, 8, 12, 16]);
    expect([...rot.value]).toEqual([0, 0, 1, 0, 0, 0, 1, 0.5, 0, 0, 1, 1, 1, 0, 0, -0.25]);
  });
});
