import { computeWorldMatrices, isFormatError, math, sampleAnimation, validateScene, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { lodFormat, parse, parseSync, readLod, type LodParseOptions } from '../src/index.js';
import { indexWidth } from '../src/read/face-groups.js';
import { splitTextureNames } from '../src/scene/materials.js';
import { BMP, PNG, everythingFile, staticMesh } from '@relic3d/fixtures/lod-files';
import {
  Bytes,
  ans1,
  chunk,
  cll1,
  col1,
  img1,
  inf1,
  lgs1,
  lig1,
  lodFile,
  mal1,
  man1,
  mat1,
  mmd1,
  msl1,
  phs1,
  pxi1,
  pxl1,
  shdl,
  skl1,
  specWidth,
  txtl,
  type MeshSpec,
} from '@relic3d/fixtures/lod';

function valid(bytes: Uint8Array, options?: LodParseOptions): Scene {
  const scene = parseSync(bytes, options);
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

function formatError(fn: () => unknown): { code: string; offset: number; message: string } {
  try {
    fn();
  } catch (e) {
    expect(isFormatError(e)).toBe(true);
    return e as { code: string; offset: number; message: string };
  }
  throw new Error('expected a FormatError');
}

const closeTo = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 5) => Array.from(a).forEach((v, i) => expect(v).toBeCloseTo(b[i], digits));

const bones2 = [
  { id: 0, parent: -1, name: 'root' },
  { id: 1, parent: 0, name: 'child' },
];

function manyBones(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: i, parent: i - 1, name: `b${i}` }));
}

describe('container and strings', () => {
  it('format test looks at the 8-byte signature only', () => {
    expect(lodFormat.test(lodFile([]))).toBe(true);
    expect(lodFormat.test(new TextEncoder().encode('LODka3D2xxxxxxxx'))).toBe(false);
    expect(lodFormat.test(Uint8Array.from([0x4c, 0x4f, 0x44, 0]))).toBe(false);
    expect([lodFormat.id, lodFormat.extensions, lodFormat.encoding]).toEqual(['lod', ['.lod'], 'binary']);
  });

  it('an empty LOD1 gives an empty valid scene; parse and parseSync agree', async () => {
    const bytes = lodFile([]);
    const scene = valid(bytes);
    expect(scene.format).toBe('lod');
    expect(scene.version).toBe(1);
    expect(scene.extras).toMatchObject({ signature: 'LODka3D1', lod: { size: 0, count: 0 }, chunkOrder: [] });
    expect(await parse(bytes)).toEqual(parseSync(bytes));
  });

  it('INF1 text decodes as CP1251 by default, and with another code page on request', () => {
    const bytes = lodFile([inf1('Модель ёЁ: v1')]);
    expect(readLod(bytes).info!.text).toBe('Модель ёЁ: v1');
    expect(valid(bytes).extras.info).toBe('Модель ёЁ: v1');
    expect(readLod(bytes, { codePage: 'windows-1252' }).info!.text).not.toBe('Модель ёЁ: v1');
    expect(readLod(bytes).info!.data.length).toBe(13);
  });

  it('INF1 with Count ≠ 1 holding chunks is a container of user chunks', () => {
    const user = chunk('USR1', 5, new Bytes().u32(0xdeadbeef));
    const file = readLod(lodFile([inf1(user, 1 + 1)]));
    expect(file.info!.userChunks!.map((c) => [c.id, c.count, c.size, Array.from(c.data)])).toEqual([['USR1', 5, 4, [0xef, 0xbe, 0xad, 0xde]]]);
    expect(file.info!.userChunks![0].offset).toBe(8 + 12 + 12);
  });

  it('an unknown chunk is skipped by its Size and kept in extras', () => {
    const warnings: string[] = [];
    const bytes = lodFile([chunk('ZZZ9', 3, Uint8Array.of(1, 2, 3)), skl1(bones2)]);
    const scene = valid(bytes, { onWarning: (w) => warnings.push(w.code) });
    expect(warnings).toEqual(['LOD_UNKNOWN_CHUNK']);
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_UNKNOWN_CHUNK']);
    const unknown = scene.extras.unknownChunks as { id: string; count: number; data: Uint8Array; parent: string }[];
    expect(unknown.map((u) => [u.id, u.count, u.parent, Array.from(u.data)])).toEqual([['ZZZ9', 3, 'LOD1', [1, 2, 3]]]);
    expect(scene.nodes.map((n) => n.name)).toEqual(['root', 'child']);
  });

  it('further LOD1 blocks and trailing bytes are reported, not read', () => {
    const extra = chunk('LOD1', 0, new Uint8Array(0));
    const file = readLod(lodFile([], { after: [extra, Uint8Array.of(7, 7)] }));
    expect(file.extraLodBlocks).toBe(1);
    expect(file.trailingBytes).toBe(2);
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_EXTRA_BLOCK', 'LOD_TRAILING_DATA']);
  });

  it('LOD1 Count that disagrees with its children is a warning; containers are read by Size', () => {
    const file = readLod(lodFile([skl1(bones2)], { count: 3 }));
    expect(file.skeleton!.bones.length).toBe(2);
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_COUNT_MISMATCH']);
  });
});

describe('broken files', () => {
  it('a bad signature names what the file is', () => {
    expect(formatError(() => parseSync(new TextEncoder().encode('LOD\0 Heroes III archive'))).code).toBe('UNKNOWN_FORMAT');
    expect(formatError(() => parseSync(new Uint8Array(0))).code).toBe('EMPTY');
    const v2 = lodFile([], { signature: 'LODka3D2' });
    expect(formatError(() => parseSync(v2))).toMatchObject({ code: 'BAD_VERSION', offset: 7 });
  });

  it('a Git LFS pointer named .lod says what it is (the shared foreign check)', () => {
    const e = formatError(() => parseSync(new TextEncoder().encode('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 185344\n')));
    expect(e.code).toBe('FOREIGN_FORMAT');
    expect(e.message).toMatch(/^this is a Git LFS pointer, not model data .*, not a LODka3D model/);
  });

  it('NaN, ±infinity and float overflow are scrubbed at the reader, with warnings: vertices, transforms, keys, lights, colliders, physics', () => {
    const N = NaN, I = Infinity, BIG = 3e38;
    const box: MeshSpec = {
      name: 'Box',
      mode: 3,
      positions: [0, 0, 0, N, 0, 0, 1, I, 0, 0, 1, -I],
      normals: [0, N, 1],
      uvSets: [[0, 0, N, 0, 1, I, 0, 1]],
      groups: [{ faceType: 2, name: 'front', materials: [''], vertex: [0, 1, 2, 0, 2, 3], smooth: [1, 1], normal: [0, 0, 0, 0, 0, 0], uv: [[0, 1, 2, 0, 2, 3]] }],
      boneCount: 2,
    };
    const bones = [{ id: 0, parent: -1, name: 'root' }, { id: 1, parent: 0, name: 'arm' }];
    const bytes = lodFile([
      skl1(bones),
      msl1([box, { name: 'Host', mode: 3, positions: [], uvSets: [[]], groups: [], boneCount: 2 }]),
      ans1([{ name: 'wave', interval: 50, mode: 1, frames: [[[N, 0, I, 0, N, 0], [1, 0, 0, I, 0, 0]], [[0, 0, 0, 0, 0, 0], [BIG, BIG, BIG, 0, 0, 0]]] }]),
      phs1({ bodies: [{ type: 1, name: 'b', position: [BIG, 2, 3], scale: [1, I, 1], rotation: [0, N, 0, 1], mass: 10 }], geoms: [{ type: 1, name: 'g', body: 0, position: [BIG, I, 0], scale: [N, 3, 4], rotation: [0, 0, N, 1], meshLink: 0, meshLinkCount: 1 }], joints: [], meshLinks: [0] }),
      lgs1([lig1('day', [{ enabled: true, style: 0, position: [N, 10, 0], direction: [0, I, 0], diffuse: [N, 1, 1, 1], cutoff: N }])]),
      pxl1([pxi1(1, [{ name: 'copy', parent: -1, source: 0, position: [N, 0, I], rotation: [N, 0, 0, 1], scale: [I, N, 1] }])]),
      cll1([col1('near', [{ name: 'head', bone: 1, type: 0, matrix: [N, 0, 0, I, 0, 1, 0, 0.5, 0, 0, 1, 0.5, I, 0.25, 0, 1] }])]),
    ]);
    const scene = valid(bytes);
    // Vertices: 3 positions, the normal's y on all 4 vertices, 2 UV values.
    expect(scene.warnings.map((w) => w.message)).toContain("mesh 'Box': 9 non-finite vertex values (NaN or infinity) were set to 0");
    expect(Array.from(scene.meshes[0].primitives[0].attributes.POSITION)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(scene.warnings.filter((w) => w.code === 'LOD_NOT_FINITE').map((w) => w.message)[1]).toMatch(/^\d+ non-finite values \(NaN, infinity or beyond float range\) in transforms, keys, morph frames, lights, colliders or physics were set to 0$/);
    const finite32 = (v: ArrayLike<number> | undefined) => Array.from(v ?? []).every((x) => Number.isFinite(Math.fround(x)));
    for (const n of scene.nodes) expect([n.name, finite32(n.translation) && finite32(n.rotation) && finite32(n.scale)]).toEqual([n.name, true]);
    expect(scene.nodes.find((n) => n.name === 'copy')).toMatchObject({ translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [0, 0, 1] });
    for (const c of scene.animations.flatMap((a) => a.channels)) expect(finite32(c.values)).toBe(true);
    for (const c of scene.colliders) expect(finite32(c.translation) && finite32(c.rotation) && JSON.stringify(c.shape).indexOf('null') < 0).toBe(true);
    // The body at x = 3e38 plus its geom at x = 3e38 overflows float32: set to 0, not written as infinity.
    expect(scene.colliders.find((c) => c.extras?.source === 'PHS1')?.translation?.[0]).toBe(0);
    expect(finite32(scene.lights[0].color)).toBe(true);
  });

  it('the first chunk must be LOD1', () => {
    const bytes = lodFile([]);
    bytes.set(new TextEncoder().encode('MSL1'), 8);
    expect(formatError(() => parseSync(bytes))).toMatchObject({ code: 'BAD_TAG', offset: 8 });
  });

  it('a chunk Size past EOF', () => {
    const bad = chunk('SKL1', 2, new Bytes().u8(1), 1000);
    const e = formatError(() => parseSync(lodFile([bad])));
    expect(e.code).toBe('TRUNCATED');
    expect(e.offset).toBe(20 + 4);
    expect(formatError(() => parseSync(lodFile([chunk('SKL1', 0, new Bytes().u8(1), -5)]))).code).toBe('BAD_SIZE');
  });

  it('a handled chunk whose contents end before its Size', () => {
    const skl = skl1(bones2);
    const padded = chunk('SKL1', 2, [skl.subarray(12), Uint8Array.of(0, 0)]);
    const e = formatError(() => parseSync(lodFile([padded])));
    expect(e.code).toBe('BAD_SIZE');
    expect(e.message).toContain('SKL1');
  });

  it('a weights array whose length does not match the vertices', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 2, perVertex: [[[0, 1]], [[1, 1]], [[0, 0.5], [1, 0.5]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 2,
    };
    expect(() => parseSync(lodFile([skl1(bones2), msl1([mesh])]))).not.toThrow();
    const short = { ...mesh, weights: { bonesPerVertex: 2, perVertex: [[[0, 1]], [[1, 1]]] as [number, number][][] } };
    expect(formatError(() => parseSync(lodFile([skl1(bones2), msl1([short])]))).code).toBe('BAD_COUNT');
    const long = { ...mesh, weights: { bonesPerVertex: 2, perVertex: [...mesh.weights!.perVertex, [[0, 1]]] as [number, number][][] } };
    expect(formatError(() => parseSync(lodFile([skl1(bones2), msl1([long])]))).code).toBe('BAD_COUNT');
    const counted = { ...mesh, weightRecordCount: 1000 };
    expect(formatError(() => parseSync(lodFile([skl1(bones2), msl1([counted])]))).code).toBe('BAD_COUNT');
  });

  it('an index past its array', () => {
    const mesh = { ...staticMesh, groups: [{ ...staticMesh.groups[0], vertex: [0, 1, 4, 0, 2, 3] }] };
    const e = formatError(() => parseSync(lodFile([msl1([mesh])])));
    expect(e.code).toBe('BAD_INDEX');
    expect(e.message).toContain('index 2 = 4');
    const uv = { ...staticMesh, groups: [{ ...staticMesh.groups[0], uv: [[0, 1, 2, 0, 2, 9]] }] };
    expect(formatError(() => parseSync(lodFile([msl1([uv])]))).code).toBe('BAD_INDEX');
  });

  it('an index count that is not a multiple of 3, MeshMode and FaceMode outside the spec', () => {
    const mesh = { ...staticMesh, groups: [{ ...staticMesh.groups[0], vertex: [0, 1], smooth: [], normal: [], uv: [[]] }] };
    expect(formatError(() => parseSync(lodFile([msl1([mesh])]))).code).toBe('BAD_COUNT');
    const bytes = lodFile([msl1([staticMesh])]);
    const modeAt = 8 + 12 + 12 + 12 + 4 + 3 + 1;
    expect(bytes[modeAt]).toBe(3);
    bytes[modeAt] = 4;
    expect(formatError(() => parseSync(bytes)).code).toBe('UNSUPPORTED');
  });
});

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

describe('skeleton, skinning and animation', () => {
  it('single-bone association: byte ids below 255 bones, word ids from 255', () => {
    const mesh = (boneCount: number): MeshSpec => ({
      name: 's',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      assoc: [0, boneCount - 1, 1],
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount,
    });
    const small = readLod(lodFile([skl1(manyBones(254)), msl1([mesh(254)])])).meshes[0];
    expect(small.boneAssoc).toBeInstanceOf(Uint8Array);
    expect(Array.from(small.boneAssoc)).toEqual([0, 253, 1]);
    const bytes = lodFile([skl1(manyBones(300)), msl1([mesh(300)])]);
    const big = readLod(bytes).meshes[0];
    expect(big.boneAssoc).toBeInstanceOf(Uint16Array);
    expect(Array.from(big.boneAssoc)).toEqual([0, 299, 1]);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(Array.from(p.attributes.JOINTS_0!).filter((_, i) => i % 4 === 0).sort((a, b) => a - b)).toEqual([0, 1, 299]);
  });

  it('weight type 1 with ≤ 127 bones: 5-byte records, the top bit closes a vertex', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 3, perVertex: [[[0, 1]], [[0, 0.25], [1, 0.75]], [[0, 0.2], [1, 0.2], [1, 0.2]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 2,
    };
    const bytes = lodFile([skl1(bones2), msl1([mesh])]);
    const w = readLod(bytes).meshes[0].weights!;
    expect([w.bonesPerVertex, w.recordSize]).toEqual([3, 5]);
    expect(Array.from(w.boneFields)).toEqual([0x80, 0x00, 0x81, 0, 1, 1]);
    expect(Array.from(w.vertexStart)).toEqual([0, 1, 3, 6]);
    closeTo(w.weights, [1, 0.25, 0.75, 0.2, 0.2, 0.2]);
    const p = valid(bytes).meshes[0].primitives[0];
    const byPosition = new Map<number, [number[], number[]]>();
    for (let v = 0; v < 3; v++) byPosition.set(p.attributes.POSITION[v * 3] + 2 * p.attributes.POSITION[v * 3 + 1], [Array.from(p.attributes.JOINTS_0!.subarray(v * 4, v * 4 + 4)), Array.from(p.attributes.WEIGHTS_0!.subarray(v * 4, v * 4 + 4))]);
    expect(byPosition.get(0)![0][0]).toBe(0);
    expect(byPosition.get(1)![0].slice(0, 2)).toEqual([1, 0]);
    closeTo(byPosition.get(1)![1], [0.75, 0.25, 0, 0]);
    // Duplicate bone 1 merges (0.4) and the sum 0.6 is normalised.
    expect(byPosition.get(2)![0].slice(0, 2)).toEqual([1, 0]);
    closeTo(byPosition.get(2)![1], [2 / 3, 1 / 3, 0, 0]);
  });

  it('weight type 1 with more than 127 bones: 6-byte records with a 15-bit bone index', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 2, perVertex: [[[129, 1]], [[128, 0.5], [3, 0.5]], [[0, 1]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 130,
    };
    const bytes = lodFile([skl1(manyBones(130)), msl1([mesh])]);
    const w = readLod(bytes).meshes[0].weights!;
    expect(w.recordSize).toBe(6);
    expect(Array.from(w.boneFields)).toEqual([0x8081, 128, 3, 0x8000]);
    expect(Array.from(w.vertexStart)).toEqual([0, 1, 3, 4]);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(p.attributes.JOINTS_0![0]).toBe(129);
  });

  it('bones become joint nodes; ANM1 frames become clips with Euler → quaternion and ms → s', () => {
    const anim = {
      name: 'swing',
      interval: 40,
      mode: 2,
      frames: [
        [[1, 2, 3, 0, 0, 0], [0, 1, 0, 0, 0, 0]],
        [[1, 2, 3, 0.3, -0.2, 0.7], [0, 1, 0, 0, 0, Math.PI / 2]],
        [[1, 2, 4, 0, 0, 0], [0, 1, 0, 0, 0, Math.PI]],
      ],
    };
    const bytes = lodFile([skl1(bones2), ans1([anim])]);
    const a = readLod(bytes).animations[0];
    expect([a.animType, a.interval, a.mode, a.name, a.frameCount, a.boneCount]).toEqual([1, 40, 2, 'swing', 3, 2]);
    closeTo(a.bonesRotPos.subarray(6, 18), [0, 1, 0, 0, 0, 0, 1, 2, 3, 0.3, -0.2, 0.7]);
    const scene = valid(bytes);
    expect(scene.nodes.map((n) => [n.name, n.parent, n.joint])).toEqual([['root', -1, true], ['child', 0, true]]);
    // Bind pose = frame 0 of the first animation.
    expect(scene.nodes[0].translation).toEqual([1, 2, 3]);
    expect(scene.nodes[1].translation).toEqual([0, 1, 0]);
    const clip = scene.animations[0];
    expect(clip.name).toBe('swing');
    expect(clip.duration).toBeCloseTo(0.08, 6);
    expect(clip.extras).toMatchObject({ mode: 2, modeName: 'loop', interval: 40, loopDuration: 0.12 });
    closeTo(clip.channels[0].times, [0, 0.04, 0.08]);
    // GLScene's row-vector L = Rx·Ry·Rz is the column-vector Rz·Ry·Rx; check against explicit matrices.
    const rx = (t: number) => [1, 0, 0, 0, 0, Math.cos(t), Math.sin(t), 0, 0, -Math.sin(t), Math.cos(t), 0, 0, 0, 0, 1];
    const ry = (t: number) => [Math.cos(t), 0, -Math.sin(t), 0, 0, 1, 0, 0, Math.sin(t), 0, Math.cos(t), 0, 0, 0, 0, 1];
    const rz = (t: number) => [Math.cos(t), Math.sin(t), 0, 0, -Math.sin(t), Math.cos(t), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const expected = math.multiply(rz(0.7), math.multiply(ry(-0.2), rx(0.3)));
    const pose = sampleAnimation(scene, 0, 0.04);
    const local = pose.locals.subarray(0, 16);
    for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) expect(local[i]).toBeCloseTo(expected[i], 5);
    closeTo(local.subarray(12, 15), [1, 2, 3]);
    // Child world origin at frame 2: parent translated to z = 4, child offset (0, 1, 0) unrotated by the parent.
    const world = computeWorldMatrices(scene, sampleAnimation(scene, 0, 0.08).locals);
    closeTo(world.subarray(16 + 12, 16 + 15), [1, 3, 4]);
    // Inverse bind matrices undo the bind pose.
    const ibm = scene.skins[0].inverseBindMatrices;
    const bindWorld = computeWorldMatrices(scene);
    closeTo(math.multiply(bindWorld.subarray(16, 32), ibm.subarray(16, 32)), math.identity());
  });

  it('upAxis z converts positions, bones and clips consistently', () => {
    const mesh: MeshSpec = { name: 's', mode: 2, positions: [0, 0, 5, 1, 0, 5, 0, 1, 5], uvSets: [[]], assoc: [1, 1, 1], groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }], boneCount: 2 };
    const anim = { name: 'a', interval: 100, mode: 2, frames: [[[0, 0, 1, 0, 0, 0], [0, 0, 4, 0, 0, 0]], [[0, 0, 1, 0, 0, Math.PI / 2], [0, 0, 4, 0, 0, 0]]] };
    const bytes = lodFile([skl1(bones2), msl1([mesh]), ans1([anim])]);
    const scene = valid(bytes, { upAxis: 'z' });
    expect(scene.extras.upAxis).toBe('z');
    closeTo(scene.meshes[0].primitives[0].attributes.POSITION.subarray(0, 3), [0, 5, 0]);
    closeTo(scene.nodes[0].translation!, [0, 1, 0]);
    // Rotation about file Z = rotation about scene Y: file point (1, 0, 5) → (0, 1, 5) → scene (0, 5, −1).
    const world = computeWorldMatrices(scene, sampleAnimation(scene, 0, 0.1).locals);
    const point = math.transformPoint(math.multiply(world.subarray(16, 32), scene.skins[0].inverseBindMatrices.subarray(16, 32)), 1, 5, 0);
    closeTo(point, [0, 5, -1]);
  });
});

describe('morph animation (MAN1/MMD1)', () => {
  const collection = {
    name: 'coll',
    colliderName: 'hitbox',
    parentId: -1,
    parentBone: 0,
    proxyId: -1,
    bones: [{ name: 'tag_head', parentId: -1 }, { name: 'tag_hand', parentId: 0 }],
    animations: [
      { name: 'idle', mode: 2, interval: 100, frames: 2 },
      { name: 'jump', mode: 1, interval: 50, frames: 1 },
    ],
  };
  const frames = [
    [0, 0, 0, 1, 0, 0, 0, 1, 0],
    [0, 0, 1, 1, 0, 1, 0, 1, 1],
    [0, 0, 2, 1, 0, 2, 0, 1, 2],
  ];
  const triangle: MeshSpec = { name: 'tri', mode: 3, positions: frames[0], uvSets: [[]], groups: [{ faceType: 2, name: 'g', materials: [''], vertex: [0, 1, 2], smooth: [] }], boneCount: 0 };

  it.each([28, 32] as const)('MAN1 with %i-byte collection records', (recordSize) => {
    const file = readLod(lodFile([msl1([triangle]), man1([collection], recordSize)]));
    const m = file.morphCollections!;
    expect([m.morphCollType, m.recordSize]).toEqual([0, recordSize]);
    const c = m.collections[0];
    expect([c.name, c.colliderName, c.boneCount, c.animCount, c.parentId, c.parentBone, c.proxyId]).toEqual(['coll', 'hitbox', 2, 2, -1, 0, -1]);
    if (recordSize === 32) expect(c.gap).toBe(0x1234);
    expect(c.bones).toEqual([{ name: 'tag_head', parentId: -1 }, { name: 'tag_hand', parentId: 0 }]);
    expect(c.animations).toEqual([{ name: 'idle', mode: 2, interval: 100, frameCount: 2 }, { name: 'jump', mode: 1, interval: 50, frameCount: 1 }]);
    expect(c.matrices.length).toBe(2 * 3 * 12);
    expect(Array.from(c.matrices.subarray(9, 12))).toEqual([0, 0.5, 0]);
    expect(c.colliders.length).toBe(3 * 10);
    expect(Array.from(c.colliders.subarray(20, 30))).toEqual([-1, -1, -1, 1, 1, 1, 0, 0, 2, 2]);
  });

  it('MMD1 frames become morph targets and weight clips per collection animation', () => {
    const bytes = lodFile([msl1([triangle]), man1([collection]), mmd1([{ meshIndex: 0, meshName: 'tri', collectionName: 'coll', frames }])]);
    const file = readLod(bytes);
    const mm = file.morphFrames!.meshes[0];
    expect([file.morphFrames!.totalVertexCount, mm.frameCount, mm.vertexCount, mm.meshIndex, mm.meshName, mm.collectionName]).toEqual([9, 3, 3, 0, 'tri', 'coll']);
    expect(Array.from(mm.vertices.subarray(9, 18))).toEqual(frames[1]);
    const scene = valid(bytes);
    const p = scene.meshes[0].primitives[0];
    expect(p.targets!.length).toBe(3);
    const posZ = (k: number) => Array.from({ length: 3 }, (_, v) => p.targets![k].POSITION![v * 3 + 2]);
    expect([posZ(0), posZ(1), posZ(2)]).toEqual([[0, 0, 0], [1, 1, 1], [2, 2, 2]]);
    expect(scene.meshes[0].weights).toEqual([0, 0, 0]);
    const [idle, jump] = scene.animations;
    expect([idle.name, jump.name]).toEqual(['coll/idle', 'coll/jump']);
    expect(idle.channels[0].path).toBe('weights');
    expect(Array.from(idle.channels[0].times)).toEqual([0, 0.1].map(Math.fround));
    expect(Array.from(idle.channels[0].values)).toEqual([1, 0, 0, 0, 1, 0]);
    expect(Array.from(jump.channels[0].values)).toEqual([0, 0, 1]);
    expect(jump.extras).toMatchObject({ morph: true, modeName: 'playOnce', firstFrame: 2 });
  });
});

describe('physics, lights, proxies, colliders, screenshot', () => {
  it('PHS1: bodies, geoms and joints field by field; geoms become colliders', () => {
    const bytes = everythingFile();
    const ph = readLod(bytes).physics!;
    expect(ph.physType).toBe(1);
    expect(ph.meshLinks).toEqual([0]);
    expect(ph.bodies[0]).toMatchObject({ type: 1, name: 'crate', position: [1, 2, 3], scale: [1, 1, 1], rotation: [0, 0, 0, 1], axis: 1, mass: 10, density: 2.5, tagFloat: 7.5, enabled: true, gravity: true, finiteRotMode: false, autoDisable: true, autoDisableDefaults: false, autoDisableTime: 3, autoDisableSteps: 10 });
    expect(ph.bodies[0].autoDisableLinearThreshold).toBeCloseTo(0.01, 6);
    expect(ph.geoms[0]).toMatchObject({ type: 1, name: 'crateBox', bodyIndex: 0, position: [0, 1, 0], scale: [2, 3, 4], axis: 2, mass: 4, density: 5, meshLink: 0, meshLinkCount: 1, tagFloat: 6.5, enabled: true });
    expect(ph.joints[0]).toMatchObject({ type: 3, bodyIndex: [0, -1], axis: [[0, 0, 0, 1], [0, 1, 0, 0]], position: [0, 0, 0], tagFloat: 9.5 });
    expect(ph.joints[0].params.fMax).toBe(5);
    expect(ph.joints[0].params.bounce).toBe(0.5);
    const scene = valid(bytes);
    const c = scene.colliders.find((x) => x.extras?.source === 'PHS1')!;
    expect(c).toMatchObject({ name: 'crateBox', shape: { type: 'box', size: [2, 3, 4] }, translation: [1, 3, 3], node: -1 });
    expect(c.extras).toMatchObject({ body: 'crate', meshes: [0] });
    expect((scene.extras.physics as { joints: { typeName: string }[] }).joints[0].typeName).toBe('hinge');
  });

  it('PHS1 with Count ≠ 2 is skipped', () => {
    const file = readLod(lodFile([phs1({ bodies: [], geoms: [], joints: [], meshLinks: [] }, 1)]));
    expect(file.physics).toBeUndefined();
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_PHYSICS_VERSION']);
  });

  it('LGS1/LIG1: eight lights per scheme; spot, omni and parallel', () => {
    const scheme = lig1('night', [
      { enabled: true, style: 0, position: [0, 5, 0], direction: [0, -1, 0], diffuse: [1, 0.5, 0, 1], cutoff: 30 },
      { enabled: true, style: 1, position: [1, 2, 3], direction: [0, 0, -1], diffuse: [0, 1, 0, 1], cutoff: 180 },
      { enabled: true, style: 2, position: [0, 0, 0], direction: [1, 0, 0], diffuse: [0, 0, 1, 1], cutoff: 180 },
      { enabled: false, style: 1, position: [0, 0, 0], direction: [0, 0, -1], diffuse: [1, 1, 1, 1], cutoff: 180 },
    ]);
    const bytes = lodFile([lgs1([scheme])]);
    const s = readLod(bytes).lightSchemes[0];
    expect(s.name).toBe('night');
    expect(s.lights.length).toBe(8);
    expect(s.lights[0]).toMatchObject({ enabled: true, style: 0, position: [0, 5, 0], spotDirection: [0, -1, 0], ambient: [0, 0, 0, 1], diffuse: [1, 0.5, 0, 1], specular: [1, 1, 1, 1], spotCutOff: 30, spotExponent: 2, constAtt: 1, linearAtt: 0.5, quadAtt: 0.25 });
    const scene = valid(bytes);
    expect(scene.lights.map((l) => [l.type, l.color])).toEqual([['spot', [1, 0.5, 0]], ['point', [0, 1, 0]], ['directional', [0, 0, 1]]]);
    expect(scene.lights[0].outerConeAngle).toBeCloseTo(Math.PI / 6, 6);
    // glTF lights shine along local −Z: the node rotation must turn −Z onto the stored direction.
    const spotNode = scene.nodes.find((n) => n.light === 0)!;
    closeTo(math.quatRotateVec3(spotNode.rotation!, [0, 0, -1]), [0, -1, 0]);
    expect(spotNode.translation).toEqual([0, 5, 0]);
    closeTo(math.quatRotateVec3(scene.nodes.find((n) => n.light === 2)!.rotation!, [0, 0, -1]), [1, 0, 0]);
  });

  it('LIG1 with Count ≠ 8 is skipped', () => {
    const file = readLod(lodFile([lgs1([lig1('x', [], 7)])]));
    expect(file.lightSchemes).toEqual([]);
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_LIGHT_COUNT']);
  });

  it.each([54, 56] as const)('PXL1/PXI1 with %i-byte records: proxy trees instance meshes as nodes', (recordSize) => {
    const empty: MeshSpec = { name: 'host', mode: 3, positions: [], uvSets: [[]], groups: [], boneCount: 0 };
    const proxy = pxi1(1, [
      { name: 'pivot', parent: -1, source: -1, position: [0, 10, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
      { name: 'leaf', parent: 0, source: 0, position: [2, 0, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], scale: [2, 2, 2], visible: false },
    ], recordSize);
    const bytes = lodFile([msl1([staticMesh, empty]), pxl1([proxy])]);
    const px = readLod(bytes).proxies[0];
    expect([px.meshIndex, px.recordSize, px.items.length]).toEqual([1, recordSize, 2]);
    expect(px.items[1]).toMatchObject({ name: 'leaf', parentIndex: 0, sourceMeshIndex: 0, reserved: [-1, -1, -1, 0], position: [2, 0, 0], scale: [2, 2, 2], visible: false, expanded: false });
    const scene = valid(bytes);
    const host = scene.nodes.findIndex((n) => n.name === 'host');
    const pivot = scene.nodes.findIndex((n) => n.name === 'pivot');
    const leaf = scene.nodes[scene.nodes.findIndex((n) => n.name === 'leaf')];
    expect(scene.nodes[pivot].parent).toBe(host);
    expect(leaf.parent).toBe(pivot);
    expect(leaf.mesh).toBe(0);
    expect(leaf.extras).toMatchObject({ visible: false });
    const world = computeWorldMatrices(scene);
    closeTo(world.subarray(scene.nodes.indexOf(leaf) * 16 + 12, scene.nodes.indexOf(leaf) * 16 + 15), [2, 10, 0]);
  });

  it('CLL1/COL1: colliders attach to bones; scale from the matrix column 3', () => {
    const matrix = [1, 0, 0, 0.5, 0, 1, 0, 2, 0, 0, 1, 0.5, 0.1, 0.2, 0.3, 1];
    const bytes = lodFile([skl1(bones2), cll1([col1('near', [{ name: 'arm', bone: 1, type: 1, matrix }, { name: 'box', bone: 0, type: 3, matrix: [1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1] }]), col1('far', [])])]);
    const sets = readLod(bytes).colliderSets;
    expect(sets.map((s) => [s.name, s.colliders.length])).toEqual([['near', 2], ['far', 0]]);
    const c = sets[0].colliders[0];
    expect([c.name, c.boneId, c.type, c.tag, c.tagFloat, c.visible]).toEqual(['arm', 1, 1, 7, 0.75, true]);
    closeTo(c.matrix, matrix);
    expect(c.jointAxis[1]).toEqual({ axis: [0, 1, 0, 0], minAngle: -2, maxAngle: 2 });
    const scene = valid(bytes);
    const [arm, box] = scene.colliders;
    expect(arm).toMatchObject({ name: 'arm', node: 1, shape: { type: 'capsule', radius: 0.5, height: 2 } });
    closeTo(arm.translation!, [0.1, 0.2, 0.3]);
    expect(box.shape).toEqual({ type: 'box', size: [1, 2, 3] });
    expect(box.node).toBe(0);
  });

  it('ordering rules: ANS1 without SKL1 is skipped, SKL1 after MSL1 is read with a warning', () => {
    const anim = { name: 'a', interval: 100, mode: 2, frames: [[[0, 0, 0, 0, 0, 0]]] };
    const noSkeleton = readLod(lodFile([ans1([anim])]));
    expect(noSkeleton.animations).toEqual([]);
    expect(noSkeleton.warnings.map((w) => w.code)).toEqual(['LOD_ORDER']);
    expect(noSkeleton.unknownChunks.map((c) => c.id)).toEqual(['ANS1']);
    const late = readLod(lodFile([msl1([staticMesh]), skl1(bones2)]));
    expect(late.skeleton!.bones.length).toBe(2);
    expect(late.warnings.map((w) => w.code)).toEqual(['LOD_ORDER']);
  });

  it('TXTL directly under LOD1 is read too (its placement is unverified)', () => {
    const bytes = lodFile([mal1([mat1(1, [{ name: 'm', texture: 'm.bmp' }])]), txtl([{ materialName: 'm', textureName: 'm.bmp', data: BMP }])]);
    const scene = valid(bytes);
    expect(scene.warnings).toEqual([]);
    expect(scene.textures[0].image!.mimeType).toBe('image/bmp');
  });

  it('CLL1 without a skeleton is skipped', () => {
    const file = readLod(lodFile([cll1([col1('near', [])])]));
    expect(file.colliderSets).toEqual([]);
    expect(file.warnings.map((w) => w.code)).toEqual(['LOD_ORDER']);
  });

  it('IMG1: the screenshot is kept as image bytes (inside LOD1 or after it)', () => {
    const inside = readLod(lodFile([img1('shot.bmp', BMP)])).screenshot!;
    expect([inside.type, inside.name, Array.from(inside.data)]).toEqual([0, 'shot.bmp', Array.from(BMP)]);
    const after = valid(lodFile([], { after: [img1('s.bmp', BMP)] }));
    expect(after.extras.screenshot).toMatchObject({ name: 's.bmp', image: { mimeType: 'image/bmp' } });
    expect(after.warnings).toEqual([]);
  });

  it('every chunk together gives a valid scene without warnings', () => {
    const scene = valid(everythingFile());
    expect(scene.warnings).toEqual([]);
    expect(scene.extras.chunkOrder).toEqual(['INF1', 'MAL1', 'SKL1', 'MSL1', 'ANS1', 'MAN1', 'MMD1', 'PHS1', 'LGS1', 'PXL1', 'CLL1', 'IMG1']);
    expect(scene.extras.info).toBe('Модель: тест');
    expect(scene.animations.map((a) => a.name)).toEqual(['wave', 'coll/bend']);
  });
});


describe('corners found in review', () => {
  it('ANM1 frame entries belong to bones by BoneID, not by list position', () => {
    const bones = [
      { id: 1, parent: -1, name: 'root' },
      { id: 0, parent: 1, name: 'child' },
    ];
    // Entry 0 → BoneID 0 ('child', listed second), entry 1 → BoneID 1 ('root', listed first).
    const anim = { name: 'a', interval: 100, mode: 2, frames: [[[0, 5, 0, 0, 0, 0], [7, 0, 0, 0, 0, 0]], [[0, 6, 0, 0, 0, 0], [8, 0, 0, 0, 0, 0]]] };
    const scene = valid(lodFile([skl1(bones), ans1([anim])]));
    expect(scene.nodes.map((n) => [n.name, n.parent, n.translation])).toEqual([['root', -1, [7, 0, 0]], ['child', 0, [0, 5, 0]]]);
    const byNode = new Map(scene.animations[0].channels.filter((c) => c.path === 'translation').map((c) => [c.node, Array.from(c.values)]));
    expect(byNode.get(0)).toEqual([7, 0, 0, 8, 0, 0]);
    expect(byNode.get(1)).toEqual([0, 5, 0, 0, 6, 0]);
    expect(scene.skins[0].joints).toEqual([0, 1]);
  });

  it('two UV sets stored interleaved whose first UV is (0, 0) are read interleaved (counts-first does not read to the end)', () => {
    const mesh: MeshSpec = {
      name: 'lm',
      mode: 3,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[0, 0, 1, 0, 0, 1], [0.5, 0.5, 1, 1]],
      uvLayout: 'interleaved',
      groups: [{ faceType: 2, name: 'g', materials: ['', ''], vertex: [0, 1, 2], smooth: [], uv: [[0, 1, 2], [0, 1, 1]] }],
      boneCount: 0,
      count: 5, // a Count mismatch: its warning must be reported once, not once per attempt
    };
    const warnings: string[] = [];
    const bytes = lodFile([msl1([mesh])]);
    const m = readLod(bytes, { onWarning: (w) => warnings.push(w.code) }).meshes[0];
    expect(m.texCoordLayout).toBe('interleaved');
    expect(Array.from(m.texCoords[0])).toEqual([0, 0, 1, 0, 0, 1]);
    expect(Array.from(m.texCoords[1])).toEqual([0.5, 0.5, 1, 1]);
    expect(warnings).toEqual(['LOD_COUNT_MISMATCH']);
    expect(valid(bytes).meshes[0].primitives[0].attributes.TEXCOORD_1!.length).toBe(6);
  });

  it('an ANM1 under a skeleton of 0 bones: a huge Count allocates nothing', () => {
    const anm = chunk('ANM1', 2_000_000_000, new Bytes().u8(1).i32(100).u8(2).str('a'));
    const scene = valid(lodFile([skl1([]), chunk('ANS1', 1, [anm])]));
    expect(scene.animations.map((a) => [a.name, a.channels.length, a.extras!.frameCount])).toEqual([['a', 0, 2_000_000_000]]);
  });

  it('MMD1 frames for a mesh with no faces (huge frame count) stay in extras', () => {
    const empty: MeshSpec = { name: 'e', mode: 3, positions: [], uvSets: [[]], groups: [], boneCount: 0 };
    const mmd = mmd1([{ meshIndex: 0, meshName: 'e', collectionName: '', frames: [] }]);
    new DataView(mmd.buffer).setInt32(12 + 4, 50_000_000, true); // MMFramesCount
    const scene = valid(lodFile([msl1([empty]), mmd]));
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_MORPH_MESH']);
    expect(scene.animations).toEqual([]);
    expect(scene.extras.morphFrames).toMatchObject({ meshes: [{ frameCount: 50_000_000, vertexCount: 0 }] });
  });

  it('MMD1 frames whose morph targets would dwarf the file stay in extras', () => {
    const point: MeshSpec = { name: 'p', mode: 3, positions: [0, 0, 0], uvSets: [[]], groups: [{ faceType: 2, name: 'g', materials: [''], vertex: [0, 0, 0], smooth: [] }], boneCount: 0 };
    const frames = (n: number) => Array.from({ length: n }, (_, f) => [0, 0, f]);
    // 2,000 frames of one vertex: 2,000 targets of 1 vertex plus 2,000² one-hot weight keys fit the budget.
    const small = valid(lodFile([msl1([point]), mmd1([{ meshIndex: 0, meshName: 'p', collectionName: '', frames: frames(2000) }])]));
    expect(small.meshes[0].primitives[0].targets!.length).toBe(2000);
    expect(small.animations[0].channels[0].values.length).toBe(2000 * 2000);
    // 8,000 frames (96 KB) would need 64 M weight keys: refused.
    const big = valid(lodFile([msl1([point]), mmd1([{ meshIndex: 0, meshName: 'p', collectionName: '', frames: frames(8000) }])]));
    expect(big.warnings.map((w) => w.code)).toEqual(['LOD_MORPH_SIZE']);
    expect(big.meshes[0].primitives[0].targets).toBeUndefined();
    expect(big.animations).toEqual([]);
  });

  it('weight records: one very wide vertex keeps its 4 heaviest bones; other vertices stay 4-wide', () => {
    const n = 50;
    const perVertex: [number, number][][] = Array.from({ length: n }, (_, v) => [[v % 5, 1]]);
    perVertex[7] = Array.from({ length: 3000 }, (_, k) => [k % 5, (k % 5) + 1] as [number, number]);
    const positions = Array.from({ length: n * 3 }, (_, i) => i);
    const mesh: MeshSpec = { name: 'w', mode: 2, positions, uvSets: [[]], weights: { bonesPerVertex: 100000, perVertex }, groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [7, 8, 9] }], boneCount: 5 };
    const bytes = lodFile([skl1(manyBones(5)), msl1([mesh])]);
    expect(readLod(bytes).meshes[0].weights!.vertexStart[8]).toBe(7 + 3000);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(p.attributes.JOINTS_0!.length).toBe(3 * 4);
    const v7 = [0, 1, 2].find((v) => p.attributes.POSITION[v * 3] === 21)!;
    expect(Array.from(p.attributes.JOINTS_0!.subarray(v7 * 4, v7 * 4 + 4))).toEqual([4, 3, 2, 1]);
    closeTo(p.attributes.WEIGHTS_0!.subarray(v7 * 4, v7 * 4 + 4), [5 / 14, 4 / 14, 3 / 14, 2 / 14]);
  });

  it('weight records: a bone past the skeleton goes to bone 0 (warned), a NaN weight counts as 0', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 2, perVertex: [[[5, 0.5], [0, 0.5]], [[1, NaN], [0, 1]], [[1, 1]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 2,
    };
    const scene = valid(lodFile([skl1(bones2), msl1([mesh])]));
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_BONE_RANGE']);
    const p = scene.meshes[0].primitives[0];
    const at = (x: number, y: number) => [0, 1, 2].find((v) => p.attributes.POSITION[v * 3] === x && p.attributes.POSITION[v * 3 + 1] === y)!;
    for (const v of [at(0, 0), at(1, 0)]) {
      expect(Array.from(p.attributes.JOINTS_0!.subarray(v * 4, v * 4 + 4))).toEqual([0, 0, 0, 0]);
      expect(Array.from(p.attributes.WEIGHTS_0!.subarray(v * 4, v * 4 + 4))).toEqual([1, 0, 0, 0]);
    }
    expect(p.attributes.JOINTS_0![at(0, 1) * 4]).toBe(1);
  });
});
