import {
  computeBounds,
  computeSkinMatrices,
  computeWorldMatrices,
  FormatError,
  math,
  sampleAnimation,
  sampleChannel,
  skinVerticesReference,
  validateScene,
  type Scene,
} from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { aseFormat, parse, parseSync, readAse } from '../src/index.js';
import { aseFile, bitmapMap, camera, cube, enc, geom, helper, IDENTITY_ROWS, light, material, mesh, shape, tmAnimation, utf16, type MeshSpec, type Rows, type V3 } from '@relic3d/fixtures/ase';

const load = (text: string | Uint8Array, options = {}): Scene => {
  const scene = parseSync(typeof text === 'string' ? enc(text) : text, options);
  expect(validateScene(scene)).toEqual([]);
  return scene;
};
const codes = (s: Scene) => s.warnings.map((w) => w.code);
const yUp = ([x, y, z]: number[]) => [x, z, -y];
const close = (a: ArrayLike<number>, b: ArrayLike<number>, tol = 1e-4) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i]), `[${i}] ${a[i]} vs ${b[i]}`).toBeLessThan(tol);
};
const worldOf = (scene: Scene, name: string, locals?: Float32Array) => {
  const i = scene.nodes.findIndex((n) => n.name === name);
  return computeWorldMatrices(scene, locals).subarray(i * 16, i * 16 + 16);
};
/** Max row matrix for a rotation of `deg` about Z plus a translation. */
const rotZ = (deg: number, t: V3 = [0, 0, 0]): Rows => {
  const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  return [[c, s, 0], [-s, c, 0], [0, 0, 1], t];
};
const applyRows = (p: number[], m: Rows) => [0, 1, 2].map((j) => p[0] * m[0][j] + p[1] * m[1][j] + p[2] * m[2][j] + m[3][j]);
const worldBox = (points: number[][]) => {
  const ys = points.map(yUp);
  return { min: [0, 1, 2].map((k) => Math.min(...ys.map((p) => p[k]))), max: [0, 1, 2].map((k) => Math.max(...ys.map((p) => p[k]))) };
};
const expectBox = (b: { min: number[]; max: number[] }, e: { min: number[]; max: number[] }, tol = 1e-3) => {
  close(b.min, e.min, tol);
  close(b.max, e.max, tol);
};

describe('API', () => {
  it('parse, parseSync and the Format agree; readAse returns the raw structure in Max axes and ticks', async () => {
    const text = aseFile([geom('Box', cube([10, 20, 30]))]);
    const a = await parse(enc(text));
    const b = parseSync(enc(text));
    const c = await aseFormat.parse(enc(text));
    expect(a.nodes.length).toBe(1);
    expect(b.meshes[0].primitives[0].attributes.POSITION).toEqual(a.meshes[0].primitives[0].attributes.POSITION);
    expect(c.format).toBe('ase');
    expect(a.version).toBe(200);
    expect(a.extras.comment).toBe('relic3d test writer');
    expect(a.extras.ticksPerFrame).toBe(160);
    const raw = readAse(enc(text));
    expect(Array.from(raw.objects[0].mesh!.vertices.subarray(0, 3))).toEqual([9, 19, 29]);
    expect(raw.scene?.frameSpeed).toBe(30);
    expect(aseFormat.id).toBe('ase');
    expect(aseFormat.encoding).toBe('text');
  });

  it('Format.test sniffs content: BOMs, leading keywords, not other text', () => {
    const text = aseFile([]);
    expect(aseFormat.test(enc(text))).toBe(true);
    expect(aseFormat.test(enc(`\uFEFF${text}`))).toBe(true);
    expect(aseFormat.test(utf16(text, false))).toBe(true);
    expect(aseFormat.test(utf16(text, true))).toBe(true);
    expect(aseFormat.test(enc('  \r\n*GEOMOBJECT {'))).toBe(true);
    expect(aseFormat.test(enc('*3dsmax_asciiexport 200'))).toBe(true);
    expect(aseFormat.test(enc('solid cube\nfacet normal 0 0 1'))).toBe(false);
    expect(aseFormat.test(enc('*FOO 1'))).toBe(false);
    expect(aseFormat.test(new Uint8Array(0))).toBe(false);
  });
});

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

describe('tolerant parsing (spec §7)', () => {
  const quad = (faceStyle: MeshSpec['faceStyle'], smoothing?: (string | undefined)[]): MeshSpec => ({
    vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
    faces: [[0, 1, 2], [2, 1, 3]],
    faceStyle,
    smoothing,
  });

  it('face lines with/without colon and AB/BC/CA; smoothing comma lists, empty or absent', () => {
    const variants = [quad('max', ['1,3', '2']), quad('q3map2', ['', '']), quad('noedges', [undefined, undefined])];
    const scenes = variants.map((m) => load(aseFile([geom('Q', m)])));
    for (const s of scenes) expect(Array.from(s.meshes[0].primitives[0].indices!)).toEqual(Array.from(scenes[0].meshes[0].primitives[0].indices!));
    const raw = variants.map((m) => readAse(enc(aseFile([geom('Q', m)]))).objects[0].mesh!);
    expect(Array.from(raw[0].smoothing)).toEqual([0b101, 0b10]);
    expect(Array.from(raw[1].smoothing)).toEqual([0, 0]);
    expect(Array.from(raw[2].smoothing)).toEqual([0, 0]);
    expect(Array.from(raw[0].edges)).toEqual([1, 1, 0, 1, 1, 0]);
    expect(Array.from(raw[2].edges)).toEqual([-1, -1, -1, -1, -1, -1]);
  });

  it('CRLF, tabs, trailing blanks, lower-case keywords, glued braces, integers without a point', () => {
    const base = aseFile([geom('Q', quad('max', ['1', '1']))]);
    const dialect = base
      .replace(/\n/g, '   \r\n')
      .replace(/\*MESH_VERTEX_LIST \{/, '*mesh_vertex_list{')
      .replace(/\*MESH_VERTEX 1\t1\.0000\t0\.0000\t0\.0000/, '*mesh_vertex 1 1 0 0');
    const a = load(base), b = load(dialect);
    expect(b.meshes[0].primitives[0].attributes.POSITION).toEqual(a.meshes[0].primitives[0].attributes.POSITION);
  });

  it('both *MESH_NORMALS layouts give the same normals', () => {
    const max = cube();
    const q3 = { ...cube(), normalStyle: 'pervertex' as const };
    const a = load(aseFile([geom('A', max)])).meshes[0].primitives[0];
    const b = load(aseFile([geom('B', q3)])).meshes[0].primitives[0];
    // Per-vertex normals weld to 8 vertices; the Max layout has the same per-vertex values here.
    expect(b.attributes.POSITION.length / 3).toBe(8);
    const n = b.attributes.NORMAL!;
    for (let v = 0; v < 8; v++) {
      const p = b.attributes.POSITION.subarray(v * 3, v * 3 + 3);
      close(n.subarray(v * 3, v * 3 + 3), Array.from(p).map((x) => x / Math.sqrt(3)));
    }
    expect(a.attributes.POSITION.length / 3).toBe(8);
  });

  it('without *MESH_NORMALS, normals come from smoothing groups (flat per group, smooth within)', () => {
    const flat = { ...cube(), faceNormals: undefined };
    const smooth = { ...flat, smoothing: flat.faces.map(() => '1') };
    const f = load(aseFile([geom('F', flat)])).meshes[0].primitives[0];
    const s = load(aseFile([geom('S', smooth)])).meshes[0].primitives[0];
    expect(f.attributes.POSITION.length / 3).toBe(24);
    expect(s.attributes.POSITION.length / 3).toBe(8);
    for (let i = 0; i < f.attributes.NORMAL!.length; i += 3) expect(Math.max(...Array.from(f.attributes.NORMAL!.subarray(i, i + 3), Math.abs))).toBeCloseTo(1, 5);
    for (let i = 0; i < s.attributes.NORMAL!.length; i += 3) {
      const n = Array.from(s.attributes.NORMAL!.subarray(i, i + 3));
      expect(Math.hypot(...n)).toBeCloseTo(1, 5);
      expect(Math.max(...n.map(Math.abs))).toBeLessThan(0.9); // averaged over the three sides
    }
  });

  it('fileNormals: false rebuilds normals from smoothing groups; cameraAspect sets yfov', () => {
    const text = aseFile([geom('N', { ...cube(), smoothing: cube().faces.map(() => '') }), camera('C', IDENTITY_ROWS, undefined, { fov: 1 })]);
    const fromFile = load(text).meshes[0].primitives[0];
    const rebuilt = load(text, { fileNormals: false, cameraAspect: 2 });
    expect(fromFile.attributes.POSITION.length / 3).toBe(8); // per-vertex file normals weld
    expect(rebuilt.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(24); // flat: no groups
    expect(rebuilt.cameras[0].yfov).toBeCloseTo(2 * Math.atan(Math.tan(0.5) / 2), 6);
  });

  it('face normals without vertex normals give flat file normals; negative corners drop the face', () => {
    const m = cube();
    const text = aseFile([geom('F', m)]).replace(/\t\*MESH_VERTEXNORMAL[^\n]*\n/g, '').replace('*MESH_FACE    0:    A:    0', '*MESH_FACE    0:    A:    -1');
    const s = load(text);
    const p = s.meshes[0].primitives[0];
    expect(p.indices!.length / 3).toBe(11);
    expect(codes(s)).toContain('ASE_BAD_FACE');
    // Mesh warnings point at the object's keyword.
    expect(s.warnings.find((w) => w.code === 'ASE_BAD_FACE')!.offset).toBe(text.indexOf('*GEOMOBJECT'));
    for (let v = 0; v < p.attributes.NORMAL!.length / 3; v++) expect(Math.max(...Array.from(p.attributes.NORMAL!.subarray(v * 3, v * 3 + 3), Math.abs))).toBeCloseTo(1, 5);
  });

  it('unusable file normals (1.#QNAN) are rebuilt with a warning', () => {
    const text = aseFile([geom('N', cube())]).replace('*MESH_VERTEXNORMAL 0\t-0.5774\t-0.5774\t-0.5774', '*MESH_VERTEXNORMAL 0\t-1.#QNAN\t-1.#IND00\t1.#QNAN');
    const s = load(text);
    expect(codes(s)).toContain('ASE_BAD_NORMALS');
  });

  it('missing *SCENE and version, empty *NODE_TM: 4800 ticks/s, identity node', () => {
    const text = aseFile([geom('E', cube(), { rows: null, tail: [tmAnimation('E', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 4800 0 0 10'] })] })], { scene: false, version: null });
    const s = load(text);
    expect(s.version).toBeUndefined();
    expect(s.animations[0].extras?.ticksPerSecond).toBe(4800);
    expect(s.animations[0].channels[0].times[1]).toBeCloseTo(1, 6);
    close(s.animations[0].channels[0].values.subarray(3, 6), [0, 10, 0]);
  });

  it('an unclosed *MATERIAL_LIST is closed by the next top-level object, with a warning', () => {
    const text = aseFile([geom('G', cube(), { materialRef: 0 })], { materials: [material(0, 'm0')] }).replace(/\}\n\*GEOMOBJECT/, '\n*GEOMOBJECT');
    const s = load(text);
    expect(codes(s)).toContain('ASE_UNCLOSED_MATERIAL_LIST');
    expect(s.meshes[0].primitives[0].material).toBe(0);
  });

  it('unknown keywords and blocks are read by brace depth and kept in extras; stray values ignored', () => {
    const anim = tmAnimation('U', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0'] }).replace('*CONTROL_POS_TRACK {', '*CONTROL_FLOAT_TRACK 7 {\n*CONTROL_FLOAT_SAMPLE 0 0.5\n}\n*CONTROL_POS_TRACK {');
    const text = aseFile([
      geom('U', cube(), { tail: ['*USER_DATA { *X 1 2 { *Y "}" } { } }', '*UNKNOWN_KEY 1 2 "three"', '*IK_JOINT {', '*IK_TYPE Position', '}', '*UNKNOWN_KEY 4', anim] }).replace('*MESH_NUMFACES 12', '*MESH_NUMFACES 12\n*MESH_FACEMAPLIST {\n*MESH_FACEMAP 0 {\n*MESH_FACEMAPVERT 0 1 2 3\n}\n}'),
      '*GROUP "G" {\n*GROUP_NOTE "hello"\n}',
      '*TOP_LEVEL_THING 1 { *INNER 2 }',
    ]);
    const s = load(text);
    expect(s.meshes).toHaveLength(1);
    const x = s.nodes[0].extras!;
    expect(x.UNKNOWN_KEY).toEqual([[1, 2, 'three'], 4]);
    expect(x.USER_DATA).toEqual({ X: { values: [1, 2], Y: '}' } });
    expect(x.IK_JOINT).toEqual({ IK_TYPE: 'Position' });
    expect(x.tmAnimation).toEqual([{ nodeName: 'U', CONTROL_FLOAT_TRACK: { values: 7, CONTROL_FLOAT_SAMPLE: [0, 0.5] } }]);
    expect((x.mesh as Record<string, unknown>).MESH_FACEMAPLIST).toEqual({ MESH_FACEMAP: { values: 0, MESH_FACEMAPVERT: [0, 1, 2, 3] } });
    expect(s.nodes[1].extras).toEqual({ kind: 'group', GROUP_NOTE: 'hello' });
    expect(s.extras.unknown).toEqual({ TOP_LEVEL_THING: { values: 1, INNER: 2 } });
    expect(s.animations[0].channels).toHaveLength(1);
  });

  it('counts that disagree with the lists: sized by the count, indices checked, warnings', () => {
    const text = aseFile([geom('C', cube())])
      .replace('*MESH_NUMVERTEX 8', '*MESH_NUMVERTEX 9')
      .replace('*MESH_VERTEX 7\t', '*MESH_VERTEX 70\t')
      .replace('*MESH_FACE    2:    A:    4', '*MESH_FACE    2:    A:    40');
    const s = load(text);
    expect(codes(s)).toEqual(expect.arrayContaining(['ASE_BAD_INDEX', 'ASE_COUNT_MISMATCH', 'ASE_BAD_FACE']));
    expect(s.meshes[0].primitives.reduce((n, p) => n + p.indices!.length / 3, 0)).toBe(11);
    expect(readAse(enc(text)).objects[0].mesh!.vertices.length).toBe(27);
  });

  it('UTF-16 BE and LE with BOM, and UTF-8 with BOM, read like ASCII', () => {
    const text = aseFile([geom('U16', cube([1, 2, 3]))]);
    const ascii = load(text);
    for (const bytes of [utf16(text, true), utf16(text, false), enc(`\uFEFF${text}`)]) {
      const s = load(bytes);
      expect(s.meshes[0].primitives[0].attributes.POSITION).toEqual(ascii.meshes[0].primitives[0].attributes.POSITION);
    }
  });

  it('number forms: the one-pass fast path and the full rules give the values of the spec grammar', () => {
    // [as written, value]: plain, signed, exponents, decimal comma (CommaScan), no leading digit,
    // trailing point, leading zeros, 16+ digits, a suffix after the number, integral values.
    const forms: [string, number][] = [
      ['1.2500', 1.25], ['-0.0000', -0], ['+2', 2], ['1e5', 1e5], ['-2.5E-3', -2.5e-3], ['1,5', 1.5], ['.5', 0.5], ['7.', 7],
      // eslint-disable-next-line no-loss-of-precision -- the literal is the text the parser reads; its double is the expectation
      ['007', 7], ['1234567890.12345678', 1234567890.12345678], ['0.30000000000000004441', 0.30000000000000004441], ['1.5x', 1.5], ['160', 160],
    ];
    const vertices = forms.map((_, i) => [i, 0, 0] as V3);
    let text = aseFile([geom('N', { vertices, faces: [[0, 1, 2]] })]);
    forms.forEach(([written], i) => (text = text.replace(new RegExp(`(\\*MESH_VERTEX ${i}\t)[^\t]+`), `$1${written}`)));
    const raw = readAse(enc(text)).objects[0].mesh!.vertices;
    forms.forEach(([written, value], i) => expect(Object.is(raw[i * 3], Math.fround(value)), `${written} → ${raw[i * 3]}`).toBe(true));
    // Face corners: with and without the colon after the index, labels in any case, integers only.
    const faceText = aseFile([geom('F', { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faces: [[0, 1, 2], [2, 1, 0]] })])
      .replace(/\*MESH_FACE +1:/, '*MESH_FACE 1')
      .replace('B:    1 C:    0', 'b:    1 c:    0');
    expect(faceText).toMatch(/\*MESH_FACE 1 +A: +2 b: +1 c: +0/);
    expect(Array.from(readAse(enc(faceText)).objects[0].mesh!.faces)).toEqual([0, 1, 2, 2, 1, 0]);
    const bad = (written: string) => () => parseSync(enc(aseFile([geom('F', { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faces: [[0, 1, 2]] })]).replace('A:    0', `A:    ${written}`)));
    expect(bad('0.5')).toThrow(FormatError);
    expect(bad('x')).toThrow(FormatError);
    expect(bad('99999999999')).toThrow(FormatError);
  });

  it('names are Windows-1252 byte strings', () => {
    const text = aseFile([geom('Wirbels\u00e4ule', cube())]);
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(load(bytes).nodes[0].name).toBe('Wirbels\u00e4ule');
  });
});

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

describe('errors: only FormatError, at the offset of the bad token', () => {
  const error = (bytes: Uint8Array): FormatError => {
    try {
      parseSync(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      return e as FormatError;
    }
    throw new Error('no error');
  };

  it('a bad number points at its token (ASCII and UTF-16 offsets)', () => {
    const text = aseFile([geom('B', cube())]).replace('*MESH_VERTEX 3\t1.0000', '*MESH_VERTEX 3\toops');
    const at = text.indexOf('oops');
    const e = error(enc(text));
    expect(e.code).toBe('BAD_VALUE');
    expect(e.offset).toBe(at);
    expect(error(utf16(text, false)).offset).toBe(2 + 2 * at);
  });

  it('a Git LFS pointer named .ase says what it is (the shared foreign check)', () => {
    const e = error(enc('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 185344\n'));
    expect(e.code).toBe('FOREIGN_FORMAT');
    expect(e.message).toMatch(/^this is a Git LFS pointer, not model data \(fetch the real file with git lfs\), not a 3ds Max ASCII Scene Export/);
  });

  it('truncation, foreign text, runaway nesting and impossible counts', () => {
    const text = aseFile([geom('T', cube())]);
    expect(error(enc(text.slice(0, text.length - 10))).code).toBe('TRUNCATED');
    expect(error(enc('hello world')).code).toBe('BAD_MAGIC');
    expect(error(Uint8Array.of(0x41, 0x53, 0x45, 0x46, 0, 1, 0, 0)).message).toMatch(/^this is an Adobe Swatch Exchange colour palette \(ASEF\), not a 3ds Max ASCII Scene Export/);
    expect(error(enc('   \n\t ')).code).toBe('EMPTY');
    const deep = aseFile([], { materials: [`*MATERIAL 0 {${'*SUBMATERIAL 0 {'.repeat(200)}${'}'.repeat(201)}`] });
    expect(error(enc(deep)).code).toBe('BAD_SYNTAX');
    expect(error(enc(aseFile([geom('T', cube())]).replace('*MESH_NUMVERTEX 8', '*MESH_NUMVERTEX 99999999'))).code).toBe('BAD_COUNT');
  });
});

describe('materials', () => {
  it('*MESH_MTLID picks *SUBMATERIAL id mod NUMSUBMTLS (warning); nested sub-materials; map slots; textures', () => {
    const subs = [
      material(0, 'red', { diffuse: [1, 0, 0], maps: [bitmapMap('DIFFUSE', 'red.tga', { uOffset: 0.5, vOffset: 0.25, uTiling: 2, vTiling: 3, angle: 0.5 }), bitmapMap('BUMP', 'bump.tga', { amount: 0.3 })] }, 'SUBMATERIAL'),
      material(1, 'green', { diffuse: [0, 1, 0], transparency: 0.25, twoSided: true, maps: [bitmapMap('OPACITY', 'alpha.tga'), bitmapMap('SELFILLUM', 'glow.tga')], subs: [material(0, 'deep', {}, 'SUBMATERIAL')] }, 'SUBMATERIAL'),
    ];
    const m = { ...cube(), mtlIds: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5] };
    const s = load(aseFile([geom('M', m, { materialRef: 0 })], { materials: [material(0, 'multi', { subs })] }));
    expect(s.materials.map((x) => x.name)).toEqual(['multi', 'red', 'green', 'deep']);
    expect(codes(s)).toContain('ASE_MTLID_RANGE');
    expect(s.meshes[0].primitives.map((p) => p.material)).toEqual([1, 2]);
    const red = s.materials[1], green = s.materials[2];
    expect(red.baseColorFactor).toEqual([1, 0, 0, 1]);
    expect(s.textures[red.baseColorTexture!.texture].uri).toBe('red.tga');
    expect(red.baseColorTexture!.transform).toEqual({ offset: [0.5, -0.25], scale: [2, 3], rotation: 0.5 });
    expect(red.otherTextures!.bump.strength).toBeCloseTo(0.3, 6);
    expect(green.baseColorFactor[3]).toBeCloseTo(0.75, 6);
    expect(s.materials[3].baseColorFactor.slice(0, 3).map((v) => +v.toFixed(5))).toEqual([0.21404, 0.21404, 0.21404]); // the writer's 0.5 grey → linear
    expect(green.alphaMode).toBe('BLEND');
    expect(green.doubleSided).toBe(true);
    expect(s.textures[green.emissiveTexture!.texture].uri).toBe('glow.tga');
    expect(s.textures[green.otherTextures!.opacity.texture].uri).toBe('alpha.tga');
  });

  it('objects without *MATERIAL_REF use *WIREFRAME_COLOR', () => {
    const s = load(aseFile([geom('W', cube(), { wireframe: [0.25, 0.5, 0.75] })]));
    // Gamma-space wireframe colour → linear factor (sRGB curve): 0.25 → 0.05088, 0.5 → 0.21404, 0.75 → 0.52252.
    const factor = s.materials[s.meshes[0].primitives[0].material!].baseColorFactor;
    factor.forEach((v, i) => expect(v).toBeCloseTo([0.05088, 0.21404, 0.52252, 1][i], 5));
  });
});

describe('hierarchy', () => {
  it('*NODE_PARENT builds the hierarchy; locals = parent⁻¹ · world; vertices stay where the file puts them', () => {
    const parentRows = rotZ(45, [10, 0, 0]);
    const childRows = rotZ(90, [10, 5, 1]);
    const pm = cube([10, 0, 0]), cm = cube([10, 5, 1], 1);
    const s = load(aseFile([geom('Child', cm, { rows: childRows, parent: 'Parent' }), geom('Parent', pm, { rows: parentRows })]));
    const child = s.nodes.find((n) => n.name === 'Child')!;
    expect(s.nodes[child.parent].name).toBe('Parent');
    expect(s.roots).toEqual([1]);
    close(worldOf(s, 'Child').subarray(12, 15), yUp(childRows[3]));
    expectBox(computeBounds(s), worldBox([...pm.vertices, ...cm.vertices]));
  });

  it('*GROUP: a group node holds its members; *NODE_PARENT still wins', () => {
    const text = aseFile([
      ['*GROUP "Crate" {', geom('Lid', cube([0, 0, 2])), geom('Box', cube()), helper('Handle', IDENTITY_ROWS, { parent: 'Lid' }), '}'].join('\n'),
    ]);
    const s = load(text);
    const idx = (n: string) => s.nodes.findIndex((x) => x.name === n);
    expect(s.nodes[idx('Crate')].extras?.kind).toBe('group');
    expect(s.nodes[idx('Lid')].parent).toBe(idx('Crate'));
    expect(s.nodes[idx('Box')].parent).toBe(idx('Crate'));
    expect(s.nodes[idx('Handle')].parent).toBe(idx('Lid'));
    expect(s.roots).toEqual([idx('Crate')]);
  });

  it('missing parents and parent cycles fall back to the root with warnings', () => {
    const s = load(aseFile([geom('A', cube(), { parent: 'B' }), geom('B', cube(), { parent: 'A' }), geom('C', cube(), { parent: 'Nobody' })]));
    expect(codes(s)).toEqual(['ASE_MISSING_PARENT', 'ASE_PARENT_CYCLE']);
    // Links are made in file order and the one that would close the cycle (B → A) is refused.
    const idx = (name: string) => s.nodes.findIndex((n) => n.name === name);
    expect(s.nodes[idx('A')].parent).toBe(idx('B'));
    expect(s.nodes[idx('B')].parent).toBe(-1);
    expect(s.warnings[1].message).toBe("object 'B': *NODE_PARENT 'A' would form a cycle; kept at the root");
  });

  it('several cycles with tails: in each, the link made last in file order is the one refused', () => {
    const h = (name: string, parent: string) => helper(name, IDENTITY_ROWS, { parent });
    // X → Y → Z → X with T hanging off X; P ⇄ Q; R → X outside both cycles.
    const s = load(aseFile([h('X', 'Y'), h('Y', 'Z'), h('T', 'X'), h('P', 'Q'), h('Z', 'X'), h('Q', 'P'), h('R', 'X')]));
    const parentName = (name: string) => s.nodes[s.nodes[s.nodes.findIndex((n) => n.name === name)].parent]?.name ?? null;
    expect(['X', 'Y', 'Z', 'T', 'P', 'Q', 'R'].map(parentName)).toEqual(['Y', 'Z', null, 'X', 'Q', null, 'X']);
    expect(s.warnings.map((w) => w.message)).toEqual([
      "object 'Z': *NODE_PARENT 'X' would form a cycle; kept at the root",
      "object 'Q': *NODE_PARENT 'P' would form a cycle; kept at the root",
    ]);
  });
});

describe('animation', () => {
  const scene = { first: 0, last: 30, fps: 30, tpf: 160 };

  it('sampled tracks: absolute positions with holds, relative rotations accumulated as δ_k ⊗ q_(k−1) with −angle', () => {
    const track = {
      CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 160 1 0 0', '*CONTROL_POS_SAMPLE 1600 2 0 0'],
      CONTROL_ROT_TRACK: ['*CONTROL_ROT_SAMPLE 160 0 0 1 1.5708', '*CONTROL_ROT_SAMPLE 320 1 0 0 1.5708'],
    };
    const s = load(aseFile([geom('A', cube(), { tail: [tmAnimation('A', track)] })], { scene }));
    const clip = s.animations[0];
    expect(clip.duration).toBeCloseTo(1, 6);
    const pos = clip.channels.find((c) => c.path === 'translation')!;
    // Held between 160 and 1440 ticks, then moves to the 1600 sample.
    close(sampleChannel(pos, 800 / 4800, new Float32Array(3)), yUp([1, 0, 0]));
    close(sampleChannel(pos, 1440 / 4800, new Float32Array(3)), yUp([1, 0, 0]));
    close(sampleChannel(pos, 1600 / 4800, new Float32Array(3)), yUp([2, 0, 0]));
    // Rotation: identity before the first sample; after both, M = Δ0 · Δ1 in Max row order.
    const world = (t: number) => worldOf(s, 'A', sampleAnimation(s, clip, t).locals);
    close(world(0).subarray(0, 11), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    // Row-vector: rotZ(90°) then rotX(90°): Max x → y → z; in Y-up: Max x (1,0,0) → Max z → scene +Y.
    const w = world(320 / 4800);
    close([w[0], w[1], w[2]], yUp([0, 0, 1]), 1e-3);
  });

  it('scale samples: axes follow the Y-up mapping (Max x, y, z → scene x, z, y) and hold between samples', () => {
    const track = { CONTROL_SCALE_TRACK: ['*CONTROL_SCALE_SAMPLE 0 1 1 1 0 0 0 0', '*CONTROL_SCALE_SAMPLE 160 2 3 4 0 0 0 0', '*CONTROL_SCALE_SAMPLE 1600 1 1 1 0 0 0 0'] };
    const s = load(aseFile([geom('S', cube(), { tail: [tmAnimation('S', track)] })], { scene }));
    const ch = s.animations[0].channels[0];
    expect(ch.path).toBe('scale');
    close(sampleChannel(ch, 160 / 4800, new Float32Array(3)), [2, 4, 3]);
    close(sampleChannel(ch, 1000 / 4800, new Float32Array(3)), [2, 4, 3]);
    // The posed box: the cube scaled 2 × 3 × 4 in Max axes.
    expectBox(computeBounds(s, { animation: 0, time: 800 / 4800 }), worldBox([[-2, -3, -4], [2, 3, 4]]));
  });

  it('TCB keys are sampled at the scene frame rate and pass through the keys', () => {
    const track = { CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 800 10 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 1600 10 10 0 0 0 0 0 0'] };
    const s = load(aseFile([geom('T', cube(), { tail: [tmAnimation('T', track)] })], { scene }));
    const ch = s.animations[0].channels[0];
    expect(ch.interpolation).toBe('LINEAR');
    expect(ch.times.length).toBe(11); // frames 0..10
    close([ch.times[1]], [1 / 30]);
    close(sampleChannel(ch, 800 / 4800, new Float32Array(3)), yUp([10, 0, 0]));
    close(sampleChannel(ch, 1600 / 4800, new Float32Array(3)), yUp([10, 10, 0]));
    expect(s.animations[0].extras?.approximate).toBe(true);
  });

  it('TCB rotation keys: accumulated like samples, sampled per frame through a Kochanek–Bartels squad', () => {
    const rotate = (s: Scene, t: number) => math.quatRotateVec3(sampleChannel(s.animations[0].channels[0], t, new Float32Array(4)), [1, 0, 0]);
    // Two keys, no tension: a slerp sampled at every frame (160 ticks).
    const two = { CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0 0 0 0 0'] };
    const a = load(aseFile([geom('R', cube(), { tail: [tmAnimation('R', two)] })], { scene }));
    const ch = a.animations[0].channels[0];
    expect(ch.path).toBe('rotation');
    expect(ch.times.length).toBe(6);
    expect(ch.extras?.sampledAtFrameRate).toBe(true);
    // +90° about Max +Z takes Max x to −y (row-vector angles, spec §5.3); halfway is 45°.
    close(rotate(a, 400 / 4800), yUp([Math.SQRT1_2, -Math.SQRT1_2, 0]), 1e-3);
    close(rotate(a, 800 / 4800), yUp([0, -1, 0]), 1e-3);
    // Three keys with tension: the curve passes through every (accumulated) key.
    const three = { CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 1600 0 0 1 1.5708 0.5 0 0 0 0'] };
    const b = load(aseFile([geom('R', cube(), { tail: [tmAnimation('R', three)] })], { scene }));
    close(rotate(b, 800 / 4800), yUp([0, -1, 0]), 1e-3);
    close(rotate(b, 1600 / 4800), yUp([-1, 0, 0]), 1e-3);
    expect(b.animations[0].channels[0].times.length).toBe(11);
  });

  it('Bezier position keys become CUBICSPLINE (in-tangent, value, out-tangent per key)', () => {
    const track = { CONTROL_POS_BEZIER: ['*CONTROL_BEZIER_POS_KEY 0 0 0 0 0 0 0 0.001 0 0 0', '*CONTROL_BEZIER_POS_KEY 4800 1 2 3 0.001 0 0 0 0 0 0'] };
    const s = load(aseFile([geom('B', cube(), { tail: [tmAnimation('B', track)] })], { scene }));
    const ch = s.animations[0].channels[0];
    expect(ch.interpolation).toBe('CUBICSPLINE');
    expect(ch.values.length).toBe(2 * 9);
    close(ch.values.subarray(3, 6), [0, 0, 0]);
    close(ch.values.subarray(12, 15), yUp([1, 2, 3]));
    close(ch.values.subarray(6, 9), yUp([4.8, 0, 0])); // 0.001 per tick × 4800 ticks/s
  });

  it('keyed scale: Bezier → CUBICSPLINE and TCB → per-frame samples, axes mapped to Y-up (Max x, y, z → x, z, y)', () => {
    const bezier = { CONTROL_SCALE_BEZIER: ['*CONTROL_BEZIER_SCALE_KEY 0 1 1 1 0 0 0 0 0 0 0 0.001 0.002 0.003 0', '*CONTROL_BEZIER_SCALE_KEY 4800 2 3 4 0 0 0 0 0 0 0 0 0 0 0'] };
    const b = load(aseFile([geom('B', cube(), { tail: [tmAnimation('B', bezier)] })], { scene })).animations[0].channels[0];
    expect([b.path, b.interpolation]).toEqual(['scale', 'CUBICSPLINE']);
    close(b.values.subarray(12, 15), [2, 4, 3]); // second key's value
    close(b.values.subarray(6, 9), [4.8, 14.4, 9.6]); // first key's out-tangent per second: 0.001 0.002 0.003 per tick × 4800, permuted
    const tcb = { CONTROL_SCALE_TCB: ['*CONTROL_TCB_SCALE_KEY 0 1 1 1 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_SCALE_KEY 800 2 3 4 0 0 0 0 0 0 0 0 0'] };
    const t = load(aseFile([geom('T', cube(), { tail: [tmAnimation('T', tcb)] })], { scene })).animations[0].channels[0];
    expect([t.path, t.interpolation, t.times.length]).toEqual(['scale', 'LINEAR', 6]);
    close(sampleChannel(t, 800 / 4800, new Float32Array(3)), [2, 4, 3]);
    close(sampleChannel(t, 0, new Float32Array(3)), [1, 1, 1]);
  });

  it('linear keyed controllers: position and rotation keys', () => {
    const track = { CONTROL_POS_LINEAR: ['*CONTROL_POS_KEY 0 0 0 0', '*CONTROL_POS_KEY 4800 0 0 6'], CONTROL_ROT_LINEAR: ['*CONTROL_ROT_KEY 0 0 0 1 0', '*CONTROL_ROT_KEY 4800 0 0 1 1.5708'] };
    const s = load(aseFile([geom('L', cube(), { tail: [tmAnimation('L', track)] })], { scene }));
    const pos = s.animations[0].channels.find((c) => c.path === 'translation')!;
    const rot = s.animations[0].channels.find((c) => c.path === 'rotation')!;
    close(sampleChannel(pos, 0.5, new Float32Array(3)), yUp([0, 0, 3]));
    // ASE angles are for row vectors: +90° about Max +Z takes x to −y (spec §5.3).
    const q = sampleChannel(rot, 1, new Float32Array(4));
    close(math.quatRotateVec3(q, [1, 0, 0]), yUp([0, -1, 0]), 1e-3);
  });

  it('*MESH_ANIMATION frames become morph targets with a weights channel', () => {
    const frames = [0, 1, 2].map((k) => ({ ...cube([0, 0, k * 5]), timeValue: k * 800 }));
    const s = load(aseFile([geom('M', cube(), { frames })], { scene }));
    const mesh = s.meshes[0];
    expect(mesh.primitives[0].targets).toHaveLength(3);
    expect(mesh.weights).toEqual([0, 0, 0]);
    const ch = s.animations[0].channels.find((c) => c.path === 'weights')!;
    expect(Array.from(ch.times)).toEqual([0, 800 / 4800, 1600 / 4800].map(Math.fround));
    expectBox(computeBounds(s, { animation: 0, time: 1600 / 4800 }), worldBox(frames[2].vertices));
    expectBox(computeBounds(s, { animation: 0, time: 1200 / 4800 }), worldBox(cube([0, 0, 7.5]).vertices));
  });

  it('camera and light TM_ANIMATION, the .Target track, and look-at orientation when only positions move', () => {
    const camRows: Rows = [[1, 0, 0], [0, 0, 1], [0, -1, 0], [0, -10, 0]]; // looks along Max +Y
    const track = tmAnimation('Cam.Target', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 4800 10 0 0'] });
    const s = load(aseFile([camera('Cam', camRows, [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { fov: 1.2, near: 1, far: 500 }, [track])], { scene }));
    const cam = s.nodes.findIndex((n) => n.name === 'Cam');
    const target = s.nodes.findIndex((n) => n.name === 'Cam.Target');
    expect(s.nodes[cam].extras?.target).toBe(target);
    const lookAt = s.animations[0].channels.find((c) => c.node === cam && c.path === 'rotation')!;
    expect(lookAt.extras?.lookAt).toBe(target);
    for (const t of [0, 0.5, 1]) {
      const locals = sampleAnimation(s, 0, t).locals;
      const world = computeWorldMatrices(s, locals);
      const m = world.subarray(cam * 16, cam * 16 + 16);
      const to = [0, 1, 2].map((k) => world[target * 16 + 12 + k] - m[12 + k]);
      const view = [-m[8], -m[9], -m[10]];
      const cos = (view[0] * to[0] + view[1] * to[1] + view[2] * to[2]) / Math.hypot(...to) / Math.hypot(...view);
      expect(cos).toBeGreaterThan(0.9999);
    }
    // At rest the camera node's −Z is the Max view axis (+Y in Max → −Z in the scene).
    const rest = worldOf(s, 'Cam');
    close([-rest[8], -rest[9], -rest[10]], yUp([0, 1, 0]));
    // NEAR/FAR are environment ranges, not clipping: no manual clip → znear 0.1 and no zfar (infinite).
    const c = s.cameras[0];
    expect(c.znear).toBe(0.1);
    expect(c.zfar).toBeUndefined();
    expect(c.extras?.settings).toMatchObject({ CAMERA_NEAR: 1, CAMERA_FAR: 500 });
    expect(c.yfov).toBeCloseTo(2 * Math.atan(Math.tan(0.6) / (4 / 3)), 6);
    // Manual clipping planes (*CAMERA_HITHER / *CAMERA_YON) become znear / zfar.
    const clipped = load(aseFile([camera('Clip', camRows, undefined, { hither: 2, yon: 750, near: 1, far: 500 })])).cameras[0];
    expect([clipped.znear, clipped.zfar]).toEqual([2, 750]);
  });
});

describe('other objects', () => {
  it('lights: Omni → point, Target/Free → spot with half-angle cones, Directional; target light gets its target node', () => {
    const rows = rotZ(0, [0, 0, 10]);
    const s = load(aseFile([
      light('Omni01', 'Omni', rows, undefined, { color: [1, 0.5, 0.25], intensity: 2, attenuation: [10, 80] }),
      light('Spot01', 'Target', rows, IDENTITY_ROWS, { hotspot: 40, falloff: 60 }),
      light('Sun01', 'Directional', rows, undefined, {}),
      light('Free01', 'Free', rows, undefined, { hotspot: 20, falloff: 30 }),
    ]));
    expect(s.lights.map((l) => l.type)).toEqual(['point', 'spot', 'directional', 'spot']);
    expect(s.lights[0].color).toEqual([1, 0.5, 0.25]);
    expect(s.lights[0].intensity).toBe(2);
    expect(s.lights[0].range).toBe(80); // *LIGHT_ATTNEND
    expect(s.lights[1].range).toBeUndefined(); // no attenuation written
    expect(s.lights[1].outerConeAngle).toBeCloseTo((30 * Math.PI) / 180, 6);
    expect(s.lights[1].innerConeAngle).toBeCloseTo((20 * Math.PI) / 180, 6);
    expect(s.nodes.some((n) => n.name === 'Spot01.Target')).toBe(true);
  });

  it('*SHAPEOBJECT splines become LINE_STRIP / LINE_LOOP primitives at their world positions', () => {
    const rows = rotZ(30, [1, 2, 3]);
    const open: V3[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0]];
    const closed: V3[] = [[5, 5, 5], [6, 5, 5], [6, 6, 5], [5, 6, 5]];
    const s = load(aseFile([shape('Spline', rows, [{ closed: false, points: open }, { closed: true, points: closed }])]));
    const prims = s.meshes[0].primitives;
    expect(prims.map((p) => p.mode)).toEqual(['LINE_STRIP', 'LINE_LOOP']);
    expectBox(computeBounds(s), worldBox([...open, ...closed]));
    expect(s.nodes[0].extras?.kind).toBe('shape');
  });

  it('*HELPEROBJECT nodes keep their class and box; *NODE_VISIBILITY_TRACK goes to extras', () => {
    const s = load(aseFile([helper('Dummy01', rotZ(0, [1, 2, 3]), { tail: ['*NODE_VISIBILITY_TRACK {', '*CONTROL_FLOAT_SAMPLE 0 1.0000', '*CONTROL_FLOAT_SAMPLE 160 0.0000', '}'] })]));
    const n = s.nodes[0];
    expect(n.extras?.helperClass).toBe('Dummy');
    expect(n.extras?.boundingBox).toEqual({ min: [-1, -1, -1], max: [1, 1, 1] });
    expect((n.extras?.visibilityTrack as Record<string, unknown>).CONTROL_FLOAT_SAMPLE).toEqual([[0, 1], [160, 0]]);
  });

  it('*MESH_WEIGHTS become a skin: joints from bone names, weights normalised, rest pose unchanged', () => {
    const m: MeshSpec = {
      ...cube([0, 0, 1]),
      weights: {
        bones: ['Bone0', 'Bone1'],
        vertices: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => ({ index, pairs: index < 4 ? [[0, 1]] : [[0, 0.25], [1, 0.75]] })),
      },
    };
    const s = load(aseFile([helper('Bone0', rotZ(0, [0, 0, 0])), helper('Bone1', rotZ(90, [0, 0, 2]), { parent: 'Bone0' }), geom('Skin', m, { rows: rotZ(0, [0, 0, 1]) })]));
    const skin = s.skins[0];
    expect(skin.joints.map((j) => s.nodes[j].name)).toEqual(['Bone0', 'Bone1']);
    const node = s.nodes.findIndex((n) => n.name === 'Skin');
    expect(s.nodes[node].skin).toBe(0);
    const p = s.meshes[0].primitives[0];
    const { JOINTS_0, WEIGHTS_0, POSITION } = p.attributes;
    expect(JOINTS_0!.length).toBe(POSITION.length / 3 * 4);
    const world = computeWorldMatrices(s);
    const out = new Float32Array(POSITION.length);
    skinVerticesReference(POSITION, JOINTS_0!, WEIGHTS_0!, computeSkinMatrices(s, 0, world), out);
    const worldPoints: number[][] = [];
    for (let v = 0; v < out.length; v += 3) worldPoints.push([out[v], out[v + 1], out[v + 2]]);
    const box = { min: [0, 1, 2].map((k) => Math.min(...worldPoints.map((q) => q[k]))), max: [0, 1, 2].map((k) => Math.max(...worldPoints.map((q) => q[k]))) };
    expectBox(box, worldBox(m.vertices));
    const upper = [...Array(POSITION.length / 3).keys()].find((v) => POSITION[v * 3 + 1] > 0)!;
    expect(Array.from(WEIGHTS_0!.subarray(upper * 4, upper * 4 + 2))).toEqual([0.75, 0.25]);
  });
});
