// Materials: the base colour texture by name (embedded images written beside the model), effects
// from alpha mode, sidedness and lighting, names in the code page (CP949 by default).
import { describe, expect, it } from 'vitest';
import { codePageEncoder } from '@relic3d/core';
import { readChr, readO3d, writeO3d } from '../../src/index.js';
import { readBack } from './helpers.js';
import { material, meshScene, skinnedStrip, triangle } from './scenes.js';

const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0);
const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

describe('materials and textures', () => {
  it('writes embedded images beside the model and references textures by base name', async () => {
    const scene = meshScene('tex', [[{ ...triangle(), material: 0 }, { ...triangle(), material: 1 }, { ...triangle(), material: 2 }]]);
    scene.textures.push({ name: 'skin', image: { mimeType: 'image/png', data: PNG } }, { uri: 'textures/Wood.DDS' }, { uri: 'data/leaf.png', image: { mimeType: 'image/png', data: PNG } });
    scene.materials.push(material('a', { baseColorTexture: { texture: 0 } }), material('b', { baseColorTexture: { texture: 1 } }), material('c', { baseColorTexture: { texture: 2 }, normalTexture: { texture: 1 } }));
    const result = writeO3d(scene);
    expect(Object.keys(result.files).sort()).toEqual(['leaf.png', 'tex.o3d', 'tex_0.png']);
    expect(result.files['leaf.png']).toBe(PNG);
    const g = readO3d(result.files['tex.o3d']).groups[0][0].geometry;
    expect(g.materials.map((m) => m.textureName)).toEqual(['tex_0.png', 'Wood.DDS', 'leaf.png']);
    expect(g.blocks.map((b) => b.textureId)).toEqual([0, 1, 2]);
    expect(codes(result)).toContain('O3D_WRITE_TEXTURES');
    const back = await readBack(result);
    expect(back.textures.map((t) => t.uri)).toEqual(['tex_0.png', 'Wood.DDS', 'leaf.png']);
  });

  it('turns alpha modes, double sides and unlit into block effects the reader turns back', async () => {
    const scene = meshScene('fx', [[0, 1, 2, 3].map((material) => ({ ...triangle(), material }))]);
    scene.textures.push({ uri: 't.dds' });
    const t = { baseColorTexture: { texture: 0 } };
    scene.materials.push(
      material('t.dds', { ...t, alphaMode: 'MASK' }),
      material('t.dds', { ...t, alphaMode: 'BLEND', baseColorFactor: [1, 1, 1, 0.5] }),
      material('t.dds', { ...t, doubleSided: true }),
      material('t.dds', { ...t, unlit: true }),
    );
    const result = writeO3d(scene);
    const blocks = readO3d(result.files['fx.o3d']).groups[0][0].geometry.blocks;
    expect(blocks.map((b) => [b.effect, b.amount])).toEqual([[2, 255], [2, 128], [4, 0], [8, 0]]);
    const back = await readBack(result);
    const looks = back.meshes[0].primitives.map((p) => back.materials[p.material!]);
    expect(looks.map((m) => [m.alphaMode, m.doubleSided, !!m.unlit])).toEqual([['MASK', false, false], ['BLEND', false, false], ['OPAQUE', true, false], ['OPAQUE', false, true]]);
    expect(looks[1].baseColorFactor[3]).toBeCloseTo(128 / 255, 6);
  });

  it('gives a primitive without material a plain white one when others in its object have one', async () => {
    const scene = meshScene('mixed', [[{ ...triangle(), material: 0 }, triangle()]]);
    scene.materials.push(material('material 0'));
    const result = writeO3d(scene);
    expect(codes(result)).toContain('O3D_WRITE_DEFAULT_MATERIAL');
    const g = readO3d(result.files['mixed.o3d']).groups[0][0].geometry;
    expect(g.materials).toHaveLength(2);
    expect(g.materials[1]).toMatchObject({ diffuse: [1, 1, 1, 0], textureName: '' });
    await readBack(result);
  });

  it('gives base colours as D3D (gamma) colours when there is no texture', async () => {
    const scene = meshScene('plain', [[{ ...triangle(), material: 0 }]]);
    scene.materials.push(material('material 0', { baseColorFactor: [0.5, 0.25, 1, 1] }));
    const back = await readBack(writeO3d(scene));
    back.materials[0].baseColorFactor.slice(0, 3).forEach((v, k) => expect(v).toBeCloseTo([0.5, 0.25, 1][k], 5));
  });

  it('writes names in CP949 by default (bones, textures), cut on a character boundary to their fields', async () => {
    const scene = skinnedStrip('korean', 3);
    scene.nodes[1].name = '머리뼈';
    scene.nodes[2].name = '긴이름'.repeat(8);
    scene.textures.push({ uri: '나무.dds' });
    scene.materials[0].baseColorTexture = { texture: 0 };
    const result = writeO3d(scene);
    expect(codes(result)).toContain('WRITE_NAME_TRUNCATED');
    const chr = readChr(result.files['korean.chr'], { codePage: 'euc-kr' });
    expect(chr.bones[0].name).toBe('머리뼈');
    expect(codePageEncoder('euc-kr').encode(chr.bones[1].name).bytes.length).toBeLessThanOrEqual(31);
    expect(chr.bones[1].name).toBe('긴이름'.repeat(5));
    const back = await readBack(result, { codePage: 'euc-kr' });
    expect(back.textures[0].uri).toBe('나무.dds');
    expect(back.skins[0].joints.map((j) => back.nodes[j].name).slice(0, 2)).toEqual(['머리뼈', '긴이름'.repeat(5)]);
    // Another code page on request; what it lacks becomes "?".
    expect(codes(writeO3d(scene, { codePage: 'windows-1252' }))).toContain('WRITE_NAME_LOSSY');
  });
});
