// Tolerant parsing (spec §7): face and normal layouts, missing blocks, unknown keywords, encodings, numbers.
import { FormatError } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync, readAse } from '../../src/index.js';
import { aseFile, camera, cube, enc, geom, IDENTITY_ROWS, material, tmAnimation, utf16, type MeshSpec, type V3 } from '@relic3d/fixtures/ase';
import { load, codes, close } from './helpers.js';

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
