// Materials, textures and names: MAT1 options, texture files beside the model, TXTR, bump shaders, code pages.
import { defaultMaterial, type Material, type Texture } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readLod, writeLod } from '../../src/index.js';
import { chunkTree, codes, lodOf, meshScene, roundTrip, triangle } from './helpers.js';

const TRI = [0, 0, 0, 1, 0, 0, 0, 1, 0];
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);
const BMP = Uint8Array.from([0x42, 0x4d, 1, 2, 3]);

/** One triangle drawn with `material`, the scene holding `textures`. */
function textured(material: Partial<Material>, textures: Texture[]) {
  const scene = meshScene('t', [triangle(TRI, { TEXCOORD_0: Float32Array.from([0, 0, 1, 0, 0, 1]) })]);
  scene.materials[0] = { ...defaultMaterial('mat'), ...material };
  scene.textures.push(...textures);
  return scene;
}

describe('materials and textures', () => {
  it('an embedded image becomes a file beside the model, named in TextrName; uri-only textures keep their base name', () => {
    const scene = textured({ baseColorTexture: { texture: 0 }, otherTextures: { texture2: { texture: 1, texCoord: 1 } } }, [{ name: 'wall', image: { mimeType: 'image/png', data: PNG } }, { uri: 'maps\\Detail.BMP' }]);
    const { result, file, back } = roundTrip(scene, { name: 'house' });
    expect(Object.keys(result.files).sort()).toEqual(['house.lod', 'wall.png']);
    expect(result.files['wall.png']).toEqual(PNG);
    expect(readLod(file).materialLibraries[0].materials[0]).toMatchObject({ name: 'mat', textureName: 'wall.png:Detail.BMP' });
    const m = back.materials[0];
    expect([back.textures[m.baseColorTexture!.texture].uri, back.textures[m.otherTextures!.texture2.texture].uri]).toEqual(['wall.png', 'Detail.BMP']);
    expect(chunkTree(file).lod.children!.map((c) => c.id)).toEqual(['MAL1', 'MSL1']);
  });

  it('embedImages also stores images in a TXTR library (the editor reads it; GLScene skips it)', () => {
    const scene = textured({ baseColorTexture: { texture: 0 } }, [{ uri: 'wall.bmp', image: { data: BMP } }]);
    const { result, file, back } = roundTrip(scene, { embedImages: true });
    expect(Object.keys(result.files).sort()).toEqual(['t.lod', 'wall.bmp']);
    const library = readLod(file).textureLibraries[0];
    expect(library.textures.map((t) => [t.materialName, t.textureName, Array.from(t.data)])).toEqual([['mat', 'wall.bmp', Array.from(BMP)]]);
    expect(back.textures[0].image?.data).toEqual(BMP);
  });

  it('two different images under one name are numbered; a texture with no name warns', () => {
    const scene = textured({ baseColorTexture: { texture: 0 }, otherTextures: { texture2: { texture: 1 } } }, [{ name: 'a.png', image: { data: PNG } }, { name: 'A.png', image: { data: BMP } }]);
    scene.textures.push({});
    scene.materials.push({ ...defaultMaterial('other'), baseColorTexture: { texture: 2 } });
    const result = writeLod(scene);
    expect(Object.keys(result.files).sort()).toEqual(['A_2.png', 'a.png', 't.lod']);
    expect(codes(result)).toEqual(['LOD_WRITE_TEXTURE_NAME']);
  });

  it('MaterialOptions from the glTF material: gamma-space diffuse, blending from alphaMode, wrap, shininess', () => {
    const base = (m: Partial<Material>) => readLod(lodOf(writeLod(textured(m, [{ uri: 'x.png', wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' }])))).materialLibraries[0];
    const lib = base({ baseColorFactor: [0.5, 0.5, 0.5, 0.25], alphaMode: 'BLEND', baseColorTexture: { texture: 0 }, legacy: { shininess: 300 } });
    expect(lib.materialsType).toBe(3);
    const o = lib.materials[0].options!;
    expect(o.diffuse.map((v) => +v.toFixed(4))).toEqual([0.7354, 0.7354, 0.7354, 0.25]);
    expect([o.blendingMode, o.textureWrap, o.shininess, o.textureEnabled, o.enabled, o.mappingMode]).toEqual([1, 1, 128, true, true, 0]);
    expect(base({ alphaMode: 'MASK', alphaCutoff: 0.5 }).materials[0].options!.blendingMode).toBe(3);
    expect(base({ alphaMode: 'MASK', alphaCutoff: 1 }).materials[0].options!.blendingMode).toBe(4);
    const legacy = base({ legacy: { diffuse: [0.25, 0.5, 0.75, 1], ambient: [0, 0, 1, 1] } }).materials[0].options;
    expect(legacy).toMatchObject({ diffuse: [0.25, 0.5, 0.75, 1], ambient: [0, 0, 1, 1], textureEnabled: false });
  });

  it('normal and gloss maps go through a bump shader naming helper materials; other maps are warned', () => {
    const scene = textured({ baseColorTexture: { texture: 0 }, normalTexture: { texture: 1 }, otherTextures: { specular: { texture: 2 } }, emissiveTexture: { texture: 0 } }, [{ uri: 'c.png' }, { uri: 'n.png' }, { uri: 's.png' }]);
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_TEXTURE_DROPPED']);
    const raw = readLod(file);
    expect(raw.materialLibraries[0].materials.map((m) => [m.name, m.textureName])).toEqual([['mat', 'c.png'], ['mat.normal', 'n.png'], ['mat.gloss', 's.png']]);
    expect(raw.shaderLibraries[0].shaders[0].bump).toMatchObject({ name: 'mat', normalName: 'mat.normal', specularName: 'mat.gloss' });
    const m = back.materials[0];
    expect([m.normalTexture, m.otherTextures?.specular].map((r) => back.textures[r!.texture].uri)).toEqual(['n.png', 's.png']);
    // SHDL sits in LOD1 beside MAL1, which keeps exactly one child (GLScene reads MAL1's first child only).
    expect(chunkTree(file).lod.children!.map((c) => [c.id, c.children?.map((k) => k.id)])).toEqual([['MAL1', ['MAT1']], ['SHDL', ['SHDR']], ['MSL1', ['MSH1']]]);
  });

  it('double-sided materials are warned: MaterialOptions have no face culling setting', () => {
    const scene = meshScene('leaf', [triangle(TRI)]);
    scene.materials[0].doubleSided = true;
    const { result } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_DOUBLE_SIDED']);
    expect(result.warnings[0].message).toContain('m0');
  });

  it('material names are unique ignoring case (GLScene finds them by name); equal materials share one', () => {
    const scene = meshScene('m', [triangle(TRI), triangle(TRI), triangle(TRI), triangle(TRI)]);
    scene.materials = [defaultMaterial('Stone'), { ...defaultMaterial('stone'), baseColorFactor: [1, 0, 0, 1] }, defaultMaterial('Stone'), defaultMaterial('')];
    const { result, file } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_MATERIAL_NAME']);
    expect(readLod(file).materialLibraries[0].materials.map((m) => m.name)).toEqual(['Stone', 'stone_2', 'Material3']);
    expect(readLod(file).meshes[0].faceGroups.map((g) => g.materialNames[0])).toEqual(['Stone', 'stone_2', 'Stone', 'Material3']);
  });
});

describe('names and code pages', () => {
  it('names are written in windows-1251 (LODka 3D is a Russian ANSI program) and read back', () => {
    const scene = meshScene('Камень', [triangle(TRI)]);
    scene.materials[0].name = 'Гранит';
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    expect([back.nodes[0].name, back.materials[0].name]).toEqual(['Камень', 'Гранит']);
    // 'К' is 0xCA in CP1251: the mesh name's first byte after its Integer length.
    const msh = chunkTree(file).lod.children!.find((c) => c.id === 'MSL1')!.children![0];
    expect(Array.from(file.subarray(msh.data, msh.data + 6))).toEqual([6, 0, 0, 0, 0xca, 0xe0]);
  });

  it('characters the code page lacks become ? with a warning; codePage utf-8 keeps them', () => {
    const scene = meshScene('石头', [triangle(TRI)]);
    const lossy = roundTrip(scene);
    expect(codes(lossy.result)).toEqual(['WRITE_NAME_LOSSY']);
    expect(lossy.back.nodes[0].name).toBe('??');
    const utf8 = roundTrip(scene, { codePage: 'utf-8' }, { codePage: 'utf-8' });
    expect(codes(utf8.result)).toEqual([]);
    expect(utf8.back.nodes[0].name).toBe('石头');
  });

  it('names have no length limit (Integer-prefixed strings): a 300-character name is written whole', () => {
    const long = 'x'.repeat(300);
    const { result, back } = roundTrip(meshScene(long, [triangle(TRI)]));
    expect(codes(result)).toEqual([]);
    expect(back.nodes[0].name).toBe(long);
  });
});
