// Geometry at the edge: Max axes, world-space vertices, winding, normals, UVs, colours, lines.
import { addNode, computeBounds, createScene, math, type Primitive } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { close, codes, drawnCorners, nodeNamed, numbers, values, worldOf, write } from './helpers.js';
import { cube } from './scenes.js';

/** One triangle in the scene's XY plane, counter-clockwise seen from +Z (its front faces +Z). */
const triangle = (): Primitive => ({
  attributes: { POSITION: Float32Array.of(0, 0, 0, 2, 0, 0, 0, 1, 0), NORMAL: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1), TEXCOORD_0: Float32Array.of(0, 0, 1, 0, 0, 0.25) },
  indices: Uint16Array.of(0, 1, 2),
});

const cross = (a: number[], b: number[], c: number[]) => {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
};

describe('axes and winding', () => {
  it('a triangle facing +Y up-axis scene +Z is written in Max axes, counter-clockwise about its normal', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 't', primitives: [triangle()] });
    addNode(scene, { name: 'T', mesh: 0 });
    const w = write(scene);
    // Scene (x, y, z) → Max (x, −z, y).
    const v = numbers(w.text, 'MESH_VERTEX').map((r) => r.slice(1));
    expect(v).toEqual([[0, 0, 0], [2, 0, 0], [0, 0, 1]]);
    const face = values(w.text, 'MESH_FACE')[0];
    expect(face.slice(0, 7)).toEqual(['0:', 'A:', 0, 'B:', 1, 'C:', 2]);
    // Max's front faces are counter-clockwise: (B − A) × (C − A) along the written face normal, −Y in Max (+Z in the scene).
    const n = cross(v[0], v[1], v[2]);
    expect(Math.sign(n[1])).toBe(-1);
    expect(numbers(w.text, 'MESH_FACENORMAL')[0].slice(1)).toEqual([0, -1, 0]);
    expect(numbers(w.text, 'MESH_VERTEXNORMAL').map((r) => r.slice(1))).toEqual([[0, -1, 0], [0, -1, 0], [0, -1, 0]]);
    // UVs: Max's V runs up.
    expect(numbers(w.text, 'MESH_TVERT').map((r) => r.slice(1))).toEqual([[0, 1, 0], [1, 1, 0], [0, 0.75, 0]]);
    // Read back: the same triangle, the same normal and UVs.
    const p = w.back.meshes[0].primitives[0];
    close(p.attributes.POSITION, scene.meshes[0].primitives[0].attributes.POSITION);
    close(p.attributes.NORMAL!, Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1));
    close(p.attributes.TEXCOORD_0!, scene.meshes[0].primitives[0].attributes.TEXCOORD_0!);
    expect(Array.from(p.indices!)).toEqual([0, 1, 2]);
  });

  it('vertices are world space under a world *NODE_TM (C⁻¹·G·C); the node keeps its place', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'box', primitives: cube(2) });
    const parent = addNode(scene, { name: 'P', translation: [5, -2, 1], rotation: math.quatFromAxisAngle([0, 0, 1], 0.5) as [number, number, number, number] });
    addNode(scene, { name: 'Box', mesh: 0, translation: [0, 3, 0], rotation: math.quatFromAxisAngle([1, 1, 0], 1) as [number, number, number, number], scale: [1, 2, 0.5] }, parent);
    const w = write(scene);
    const written = numbers(w.text, 'MESH_VERTEX').map((r) => r.slice(1));
    const expected = drawnCorners(scene, 'Box');
    // Every drawn corner is a written vertex (Max axes).
    const near = (a: number[], b: number[]) => a.every((c, k) => Math.abs(c - b[k]) < 2e-4);
    for (const [x, y, z] of expected) expect(written.some((v) => near(v, [x, -z, y])), `${x},${y},${z}`).toBe(true);
    // NODE_TM rows: the world matrix in Max axes.
    const rows = ['TM_ROW0', 'TM_ROW1', 'TM_ROW2', 'TM_ROW3'].map((k) => numbers(w.text, k)[1]);
    const g = math.multiply(math.multiply([1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1], worldOf(scene, 'Box')), [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
    close(rows.flat(), [g[0], g[1], g[2], g[4], g[5], g[6], g[8], g[9], g[10], g[12], g[13], g[14]], 1e-4, 'rows');
    close(drawnCorners(w.back, 'Box').flat(), expected.flat(), 2e-4, 'read back');
    expect(w.back.nodes[nodeNamed(w.back, 'Box')].parent).toBe(nodeNamed(w.back, 'P'));
  });

  it('a mirroring node keeps its triangles front-facing: the scene order is the world order Max wants', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 't', primitives: [triangle()] });
    addNode(scene, { name: 'M', mesh: 0, scale: [-1, 1, 1] });
    const w = write(scene);
    const [a, b, c] = numbers(w.text, 'MESH_VERTEX').map((r) => r.slice(1));
    // Mirrored in x: world triangle (0,0,0) (−2,0,0) (0,1,0) → clockwise seen from +Z, i.e. facing −Z (Max −Y is scene +Z).
    expect(Math.sign(cross(a, b, c)[1])).toBe(1);
    const box = computeBounds(w.back);
    close([...box.min, ...box.max], [-2, 0, 0, 0, 1, 0]);
    expect(math.determinant3(worldOf(w.back, 'M'))).toBeLessThan(0);
  });
});

describe('attributes', () => {
  it('texture channels 2+ are *MESH_MAPPINGCHANNEL n; colours are *MESH_VERTCOL (alpha warned)', () => {
    const scene = createScene('test');
    const p = triangle();
    p.attributes.TEXCOORD_1 = Float32Array.of(0.5, 0.5, 1, 1, 0, 1);
    p.attributes.COLOR_0 = Float32Array.of(1, 0, 0, 1, 0, 1, 0, 0.5, 0, 0, 1, 1);
    scene.meshes.push({ name: 't', primitives: [p] });
    addNode(scene, { name: 'T', mesh: 0 });
    const w = write(scene);
    expect(w.text).toContain('*MESH_MAPPINGCHANNEL 2 {');
    expect(numbers(w.text, 'MESH_VERTCOL').map((r) => r.slice(1))).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    expect(codes(w)).toEqual(['ASE_WRITE_VERTEX_ALPHA']);
    const q = w.back.meshes[0].primitives[0].attributes;
    close(q.TEXCOORD_1!, p.attributes.TEXCOORD_1);
    close(q.COLOR_0!, Float32Array.of(1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1));
  });

  it('missing normals are made (smooth over shared vertices); smoothing groups follow the creases', () => {
    const scene = createScene('test');
    const [box] = cube(2);
    delete box.attributes.NORMAL;
    const flat = cube(2)[0];
    scene.meshes.push({ name: 'smooth', primitives: [box] }, { name: 'flat', primitives: [flat] });
    addNode(scene, { name: 'Smooth', mesh: 0 });
    addNode(scene, { name: 'Flat', mesh: 1, translation: [5, 0, 0] });
    const w = write(scene);
    const groups = values(w.text, 'MESH_FACE').map((f) => f[f.indexOf('*MESH_SMOOTHING') + 1]);
    // The cube's vertices are per face, so its made normals are flat: 12 faces, two per side.
    const flatGroups = groups.slice(12);
    for (let side = 0; side < 6; side++) expect(flatGroups[side * 2]).toBe(flatGroups[side * 2 + 1]);
    // Adjacent sides (+X and +Y) never share a group.
    expect(flatGroups[0]).not.toBe(flatGroups[4]);
    const smooth = w.back.meshes[w.back.nodes[nodeNamed(w.back, 'Smooth')].mesh!].primitives[0].attributes.NORMAL!;
    for (let i = 0; i < smooth.length; i += 3) expect(Math.hypot(smooth[i], smooth[i + 1], smooth[i + 2])).toBeCloseTo(1, 3);
  });

  it('morph targets: the mesh is written with its default weights applied, warned', () => {
    const scene = createScene('test');
    const p = triangle();
    p.targets = [{ POSITION: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1) }];
    scene.meshes.push({ name: 't', primitives: [p], weights: [0.5] });
    addNode(scene, { name: 'T', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_MORPH']);
    expect(computeBounds(w.back).min[2]).toBeCloseTo(0.5, 4);
  });
});

describe('lines and points', () => {
  it('line strips, loops and segments become *SHAPEOBJECT lines; points are warned', () => {
    const scene = createScene('test');
    const P = Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0);
    scene.meshes.push({
      name: 'wire',
      primitives: [
        { attributes: { POSITION: P }, mode: 'LINE_STRIP' },
        { attributes: { POSITION: P }, mode: 'LINE_LOOP' },
        { attributes: { POSITION: P }, mode: 'LINES', indices: Uint16Array.of(0, 1, 1, 2, 3, 0) },
        { attributes: { POSITION: P }, mode: 'POINTS' },
      ],
    });
    addNode(scene, { name: 'Wire', mesh: 0, translation: [0, 0, 2] });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_POINTS']);
    expect(w.text).toContain('*SHAPEOBJECT {');
    // The segments 0–1, 1–2 chain into one line; 3–0 is a line of its own.
    expect(numbers(w.text, 'SHAPE_LINECOUNT')).toEqual([[4]]);
    expect(values(w.text, 'SHAPE_CLOSED')).toHaveLength(1);
    expect(numbers(w.text, 'SHAPE_VERTEXCOUNT')).toEqual([[4], [4], [3], [2]]);
    const prims = w.back.meshes[0].primitives;
    expect(prims.map((p) => p.mode)).toEqual(['LINE_STRIP', 'LINE_LOOP', 'LINE_STRIP', 'LINE_STRIP']);
    // World positions: Max vertices are world space; read back node-local under the same node.
    const box = computeBounds({ ...w.back, meshes: [{ name: 'x', primitives: prims.map((p) => ({ ...p, mode: 'TRIANGLES' as const, indices: undefined, attributes: { POSITION: p.attributes.POSITION.slice(0, 9) } })) }] });
    close([box.min[2], box.max[2]], [2, 2]);
  });
});

describe('hostile geometry', () => {
  it('non-finite positions are written as 0 and warned; the file parses cleanly', () => {
    const scene = createScene('test');
    const p = triangle();
    p.attributes.POSITION[0] = NaN;
    p.attributes.POSITION[4] = Infinity;
    scene.meshes.push({ name: 't', primitives: [p] });
    addNode(scene, { name: 'T', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toContain('ASE_WRITE_NON_FINITE');
    expect(w.text).not.toMatch(/nan|inf/i);
    expect(w.back.warnings).toEqual([]);
  });

  it('triangles with indices past their vertices are dropped and warned; zero-area triangles are kept', () => {
    const scene = createScene('test');
    const p = triangle();
    p.indices = Uint16Array.of(0, 1, 2, 0, 1, 9, 0, 0, 0);
    scene.meshes.push({ name: 't', primitives: [p] });
    addNode(scene, { name: 'T', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_BAD_INDEX']);
    expect(numbers(w.text, 'MESH_NUMFACES')).toEqual([[2]]);
    expect(w.back.meshes[0].primitives[0].indices).toHaveLength(6);
  });
});
