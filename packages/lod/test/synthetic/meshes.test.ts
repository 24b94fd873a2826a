// Meshes (MSL1/MSH1): face groups, un-welding, smoothing-group normals, index widths, texture-coordinate sets.
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { indexWidth } from '../../src/read/face-groups.js';
import { staticMesh } from '@relic3d/fixtures/lod-files';
import { lodFile, mal1, mat1, msl1, specWidth, type MeshSpec } from '@relic3d/fixtures/lod';
import { valid } from './helpers.js';

describe('meshes (MSL1/MSH1)', () => {
  it('a static mode-3 mesh: type-2 groups, stored normals, smoothing data, 1-byte indices, an empty group', () => {
    const file = readLod(lodFile([mal1([mat1(1, [{ name: 'stone', texture: 'stone.bmp' }])]), msl1([staticMesh])]));
    const m = file.meshes[0];
    expect([m.name, m.meshMode, m.visible, m.positions.length, m.normals.length, m.texCoords.length]).toEqual(['Box', 3, true, 12, 3, 1]);
    const [front, empty] = m.faceGroups;
    expect([front.faceType, front.faceMode, front.name, front.visible, front.materialNames]).toEqual([2, 0, 'front', true, ['stone']]);
    expect(Array.from(front.vertexIndices)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(Array.from(front.smoothData!)).toEqual([1, 1]);
    expect(front.indexWidths).toEqual({ position: 1, normal: 1, texCoord: [1] });
    expect(empty.vertexIndices.length).toBe(0);
    const scene = valid(lodFile([mal1([mat1(1, [{ name: 'stone', texture: 'stone.bmp' }])]), msl1([staticMesh])]));
    const mesh = scene.meshes[0];
    expect(mesh.primitives.length).toBe(1);
    expect(mesh.extras!.emptyFaceGroups).toEqual(['empty']);
    const p = mesh.primitives[0];
    expect(p.attributes.POSITION.length).toBe(12);
    expect(Array.from(p.indices!)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(Array.from(p.attributes.NORMAL!)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    // v is flipped to glTF's top-left origin.
    expect(Array.from(p.attributes.TEXCOORD_0!)).toEqual([0, 1, 1, 1, 1, 0, 0, 0]);
    expect(p.material).toBe(0);
    expect(p.extras!.normals).toBe('stored');
  });

  it('un-welds separate position/normal/UV index lists into vertices keyed by the tuple', () => {
    const mesh: MeshSpec = {
      ...staticMesh,
      normals: [0, 0, 1, 0, 0, -1],
      groups: [{ faceType: 2, name: 'g', materials: ['m'], vertex: [0, 1, 2, 0, 2, 3], smooth: [], normal: [0, 0, 0, 1, 1, 1], uv: [[0, 1, 2, 0, 2, 3]] }],
    };
    const scene = valid(lodFile([msl1([mesh])]));
    const p = scene.meshes[0].primitives[0];
    // Corners 0 and 3 share the position 0 and UV 0 but not the normal: 6 vertices, not 4.
    expect(p.attributes.POSITION.length / 3).toBe(6);
    expect(Array.from(p.indices!)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(p.attributes.NORMAL!.subarray(9, 12))).toEqual([0, 0, -1]);
    expect(scene.materials.map((m) => m.name)).toEqual(['m']);
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_MISSING_MATERIAL']);
  });

  it('generates normals from smoothing groups when none are stored, flat for mask 0', () => {
    // A roof: two triangles meeting at an edge, 90° apart.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 2, 0, 1, 2, 0];
    const group = (smooth: number[]) => ({ faceType: 2 as const, name: 'roof', materials: [''], vertex: [0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4], smooth });
    const build = (smooth: number[]) => valid(lodFile([msl1([{ name: 'r', mode: 3, positions, uvSets: [[]], groups: [group(smooth)], boneCount: 0 }])])).meshes[0].primitives[0];
    const smooth = build([1, 1, 1, 1]);
    const flat = build([0, 0, 0, 0]);
    const split = build([1, 1, 2, 2]);
    // Smoothed: the ridge vertices (positions 2 and 3) get the averaged normal (0, 0, 1); flat/split keep the face normals.
    expect(smooth.attributes.POSITION.length / 3).toBe(6);
    expect(flat.attributes.POSITION.length / 3).toBe(8);
    expect(split.attributes.POSITION.length / 3).toBe(8);
    const normalAt = (p: typeof smooth, x: number, y: number, z: number) => {
      const out: number[][] = [];
      for (let v = 0; v < p.attributes.POSITION.length / 3; v++) {
        if (p.attributes.POSITION[v * 3] === x && p.attributes.POSITION[v * 3 + 1] === y && p.attributes.POSITION[v * 3 + 2] === z) out.push(Array.from(p.attributes.NORMAL!.subarray(v * 3, v * 3 + 3)));
      }
      return out;
    };
    // Smoothed ridge normals lean between both faces (area-weighted sum of the faces around the position).
    const ridge = normalAt(smooth, 0, 1, 1);
    expect(ridge.length).toBe(1);
    expect(ridge[0][0]).toBe(0);
    expect(ridge[0][2]).toBeGreaterThan(0.9);
    const s = Math.SQRT1_2;
    expect(normalAt(split, 0, 1, 1).map((n) => n.map((v) => +v.toFixed(5)))).toEqual([[0, -s, s], [0, s, s]].map((n) => n.map((v) => +v.toFixed(5))));
    expect(flat.extras!.normals).toBe('smoothing groups');
  });

  it.each([
    ['FaceType 1, 255 positions', 1, 255, 1],
    ['FaceType 1, 256 positions', 1, 256, 2],
    ['FaceType 1, 65535 positions', 1, 65535, 2],
    ['FaceType 1, 65536 positions', 1, 65536, 4],
    ['FaceType 2, 256 positions', 2, 256, 1],
    ['FaceType 2, 257 positions', 2, 257, 2],
    ['FaceType 2, 65536 positions', 2, 65536, 2],
    ['FaceType 2, 65537 positions', 2, 65537, 4],
  ] as const)('index width follows the referenced array size: %s', (_label, faceType, n, width) => {
    expect(specWidth(n, faceType === 2)).toBe(width);
    expect(indexWidth(n, faceType === 2)).toBe(width);
    const positions = new Array(n * 3).fill(0);
    positions[(n - 1) * 3] = 1;
    positions[(n - 2) * 3 + 1] = 1;
    const mesh: MeshSpec = { name: 'big', mode: 2, positions, uvSets: [[]], groups: [{ faceType, name: 'g', materials: [''], vertex: [n - 1, n - 2, 0], smooth: [] }], boneCount: 0 };
    const bytes = lodFile([msl1([mesh])]);
    const g = readLod(bytes).meshes[0].faceGroups[0];
    expect(g.indexWidths.position).toBe(width);
    expect(Array.from(g.vertexIndices)).toEqual([n - 1, n - 2, 0]);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(Array.from(p.attributes.POSITION)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0]);
  });

  it('mode-3 texture lists use the new thresholds even in FaceType 1; normals their own array size', () => {
    const uv = Array.from({ length: 256 * 2 }, (_, i) => i / 512);
    const mesh: MeshSpec = {
      name: 'm',
      mode: 3,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      normals: new Array(300 * 3).fill(0).map((_, i) => (i % 3 === 2 ? 1 : 0)),
      uvSets: [uv],
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2], normal: [299, 0, 1], uv: [[255, 0, 1]] }],
      boneCount: 0,
    };
    const g = readLod(lodFile([msl1([mesh])])).meshes[0].faceGroups[0];
    expect(g.indexWidths).toEqual({ position: 1, normal: 2, texCoord: [1] });
    expect(Array.from(g.normalIndices)).toEqual([299, 0, 1]);
    expect(Array.from(g.texCoordIndices[0])).toEqual([255, 0, 1]);
    const mode2 = { ...mesh, mode: 2 as const, normals: [], groups: [{ ...mesh.groups[0], normal: [] }] };
    expect(readLod(lodFile([msl1([mode2])])).meshes[0].faceGroups[0].indexWidths.texCoord).toEqual([2]);
  });

  const twoSets = (layout: 'counts-first' | 'interleaved'): MeshSpec => ({
    name: 'lm',
    mode: 3,
    positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
    uvSets: [
      [0.5, 0.5, 0.25, 0.25, 0.125, 0.125],
      [0, 0, 1, 0],
    ],
    uvLayout: layout,
    groups: [{ faceType: 2, name: 'g', materials: ['base', 'light'], vertex: [0, 1, 2], smooth: [], uv: [[0, 1, 2], [0, 1, 1]] }],
    boneCount: 0,
  });

  it.each(['counts-first', 'interleaved'] as const)('two texture-coordinate sets (%s) and a light-map material', (layout) => {
    const bytes = lodFile([mal1([mat1(1, [{ name: 'base', texture: 'base.bmp' }, { name: 'light', texture: 'light.bmp' }])]), msl1([twoSets(layout)])]);
    const m = readLod(bytes).meshes[0];
    expect(m.texCoordLayout).toBe(layout);
    expect(Array.from(m.texCoords[0])).toEqual([0.5, 0.5, 0.25, 0.25, 0.125, 0.125]);
    expect(Array.from(m.texCoords[1])).toEqual([0, 0, 1, 0]);
    expect(m.faceGroups[0].materialNames).toEqual(['base', 'light']);
    const scene = valid(bytes);
    const p = scene.meshes[0].primitives[0];
    expect(Array.from(p.attributes.TEXCOORD_1!)).toEqual([0, 1, 1, 1, 1, 1]);
    const mat = scene.materials[p.material!];
    expect(mat.name).toBe('base+light');
    expect(scene.textures[mat.otherTextures!.lightmap.texture].uri).toBe('light.bmp');
    expect(mat.otherTextures!.lightmap.texCoord).toBe(1);
  });
});
