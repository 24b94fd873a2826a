// Materials: MAL1/MAT1 option types, texture name splitting, TXTL/TXTR embedded textures, SHDL/SHDR shaders.
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { splitTextureNames } from '../../src/scene/materials.js';
import { PNG, everythingFile } from '@relic3d/fixtures/lod-files';
import { lodFile, mal1, mat1, shdl } from '@relic3d/fixtures/lod';
import { valid, closeTo } from './helpers.js';

describe('materials (MAL1/MAT1, TXTL/TXTR, SHDL/SHDR)', () => {
  const options = {
    ambient: [0.1, 0.2, 0.3, 1],
    diffuse: [0.5, 0.6, 0.7, 0.25],
    emission: [0.05, 0, 0, 1],
    specular: [1, 1, 1, 1],
    envColor: [0.3, 0.3, 0.3, 0.3],
    shininess: 64,
    imageBrightness: 1.5,
    imageGamma: 2.2,
    normalMapScale: 0.5,
    blendingMode: 3,
    imageAlpha: 6,
    textureMode: 2,
    textureWrap: 1,
    textureFormat: 9,
    textureEnabled: true,
    enabled: true,
    mappingMode: 3,
  };

  it('type 3: 101-byte options decoded field by field', () => {
    const file = readLod(lodFile([mal1([mat1(3, [{ name: 'm', texture: 'a.bmp', options }])])]));
    const o = file.materialLibraries[0].materials[0].options!;
    closeTo(o.ambient, options.ambient);
    closeTo(o.diffuse, options.diffuse);
    closeTo(o.emission, options.emission);
    closeTo(o.specular, options.specular);
    closeTo(o.envColor, options.envColor);
    expect(o.shininess).toBe(64);
    expect(o.imageBrightness).toBeCloseTo(1.5, 6);
    expect(o.imageGamma).toBeCloseTo(2.2, 6);
    expect(o.normalMapScale).toBeCloseTo(0.5, 6);
    expect([o.blendingMode, o.imageAlpha, o.textureMode, o.textureWrap, o.textureFormat, o.textureEnabled, o.enabled, o.mappingMode]).toEqual([3, 6, 2, 1, 9, true, true, 3]);
    const scene = valid(lodFile([mal1([mat1(3, [{ name: 'm', texture: 'a.bmp', options }])])]));
    const m = scene.materials[0];
    // Gamma-space GLScene colour → linear glTF factor; alpha stays.
    const linear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    closeTo(m.baseColorFactor, [...options.diffuse.slice(0, 3).map(linear), options.diffuse[3]]);
    expect([m.alphaMode, m.alphaCutoff]).toEqual(['MASK', 0.5]);
    expect(m.legacy!.shininess).toBe(64);
    expect(m.legacy!.opacity).toBeCloseTo(0.25, 6);
    expect(scene.textures[0]).toMatchObject({ uri: 'a.bmp', wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' });
    expect(m.extras!.options).toMatchObject({ blendingModeName: 'alphaTest50', textureFormatName: 'normalMap', mappingModeName: 'sphere', imageAlphaName: 'topLeftPointColorTransparent' });
  });

  it('type 2 (100 bytes, no MappingMode), type 1 (names only), type 0 (nothing)', () => {
    const t2 = readLod(lodFile([mal1([mat1(2, [{ name: 'a', texture: 'x.tga', options }, { name: 'b', texture: '', options: { blendingMode: 1 } }])])]));
    const [a, b] = t2.materialLibraries[0].materials;
    expect(a.options!.mappingMode).toBeUndefined();
    expect(a.options!.textureFormat).toBe(9);
    expect(b.options!.blendingMode).toBe(1);
    const t1 = readLod(lodFile([mal1([mat1(1, [{ name: 'a', texture: 'x.tga' }])])]));
    expect(t1.materialLibraries[0].materials).toEqual([{ name: 'a', textureName: 'x.tga' }]);
    const t0 = readLod(lodFile([mal1([mat1(0, [])])]));
    expect(t0.materialLibraries[0]).toEqual({ materialsType: 0, materials: [] });
  });

  it("'a:b' names two textures; the split skips drive letters", () => {
    expect(splitTextureNames('a.bmp:b.bmp')).toEqual(['a.bmp', 'b.bmp']);
    expect(splitTextureNames('C:\\tex\\a.bmp:D:\\b.bmp')).toEqual(['C:\\tex\\a.bmp', 'D:\\b.bmp']);
    expect(splitTextureNames('plain.bmp')).toEqual(['plain.bmp', '']);
    const scene = valid(lodFile([mal1([mat1(1, [{ name: 'm', texture: 'a.bmp:detail.bmp' }])])]));
    expect(scene.textures.map((t) => t.uri)).toEqual(['a.bmp', 'detail.bmp']);
    expect(scene.materials[0].baseColorTexture).toEqual({ texture: 0, texCoord: 0 });
    expect(scene.materials[0].otherTextures!.texture2).toEqual({ texture: 1, texCoord: 1 });
  });

  it('TXTR embedded textures: reserve skipped, image bytes on the texture; SHDR bump shader', () => {
    const file = readLod(everythingFile());
    const tex = file.textureLibraries[0].textures[0];
    expect([tex.materialName, tex.textureName, tex.optionType, tex.optionReserve.length, Array.from(tex.data)]).toEqual(['stone', 'stone.png', 0, 3, Array.from(PNG)]);
    const bump = file.shaderLibraries[0].shaders[0];
    expect([bump.shaderType, bump.bump!.name, bump.bump!.normalName, bump.bump!.specularName, bump.bump!.lightPower, bump.bump!.specularPower, bump.bump!.reserve.length]).toEqual([1, 'stone', 'normals', 'lightmap', 1.5, 8, 2]);
    const scene = valid(everythingFile());
    const stone = scene.materials.find((m) => m.name === 'stone')!;
    const image = scene.textures[stone.baseColorTexture!.texture].image!;
    expect(image.mimeType).toBe('image/png');
    expect(Array.from(image.data)).toEqual(Array.from(PNG));
    expect(scene.textures[stone.normalTexture!.texture].uri).toBe('stone_n.png');
    expect(scene.textures[stone.otherTextures!.specular.texture].uri).toBe('lm.bmp');
    expect(stone.extras!.bump).toMatchObject({ lightPower: 1.5, specularPower: 8 });
  });

  it('an unknown shader type is kept as bytes and skipped by ShaderSize', () => {
    const file = readLod(lodFile([mal1([mat1(1, []), shdl([{ type: 7, data: [1, 2, 3], name: '', normalName: '', specularName: '', lightPower: 0, specularPower: 0 }, { name: 'x', normalName: 'y', specularName: 'z', lightPower: 2, specularPower: 3 }])], 2)]));
    const [odd, bump] = file.shaderLibraries[0].shaders;
    expect([odd.shaderType, Array.from(odd.data!)]).toEqual([7, [1, 2, 3]]);
    expect(bump.bump!.name).toBe('x');
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_SHADER_TYPE']);
  });
});
