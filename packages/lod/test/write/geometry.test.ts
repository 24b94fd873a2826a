// Geometry at the edge: hierarchy baked into positions, axes, winding, UV origin, welding, index widths.
import { addNode, computeBounds, createScene, defaultMaterial, math } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { closeTo, codes, faceNormal, meshScene, roundTrip, triangle } from './helpers.js';

const TRI = [0, 0, 0, 1, 0, 0, 0, 1, 0]; // counter-clockwise seen from +Z: normal +Z

describe('geometry', () => {
  it('bakes a node hierarchy (translation, rotation, scale) into the positions', () => {
    const scene = meshScene('child', [triangle(TRI, { NORMAL: Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1]) })]);
    const parent = addNode(scene, { name: 'parent', translation: [10, 0, 0], rotation: math.quatFromAxisAngle([0, 1, 0], Math.PI / 2), scale: [2, 2, 2] });
    scene.nodes[0].parent = parent;
    scene.nodes[parent].children.push(0);
    scene.roots = [parent];
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { tolerance: 1e-6 })).toEqual([]);
    // World: x' = 10 + 2z, y' = 2y, z' = −2x; the normal +Z turns to +X.
    closeTo(readLod(file).meshes[0].positions, [10, 0, 0, 10, 0, -2, 10, 2, 0]);
    closeTo(back.meshes[0].primitives[0].attributes.NORMAL!, [1, 0, 0, 1, 0, 0, 1, 0, 0]);
    closeTo(faceNormal(back.meshes[0].primitives[0]), [1, 0, 0]);
  });

  it('a mirroring parent reverses the winding, so the front face stays the front face', () => {
    const scene = meshScene('m', [triangle(TRI)], { scale: [-1, 1, 1] });
    const { back } = roundTrip(scene);
    // Mirrored in x the triangle's geometric normal would flip to −Z; the writer re-winds it to stay +Z.
    closeTo(faceNormal(back.meshes[0].primitives[0]), [0, 0, 1]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back))).toEqual([]);
  });

  it("upAxis 'z' writes Z-up content, (x, y, z) → (x, −z, y), and reads back the same with upAxis 'z'", () => {
    const scene = meshScene('up', [triangle([0, 0, 0, 1, 0, 0, 0, 2, 3])]);
    const y = roundTrip(scene);
    closeTo(readLod(y.file).meshes[0].positions, [0, 0, 0, 1, 0, 0, 0, 2, 3]);
    const z = roundTrip(scene, { upAxis: 'z' }, { upAxis: 'z' });
    closeTo(readLod(z.file).meshes[0].positions, [0, 0, 0, 1, 0, 0, 0, -3, 2]);
    closeTo(z.back.meshes[0].primitives[0].attributes.POSITION, scene.meshes[0].primitives[0].attributes.POSITION);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(z.back), { tolerance: 1e-6 })).toEqual([]);
  });

  it('a scene read from a Z-up .lod (its extras say so, also through glTF) is written Z-up again by default', () => {
    const scene = meshScene('up', [triangle(TRI)]);
    scene.extras.signature = 'LODka3D1';
    scene.extras.upAxis = 'z';
    closeTo(readLod(roundTrip(scene, {}, { upAxis: 'z' }).file).meshes[0].positions, [0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('keeps counter-clockwise winding as stored (GLScene is right-handed, CCW front)', () => {
    const { file, back } = roundTrip(meshScene('ccw', [triangle(TRI)]));
    expect(Array.from(readLod(file).meshes[0].faceGroups[0].vertexIndices)).toEqual([0, 1, 2]);
    closeTo(faceNormal(back.meshes[0].primitives[0]), [0, 0, 1]);
  });

  it('writes UVs with OpenGL’s bottom-left origin (v → 1 − v)', () => {
    const { file, back } = roundTrip(meshScene('uv', [triangle(TRI, { TEXCOORD_0: Float32Array.from([0, 0, 1, 0.25, 0.5, 1]) })]));
    const raw = readLod(file).meshes[0];
    closeTo(raw.texCoords[0], [0, 1, 1, 0.75, 0.5, 0]);
    closeTo(back.meshes[0].primitives[0].attributes.TEXCOORD_0!, [0, 0, 1, 0.25, 0.5, 1]);
  });

  it('welds shared positions, normals and UVs; every source vertex comes back, exact duplicates too', () => {
    // A quad of two triangles sharing an edge, plus a vertex that duplicates vertex 0 exactly.
    const p = triangle([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0], { NORMAL: Float32Array.from(Array(15).fill(0).map((_, i) => (i % 3 === 2 ? 1 : 0))), TEXCOORD_0: Float32Array.from([0, 0, 1, 0, 1, 1, 0, 1, 0, 0]) }, [0, 1, 2, 4, 2, 3]);
    const scene = meshScene('quad', [p]);
    const { file, back } = roundTrip(scene);
    const raw = readLod(file).meshes[0];
    expect([raw.positions.length / 3, raw.normals.length / 3]).toEqual([4, 1]);
    // The duplicate keeps an index of its own (an extra UV entry), so it is not merged on read.
    expect(raw.texCoords[0].length / 2).toBe(5);
    expect(back.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(5);
  });

  it('several primitives become face groups of one MSH1 sharing its arrays, each naming its material', () => {
    const scene = meshScene('two', [triangle(TRI), triangle([0, 0, 0, 0, 1, 0, -1, 0, 0])]);
    const { file, back } = roundTrip(scene);
    const raw = readLod(file);
    expect(raw.meshes.length).toBe(1);
    expect(raw.meshes[0].faceGroups.map((g) => [g.name, g.materialNames])).toEqual([['Group0', ['m0']], ['Group1', ['m1']]]);
    expect(raw.meshes[0].positions.length / 3).toBe(4);
    expect(back.meshes[0].primitives.map((q) => back.materials[q.material!].name)).toEqual(['m0', 'm1']);
  });

  it('index widths follow the referenced array size (1 byte ≤ 256, 2 bytes ≤ 65,536, else 4)', () => {
    const widths = (positions: number) => {
      const values = Float32Array.from({ length: positions * 3 }, (_, i) => (i % 3 === 0 ? Math.floor(i / 3) : (i % 3) * 0.5));
      const indices = Uint32Array.from({ length: positions - (positions % 3) }, (_, i) => i);
      const scene = meshScene('w', [{ attributes: { POSITION: values }, indices, mode: 'TRIANGLES' }]);
      return readLod(roundTrip(scene).file).meshes[0].faceGroups[0].indexWidths.position;
    };
    expect([widths(255), widths(256), widths(258), widths(65536), widths(65538)]).toEqual([1, 1, 2, 2, 4]);
  });

  it('70,000 vertices: 4-byte indices, every triangle kept', () => {
    const count = 70002;
    const values = new Float32Array(count * 3);
    for (let v = 0; v < count; v++) values.set([v % 300, Math.floor(v / 300), (v * 7) % 11], v * 3);
    const scene = meshScene('big', [{ attributes: { POSITION: values }, indices: Uint32Array.from({ length: count }, (_, i) => i), mode: 'TRIANGLES' }]);
    const { file, back } = roundTrip(scene);
    expect(readLod(file).meshes[0].faceGroups[0].indexWidths).toEqual({ position: 4, normal: 1, texCoord: [1] });
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back))).toEqual([]);
  });

  it('one MSH1 per drawn node: a mesh two nodes draw is written twice, each at its place', () => {
    const scene = createScene('test');
    scene.materials.push(defaultMaterial('m'));
    scene.meshes.push({ name: 'shared', primitives: [{ ...triangle(TRI), material: 0 }] });
    addNode(scene, { name: 'a', mesh: 0 });
    addNode(scene, { name: 'b', mesh: 0, translation: [5, 0, 0] });
    const { file, back } = roundTrip(scene);
    expect(readLod(file).meshes.map((m) => m.name)).toEqual(['a', 'b']);
    expect(computeBounds(back)).toEqual(computeBounds(scene));
  });
});
