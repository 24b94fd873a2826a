import {
  computeSkinMatrices,
  computeWorldMatrices,
  detectFormat,
  FormatError,
  registeredFormats,
  registerFormat,
  sampleAnimation,
  skinVerticesReference,
  validateScene,
  type Scene,
} from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { ms3dFormat, parse, parseSync, readMs3d } from '../src/index.js';
import { quad, writeMs3d, type WFile } from '@relic3d/fixtures/ms3d';

const S = Math.SQRT1_2;
const PI2 = Math.PI / 2;

function valid(scene: Scene): Scene {
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

function expectError(bytes: Uint8Array, code?: string): FormatError {
  try {
    parseSync(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    if (code) expect((e as FormatError).code).toBe(code);
    return e as FormatError;
  }
  throw new Error('expected a FormatError');
}

/** Skinned positions of every file vertex at `time`, keyed by file vertex index. */
function posed(scene: Scene, time: number | undefined): Map<number, number[]> {
  const pose = time === undefined ? undefined : sampleAnimation(scene, 0, time);
  const world = computeWorldMatrices(scene, pose?.locals);
  const jm = computeSkinMatrices(scene, 0, world);
  const out = new Map<number, number[]>();
  for (const p of scene.meshes[0].primitives) {
    const result = new Float32Array(p.attributes.POSITION.length);
    skinVerticesReference(p.attributes.POSITION, p.attributes.JOINTS_0!, p.attributes.WEIGHTS_0!, jm, result);
    const src = p.extras!.sourceVertices as Uint32Array;
    src.forEach((v, i) => out.set(v, Array.from(result.subarray(i * 3, i * 3 + 3))));
  }
  return out;
}

function near(a: number[] | undefined, b: number[], digits = 4) {
  expect(a).toBeDefined();
  a!.forEach((v, i) => expect(v).toBeCloseTo(b[i], digits));
}

describe('header and detection', () => {
  it('accepts a v3 header with the v4 layout', () => {
    const v3 = readMs3d(writeMs3d(quad({ version: 3 })));
    const v4 = readMs3d(writeMs3d(quad()));
    expect(v3.version).toBe(3);
    expect({ ...v3, version: 4 }).toEqual(v4);
    const scene = valid(parseSync(writeMs3d(quad({ version: 3 }))));
    expect(scene.version).toBe(3);
    expect(ms3dFormat.test(writeMs3d(quad({ version: 3 })))).toBe(true);
  });

  it('rejects other versions, bad magic, empty and short input with FormatError', () => {
    const v5 = writeMs3d(quad({ version: 5 }));
    expect(expectError(v5, 'BAD_VERSION').message).toBe('unsupported MS3D version 5');
    expect(ms3dFormat.test(v5)).toBe(false);
    const bad = writeMs3d(quad());
    bad[3] = 0x58;
    expectError(bad, 'BAD_MAGIC');
    expect(ms3dFormat.test(bad)).toBe(false);
    expectError(new Uint8Array(0), 'EMPTY');
    expectError(bad.subarray(0, 12), 'TRUNCATED');
  });

  it('a Git LFS pointer named .ms3d says what it is (the shared foreign check)', () => {
    const e = expectError(new TextEncoder().encode('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 185344\n'), 'FOREIGN_FORMAT');
    expect(e.message).toMatch(/^this is a Git LFS pointer, not model data .*, not a MilkShape 3D model/);
  });

  it("warns, and still reads, past MilkShape's editor limits", () => {
    const joints = Array.from({ length: 129 }, (_, i) => ({ name: `j${i}` }));
    const scene = valid(parseSync(writeMs3d({ joints })));
    expect(scene.nodes).toHaveLength(129);
    expect(scene.warnings.map((w) => w.code)).toEqual(['MS3D_OVER_LIMIT']);
  });

  it('is a Format that registers with core, and whose async and sync parses agree', async () => {
    expect(ms3dFormat).toMatchObject({ id: 'ms3d', extensions: ['.ms3d'], encoding: 'binary' });
    registerFormat(ms3dFormat); // importing has no side effects: callers register explicitly
    expect(registeredFormats()).toContain(ms3dFormat);
    const bytes = writeMs3d(quad());
    expect(detectFormat(bytes, 'x.bin')).toBe(ms3dFormat);
    const a = await parse(bytes);
    expect(a).toEqual(parseSync(bytes));
    expect(await ms3dFormat.parse(bytes)).toEqual(ms3dFormat.parseSync!(bytes));
  });
});

describe('geometry', () => {
  it('keeps glTF conventions as stored: CCW winding, top-left t, normals, positions', () => {
    const scene = valid(parseSync(writeMs3d(quad())));
    const p = scene.meshes[0].primitives[0];
    const P = p.attributes.POSITION, I = p.indices!;
    // Triangle 0 in file order 0,1,2 → CCW seen from +Z.
    const tri = [0, 1, 2].map((k) => Array.from(P.subarray(I[k] * 3, I[k] * 3 + 3)));
    expect(tri).toEqual([[0, 0, 0], [1, 0, 0], [1, 1, 0]]);
    const uv = [0, 1, 2].map((k) => Array.from(p.attributes.TEXCOORD_0!.subarray(I[k] * 2, I[k] * 2 + 2)));
    expect(uv).toEqual([[0, 1], [1, 1], [1, 0]]); // t not flipped
    expect(Array.from(p.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(p.attributes.JOINTS_0).toBeUndefined();
  });

  it('splits vertices by (position, corner normal, corner uv) and shares identical corners', () => {
    const shared = valid(parseSync(writeMs3d(quad())));
    // Corner 0 and 2 agree in both triangles (same uv, same normal): 4 render vertices.
    expect(shared.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(4);
    const f = quad();
    f.triangles![1].normals = [[0, 0, 1], [0, 1, 0], [0, 0, 1]]; // corner on vertex 2 differs
    const split = valid(parseSync(writeMs3d(f)));
    expect(split.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(5);
  });

  it('allows unused vertices', () => {
    const f = quad();
    f.vertices!.push({ position: [100, 100, 100] });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes[0].primitives[0].attributes.POSITION.length / 3).toBe(4);
  });

  it('keeps an empty group in extras and gives material -1 a default material', () => {
    const f = quad({
      groups: [
        { name: 'empty', triangles: [], material: 0, flags: 2 },
        { name: 'quad', triangles: [0, 1], material: -1 },
      ],
      materials: [{ name: 'm' }],
      comments: { groups: [[0, 'nothing here']] },
    });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes[0].primitives).toHaveLength(1);
    expect(scene.meshes[0].extras!.emptyGroups).toEqual([{ name: 'empty', groupIndex: 0, flags: 2, materialIndex: 0, comment: 'nothing here' }]);
    expect(scene.materials).toHaveLength(2);
    expect(scene.meshes[0].primitives[0].material).toBe(1);
    expect(scene.materials[1].extras!.ms3dDefault).toBe(true);
    expect(scene.meshes[0].primitives[0].extras).toMatchObject({ name: 'quad', materialIndex: -1, groupIndex: 1 });
  });

  it('reads 0 groups as a file with no mesh', () => {
    const scene = valid(parseSync(writeMs3d({ vertices: [{ position: [1, 2, 3] }], joints: [{ name: 'root', rotKeys: [[0, 0, 0, 0]] }] })));
    expect(scene.meshes).toHaveLength(0);
    expect(scene.nodes.map((n) => n.name)).toEqual(['root']);
    expect(scene.animations).toHaveLength(1);
  });

  it('warns on a material index past the materials and on a triangle whose group disagrees', () => {
    const f = quad({ groups: [{ name: 'q', triangles: [0, 1], material: 3 }] });
    f.triangles![1].groupIndex = 7;
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.warnings.map((w) => w.code).sort()).toEqual(['MS3D_BAD_MATERIAL', 'MS3D_GROUP_MISMATCH']);
    expect(scene.materials[scene.meshes[0].primitives[0].material!].extras!.ms3dDefault).toBe(true);
  });

  it('fails with FormatError on vertex or triangle indices out of range, at the offending field', () => {
    const f = quad();
    f.triangles![1].v = [0, 2, 9];
    const bytes = writeMs3d(f);
    // header 14, vertex count 2 + 4 × 15, triangle count 2, triangle 1 at + 70, vertexIndices[2] at + 2 + 4.
    const at = 14 + 2 + 4 * 15 + 2 + 70 + 2 + 4;
    expect(new DataView(bytes.buffer).getUint16(at, true)).toBe(9);
    const vertexError = expectError(bytes, 'BAD_INDEX');
    expect(vertexError.offset).toBe(at);
    expect(vertexError.expected).toBe('a vertex index below 4');
    const groupBytes = writeMs3d(quad({ groups: [{ name: 'q', triangles: [0, 5] }] }));
    // Groups start after the 2 triangles; triangleIndices[1] sits at + 1 + 32 + 2 + 2.
    const groupAt = 14 + 2 + 4 * 15 + 2 + 2 * 70 + 2 + 1 + 32 + 2 + 2;
    expect(new DataView(groupBytes.buffer).getUint16(groupAt, true)).toBe(5);
    const triangleError = expectError(groupBytes, 'BAD_INDEX');
    expect(triangleError.offset).toBe(groupAt);
    expect(triangleError.found).toMatch(/^5 in group 0/);
  });

  it('a triangle listed again (in its group or another) is drawn once, by the first group that lists it', () => {
    const f = quad({ groups: [{ name: 'a', triangles: [1, 1, 0, 1] }, { name: 'b', triangles: [0, 1] }] });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes[0].primitives).toHaveLength(1);
    const p = scene.meshes[0].primitives[0];
    expect(Array.from(p.extras!.triangleIndices as Uint16Array)).toEqual([1, 0]);
    expect(p.indices!.length).toBe(6);
    // Group b lists nothing new: it is kept as an empty group.
    expect(scene.meshes[0].extras?.emptyGroups).toEqual([{ name: 'b', groupIndex: 1, flags: 0, materialIndex: -1 }]);
    expect(scene.warnings.map((w) => w.message)).toEqual(['4 group references name a triangle already listed (each triangle belongs to one group); dropped']);
    // The raw reader keeps the lists as stored.
    expect(Array.from(readMs3d(writeMs3d(f)).groups[0].triangleIndices)).toEqual([1, 1, 0, 1]);
  });

  it('keeps the groups of a file whose groups are all empty in scene extras', () => {
    const f = quad({ groups: [{ name: 'a', triangles: [], material: -1, flags: 1 }, { name: 'b', triangles: [] }], comments: { groups: [[1, 'note']] } });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.meshes).toHaveLength(0);
    expect(scene.extras.emptyGroups).toEqual([
      { name: 'a', groupIndex: 0, flags: 1, materialIndex: -1 },
      { name: 'b', groupIndex: 1, flags: 0, materialIndex: -1, comment: 'note' },
    ]);
  });
});

describe('strings', () => {
  it('reads 32-character names with no NUL', () => {
    const long = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    const f = quad({
      groups: [{ name: long, triangles: [0, 1], material: 0 }],
      materials: [{ name: long, texture: `${'t'.repeat(124)}.bmp` }],
      joints: [{ name: long }, { name: 'child', parent: long }],
    });
    const file = readMs3d(writeMs3d(f));
    expect(file.groups[0].name).toBe(long);
    expect(file.materials[0].name).toBe(long);
    expect(file.materials[0].texture).toHaveLength(128);
    expect(file.joints[0].name).toBe(long);
    expect(file.joints[1].parentName).toBe(long);
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.nodes[scene.nodes[2].parent].name).toBe(long);
  });

  it('decodes with the code page option (Windows-1252 by default, GBK on request)', () => {
    const gbk = new Uint8Array([0xc4, 0xa3, 0xd0, 0xcd]); // 模型
    const f = quad({ groups: [{ name: gbk, triangles: [0, 1] }], materials: [{ name: new Uint8Array([0x43, 0x61, 0x66, 0xe9]) }] });
    const bytes = writeMs3d(f);
    expect(readMs3d(bytes, { codePage: 'gbk' }).groups[0].name).toBe('模型');
    expect(readMs3d(bytes).materials[0].name).toBe('Café');
    expect(readMs3d(bytes).groups[0].name).toBe('Ä£ÐÍ');
  });

  it('normalises texture paths and keeps the stored path', () => {
    const f = quad({
      groups: [{ name: 'q', triangles: [0, 1], material: 0 }],
      materials: [{ name: 'm', texture: '..\\Textures\\Quadrants.bmp', alphamap: 'data/alpha.bmp' }],
    });
    const scene = valid(parseSync(writeMs3d(f)));
    expect(scene.textures.map((t) => t.uri)).toEqual(['../Textures/Quadrants.bmp', 'data/alpha.bmp']);
    expect(scene.textures[0].extras).toEqual({ path: '..\\Textures\\Quadrants.bmp' });
    expect(scene.materials[0].baseColorTexture).toEqual({ texture: 0 });
    expect(scene.materials[0].otherTextures).toEqual({ alphamap: { texture: 1 } });
  });
});

describe('materials', () => {
  it('maps the four colours, shininess, transparency and mode flags', () => {
    const f = quad({
      groups: [{ name: 'q', triangles: [0, 1], material: 0 }],
      materials: [
        {
          name: 'glass',
          ambient: [0.1, 0.2, 0.3, 1],
          diffuse: [0.5, 0.25, 1, 1],
          specular: [1, 1, 1, 1],
          emissive: [2, 1, 0, 1],
          shininess: 14,
          transparency: 0.25,
          mode: 0xe0,
        },
      ],
    });
    const m = valid(parseSync(writeMs3d(f))).materials[0];
    // Gamma-space diffuse → linear factor (sRGB curve): 0.5 → 0.21404, 0.25 → 0.05088.
    m.baseColorFactor.forEach((v, i) => expect(v).toBeCloseTo([0.21404, 0.05088, 1, 0.25][i], 5));
    expect(m.alphaMode).toBe('BLEND');
    m.emissiveFactor.forEach((v, i) => expect(v).toBeCloseTo([1, 0.21404, 0][i], 5));
    expect(m.emissiveStrength).toBe(2);
    expect(m.roughnessFactor).toBeCloseTo(Math.sqrt(2 / 16), 6);
    expect(m.legacy).toMatchObject({ shininess: 14, opacity: 0.25 });
    expect(m.legacy!.ambient![1]).toBeCloseTo(0.2, 6);
    expect(m.extras).toMatchObject({ mode: 0xe0, sphereMap: true, hasAlpha: true, combineAlpha: true });
  });
});

describe('trailer', () => {
  const base = (): WFile =>
    quad({
      vertices: [{ position: [0, 0, 0], boneId: 0 }, { position: [1, 0, 0], boneId: 0 }, { position: [1, 1, 0], boneId: 0 }, { position: [0, 1, 0], boneId: 0 }],
      joints: [{ name: 'a' }, { name: 'b', parent: 'a' }],
    });
  const records = (weights: [number, number, number], ids: [number, number, number] = [1, -1, -1]) =>
    Array.from({ length: 4 }, () => ({ ids, weights, extra: [7, 9] }));

  it('reads no trailer at all', () => {
    const file = readMs3d(writeMs3d(base()));
    expect(file.trailer).toEqual([]);
    expect(file.comments).toBeUndefined();
  });

  it('reads a comment block with 0 entries, then stops', () => {
    const file = readMs3d(writeMs3d({ ...base(), comments: {} }));
    expect(file.trailer).toEqual(['comments']);
    expect(file.comments).toEqual({ subVersion: 1, groups: [], materials: [], joints: [], modelCommentCount: 0 });
  });

  it('reads comments with int32 counts and a model comment without an index', () => {
    const file = readMs3d(
      writeMs3d({ ...base(), comments: { groups: [[0, 'g0']], materials: [], joints: [[1, 'joint b']], model: 'scale=0.5\r\n' } }),
    );
    expect(file.comments!.groups).toEqual([{ index: 0, text: 'g0' }]);
    expect(file.comments!.joints).toEqual([{ index: 1, text: 'joint b' }]);
    expect(file.comments!.model).toBe('scale=0.5\r\n');
    const scene = valid(parseSync(writeMs3d({ ...base(), comments: { joints: [[1, 'joint b']], model: 'hello' } })));
    expect(scene.nodes.find((n) => n.name === 'b')!.extras!.comment).toBe('joint b');
    expect(scene.extras.modelComment).toBe('hello');
  });

  it.each([1, 2, 3])('reads vertex extra sub-version %i (records of 6, 10, 14 bytes) and stops after it', (sv) => {
    const bytes = writeMs3d({ ...base(), comments: {}, vertexExtra: { subVersion: sv, records: records([40, 0, 0]) } });
    const file = readMs3d(bytes);
    expect(file.trailer).toEqual(['comments', 'vertexExtra']);
    expect(file.vertexExtra!.subVersion).toBe(sv);
    expect(Array.from(file.vertexExtra!.extra)).toEqual(sv === 1 ? [] : sv === 2 ? [7, 7, 7, 7] : [7, 9, 7, 9, 7, 9, 7, 9]);
    expect(file.unreadBytes).toBe(0);
  });

  it('stops cleanly after the joint extra', () => {
    const bytes = writeMs3d({ ...base(), comments: {}, vertexExtra: { subVersion: 2, records: records([0, 0, 0]) }, jointExtra: { colors: [[1, 0, 0], [0, 1, 0]] } });
    const file = readMs3d(bytes);
    expect(file.trailer).toEqual(['comments', 'vertexExtra', 'jointExtra']);
    expect(file.modelExtra).toBeUndefined();
    expect(file.unreadBytes).toBe(0);
    const scene = valid(parseSync(bytes));
    expect(scene.warnings).toEqual([]);
    expect(scene.extras.modelExtra).toBeUndefined();
    expect(scene.nodes.find((n) => n.name === 'a')!.extras!.color).toEqual([1, 0, 0]);
  });

  it('stops with a warning at an unknown comments sub-version', () => {
    const bytes = writeMs3d({ ...base(), comments: { subVersion: 2, model: 'x' } });
    const scene = valid(parseSync(bytes));
    expect(scene.warnings.map((w) => [w.code, w.offset])).toEqual([['MS3D_UNKNOWN_SUBVERSION', readMs3d(bytes).trailerOffset]]);
    expect(scene.extras.trailer).toEqual([]);
    expect(scene.extras.unreadBytes).toBe(bytes.length - readMs3d(bytes).trailerOffset);
  });

  it('keeps the stored bone ids, extra ids and weight bytes in scene extras', () => {
    const bytes = writeMs3d({ ...base(), comments: {}, vertexExtra: { subVersion: 1, records: records([30, 20, 0], [1, -1, 0]) } });
    const scene = valid(parseSync(bytes));
    expect(Array.from(scene.extras.vertexBoneIds as Int8Array)).toEqual([0, 0, 0, 0]);
    expect(Array.from(scene.extras.vertexExtraBoneIds as Int8Array)).toEqual([1, -1, 0, 1, -1, 0, 1, -1, 0, 1, -1, 0]);
    expect(Array.from(scene.extras.vertexExtraWeights as Uint8Array)).toEqual([30, 20, 0, 30, 20, 0, 30, 20, 0, 30, 20, 0]);
    expect(scene.extras.vertexExtraSubVersion).toBe(1);
  });

  it('reads the full trailer: joint colours and model extra', () => {
    const bytes = writeMs3d({
      ...base(),
      comments: {},
      vertexExtra: { subVersion: 3, records: records([0, 0, 0]) },
      jointExtra: { colors: [[1, 0, 0], [0, 0.5, 1]] },
      modelExtra: { jointSize: 0.25, transparencyMode: 2, alphaRef: 0.5 },
    });
    const file = readMs3d(bytes);
    expect(file.trailer).toEqual(['comments', 'vertexExtra', 'jointExtra', 'modelExtra']);
    expect(Array.from(file.jointExtra!.colors)).toEqual([1, 0, 0, 0, 0.5, 1]);
    expect(file.modelExtra).toEqual({ subVersion: 1, jointSize: 0.25, transparencyMode: 2, alphaRef: 0.5 });
    const scene = valid(parseSync(bytes));
    expect(scene.nodes.find((n) => n.name === 'b')!.extras!.color).toEqual([0, 0.5, 1]);
    expect(scene.extras.modelExtra).toEqual(file.modelExtra);
  });

  it('stops with a warning at an unknown sub-version, keeping what was read', () => {
    const bytes = writeMs3d({ ...base(), comments: { model: 'm' }, vertexExtra: { subVersion: 9, records: [] }, tail: new Uint8Array(20) });
    const warnings: string[] = [];
    const file = readMs3d(bytes, { onWarning: (w) => warnings.push(w.code) });
    expect(file.trailer).toEqual(['comments']);
    expect(file.comments!.model).toBe('m');
    expect(file.unreadBytes).toBe(24);
    expect(warnings).toEqual(['MS3D_UNKNOWN_SUBVERSION']);
    valid(parseSync(bytes));
  });

  it('warns about bytes after the model extra and about 1-3 stray bytes', () => {
    const full: WFile = {
      ...base(),
      comments: {},
      vertexExtra: { subVersion: 2, records: records([0, 0, 0]) },
      jointExtra: { colors: [[1, 1, 1], [1, 1, 1]] },
      modelExtra: { jointSize: 1, transparencyMode: 0, alphaRef: 0 },
      tail: new Uint8Array(5),
    };
    expect(valid(parseSync(writeMs3d(full))).warnings.map((w) => w.code)).toEqual(['MS3D_TRAILING_BYTES']);
    expect(valid(parseSync(writeMs3d({ ...base(), tail: new Uint8Array(3) }))).warnings.map((w) => w.code)).toEqual(['MS3D_TRAILING_BYTES']);
  });

  it('fails with FormatError when a section is cut in the middle', () => {
    const bytes = writeMs3d({ ...base(), comments: { model: 'hello' }, vertexExtra: { subVersion: 3, records: records([0, 0, 0]) } });
    const err = expectError(bytes.subarray(0, bytes.length - 5));
    expect(['TRUNCATED', 'BAD_COUNT']).toContain(err.code);
    expect(expectError(bytes.subarray(0, bytes.length - 4 * 14)).code).toBe('BAD_COUNT'); // sub-version, then no records
    expectError(bytes.subarray(0, bytes.length - 4 * 14 - 4 - 2)); // inside the model comment
  });
});

describe('weights', () => {
  const twoJoints = (weights: [number, number, number], ids: [number, number, number], sv = 1): Scene =>
    parseSync(
      writeMs3d(
        quad({
          vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: 0 })),
          joints: [{ name: 'a' }, { name: 'b', parent: 'a' }, { name: 'c', parent: 'b' }, { name: 'd', parent: 'c' }],
          comments: {},
          vertexExtra: { subVersion: sv, records: Array.from({ length: 4 }, () => ({ ids, weights })) },
        }),
      ),
    );
  const first = (s: Scene) => {
    const a = s.meshes[0].primitives[0].attributes;
    return { joints: Array.from(a.JOINTS_0!.subarray(0, 4)), weights: Array.from(a.WEIGHTS_0!.subarray(0, 4)) };
  };

  it('sub-version 1 weights with non-zero bytes are divided by 100, the 4th is implicit', () => {
    const s = valid(twoJoints([25, 25, 25], [1, 2, 3]));
    expect(first(s).joints).toEqual([0, 1, 2, 3]);
    first(s).weights.forEach((w) => expect(w).toBeCloseTo(0.25, 6));
    const t = valid(twoJoints([30, 70, 0], [1, -1, -1]));
    expect(first(t).joints.slice(0, 2)).toEqual([1, 0]); // sorted by weight
    expect(first(t).weights[0]).toBeCloseTo(0.7, 6);
    expect(first(t).weights[1]).toBeCloseTo(0.3, 6);
  });

  it('all-zero weight bytes put 100 % on boneId even with extra ids', () => {
    const s = valid(twoJoints([0, 0, 0], [1, 2, 3], 3));
    expect(first(s)).toEqual({ joints: [0, 0, 0, 0], weights: [1, 0, 0, 0] });
  });

  it('uses only the leading run of valid slots and renormalises it', () => {
    // Slot 2 has an invalid bone: slots 0-1 (60 + 20) remain, renormalised to 0.75 / 0.25.
    const s = valid(twoJoints([60, 20, 10], [1, -1, 2], 2));
    expect(first(s).joints.slice(0, 2)).toEqual([0, 1]);
    expect(first(s).weights[0]).toBeCloseTo(0.75, 6);
    expect(first(s).weights[1]).toBeCloseTo(0.25, 6);
  });

  it('warns and renormalises when the weights sum past 100', () => {
    const s = valid(twoJoints([90, 90, 0], [1, -1, -1], 2));
    expect(s.warnings.map((w) => w.code)).toEqual(['MS3D_WEIGHT_SUM']);
    expect(first(s).weights.slice(0, 2)).toEqual([0.5, 0.5]);
  });

  it('binds boneId -1 vertices to an identity joint and warns on bone ids past the joints', () => {
    const f = quad({
      vertices: [{ position: [0, 0, 0], boneId: 0 }, { position: [1, 0, 0], boneId: -1 }, { position: [1, 1, 0], boneId: 5 }, { position: [0, 1, 0], boneId: 0 }],
      joints: [{ name: 'a', position: [3, 0, 0], rotKeys: [[0, 0, 0, 0]], posKeys: [[0, 0, 0, 0], [1, 0, 10, 0]] }],
    });
    const s = valid(parseSync(writeMs3d(f)));
    expect(s.warnings.map((w) => w.code)).toEqual(['MS3D_BAD_BONE']);
    const rigid = s.skins[0].joints[1];
    expect(s.nodes[rigid].extras).toEqual({ ms3dRigid: true });
    const at1 = posed(s, 1);
    near(at1.get(0), [0, 10, 0]);
    near(at1.get(1), [1, 0, 0]); // rigid
    near(at1.get(2), [1, 1, 0]); // rigid (bad bone)
  });
});

describe('skeleton and animation (values worked out by hand)', () => {
  // A (root) at (1,0,0) turned 90° about Z; B 2 units along A's x; C 1 unit along B's x.
  // Bind: B sits at (1,2,0), C at (1,3,0), both turned 90° about Z.
  // v0 is 1 unit along B's local x → (1,3,0); v1 is 1 unit along C's local y → (0,3,0); v2 rigid.
  const rig = (): WFile => ({
    vertices: [
      { position: [1, 3, 0], boneId: 1 },
      { position: [0, 3, 0], boneId: 2 },
      { position: [5, 5, 5], boneId: -1 },
    ],
    triangles: [{ v: [0, 1, 2] }],
    groups: [{ name: 'g', triangles: [0] }],
    joints: [
      // A: rotation keys 0 → +90° about Z over 1 s; translation keys 0 → +1 (in A's bind-rotated frame) over 2 s.
      { name: 'A', rotation: [0, 0, PI2], position: [1, 0, 0], rotKeys: [[0, 0, 0, 0], [1, 0, 0, PI2]], posKeys: [[0, 0, 0, 0], [2, 1, 0, 0]] },
      { name: 'B', parent: 'A', position: [2, 0, 0] },
      // C: one key at 1 s = Euler (90°, 90°, 0): X first, then Y.
      { name: 'C', parent: 'b', position: [1, 0, 0], rotKeys: [[1, PI2, PI2, 0]] },
    ],
    fps: 24,
    totalFrames: 24,
  });

  it('builds the bind pose T(position) · R(Rz·Ry·Rx) with xyzw quaternions and column-major inverse binds', () => {
    const s = valid(parseSync(writeMs3d(rig())));
    const a = s.nodes.find((n) => n.name === 'A')!;
    expect(a.translation).toEqual([1, 0, 0]);
    near(a.rotation!, [0, 0, S, S], 6);
    // Parent found case-insensitively ('b' → 'B').
    const c = s.nodes.findIndex((n) => n.name === 'C');
    expect(s.nodes[s.nodes[c].parent].name).toBe('B');
    // Inverse bind of A: R(-90°) · T(-1,0,0) → translation column (0, 1, 0).
    const ibm = s.skins[0].inverseBindMatrices;
    near(Array.from(ibm.subarray(12, 15)), [0, 1, 0], 6);
    near(Array.from(ibm.subarray(0, 3)), [0, -1, 0], 6); // first column = R(-90°)·x̂
    near(posed(s, undefined).get(0), [1, 3, 0]);
    near(posed(s, undefined).get(1), [0, 3, 0]);
  });

  it('poses 2 and 3 joints like the viewer at several times', () => {
    const s = valid(parseSync(writeMs3d(rig())));
    const r2 = Math.SQRT2;
    // Before the first key: first keys hold (A rot 0, A pos 0; C's only key holds too).
    const before = posed(s, 0);
    near(before.get(0), [1, 3, 0]);
    // C's only key (Ry90·Rx90) holds from t = 0: its local y goes to x, which the 90° bind turn sends
    // to +y (with Rx·Ry it would go to z instead).
    near(before.get(1), [1, 4, 0]);
    // t = 0.5: A turned 45° more (135° total) and moved 0.25 along its bind-rotated x (world +y).
    const half = posed(s, 0.5);
    near(half.get(0), [1 - 1.5 * r2, 1.5 * r2 + 0.25, 0]);
    // t = 1: A at 180°, moved 0.5 up: B at (-1,0.5,0), v0 at (-2,0.5,0); C at (-2,0.5,0), v1 one more along -x.
    const one = posed(s, 1);
    near(one.get(0), [-2, 0.5, 0]);
    near(one.get(1), [-3, 0.5, 0]);
    // t = 2: rotation holds its last key, translation reaches (1,0,0) + R_bind·(1,0,0) = (1,1,0).
    const two = posed(s, 2);
    near(two.get(0), [-2, 1, 0]);
    near(two.get(1), [-3, 1, 0]);
    // After the last key everything holds.
    near(posed(s, 10).get(0), [-2, 1, 0]);
    // The rigid vertex never moves.
    for (const t of [0, 0.5, 1, 2]) near(posed(s, t).get(2), [5, 5, 5]);
  });

  it('stores keys in seconds, one clip, with the editor range in extras', () => {
    const s = valid(parseSync(writeMs3d(rig()), { fileName: 'dir\\rig.ms3d' }));
    expect(s.name).toBe('rig');
    expect(s.animations).toHaveLength(1);
    const clip = s.animations[0];
    expect(clip.duration).toBe(2);
    expect(clip.extras).toMatchObject({ fps: 24, totalFrames: 24, editorDuration: 1 });
    const a = s.nodes.findIndex((n) => n.name === 'A');
    const rot = clip.channels.find((c) => c.node === a && c.path === 'rotation')!;
    expect(Array.from(rot.times)).toEqual([0, 1]);
    near(Array.from(rot.values.subarray(4, 8)).map(Math.abs), [0, 0, 1, 0], 6); // 180° about Z
    const pos = clip.channels.find((c) => c.node === a && c.path === 'translation')!;
    near(Array.from(pos.values.subarray(3, 6)), [1, 1, 0], 6);
    expect(pos.interpolation).toBe('LINEAR');
    expect(parseSync(writeMs3d(rig()), { positionInterpolation: 'step' }).animations[0].channels.find((c) => c.path === 'translation')!.interpolation).toBe('STEP');
  });

  it("reproduces the viewer's Hermite positions on request (looped tangents)", () => {
    // Keys x = 0 @0 s, 1 @1 s, 0 @3 s. Viewer tangents (in / out): key 0 1.5 / −0.5, key 1 0 / 0,
    // key 2 2 / −3. Mid-segment basis h1 = h2 = 0.5, h3 = 0.125, h4 = −0.125:
    // t = 0.5 → 0.5·1 + 0.125·(−0.5) = 0.4375; t = 2 → 0.5·1 − 0.125·2 = 0.25.
    const bytes = writeMs3d({ joints: [{ name: 'j', posKeys: [[0, 0, 0, 0], [1, 1, 0, 0], [3, 0, 0, 0]] }] });
    const x = (s: Scene, t: number) => sampleAnimation(s, 0, t).locals[12];
    const hermite = valid(parseSync(bytes, { positionInterpolation: 'hermite' }));
    expect(hermite.animations[0].channels[0].interpolation).toBe('CUBICSPLINE');
    expect(x(hermite, 0.5)).toBeCloseTo(0.4375, 6);
    expect(x(hermite, 2)).toBeCloseTo(0.25, 6);
    expect(x(hermite, 1)).toBeCloseTo(1, 6);
    expect(x(hermite, 5)).toBeCloseTo(0, 6);
    const linear = valid(parseSync(bytes));
    expect(x(linear, 0.5)).toBeCloseTo(0.5, 6);
    expect(x(linear, 2)).toBeCloseTo(0.5, 6);
    // Two keys: zero tangents, a smoothstep (h2 at u = 0.25 is 0.15625).
    const two = valid(parseSync(writeMs3d({ joints: [{ name: 'j', posKeys: [[0, 0, 0, 0], [1, 1, 0, 0]] }] }), { positionInterpolation: 'hermite' }));
    expect(x(two, 0.25)).toBeCloseTo(0.15625, 6);
  });

  it('chooses quaternion signs so consecutive keys take the short way', () => {
    const keys: [number, number, number, number][] = [0, 1, 2, 3, 4].map((k) => [k, 0, 0, k * 0.9 * Math.PI]);
    const s = valid(parseSync(writeMs3d({ joints: [{ name: 'spin', rotKeys: keys }] })));
    const v = s.animations[0].channels[0].values;
    for (let k = 1; k < 5; k++) {
      const dot = v[k * 4] * v[k * 4 - 4] + v[k * 4 + 1] * v[k * 4 - 3] + v[k * 4 + 2] * v[k * 4 - 2] + v[k * 4 + 3] * v[k * 4 - 1];
      expect(dot).toBeGreaterThan(0);
    }
  });

  it('orders joints whose parent comes later, cuts cycles and unknown parents with warnings', () => {
    const s = valid(
      parseSync(
        writeMs3d({
          joints: [
            { name: 'child', parent: 'root', position: [0, 1, 0] },
            { name: 'root', position: [0, 1, 0] },
            { name: 'x', parent: 'y' },
            { name: 'y', parent: 'x' },
            { name: 'lost', parent: 'nobody' },
          ],
        }),
      ),
    );
    expect(s.nodes[0].parent).toBe(1);
    expect(s.warnings.map((w) => w.code).sort()).toEqual(['MS3D_PARENT_CYCLE', 'MS3D_UNKNOWN_PARENT']);
    expect(s.roots.sort()).toEqual([1, 3, 4].sort());
    const world = computeWorldMatrices(s);
    near(Array.from(world.subarray(12, 15)), [0, 2, 0]);
  });

  it('sorts unordered keys and drops repeated times with a warning', () => {
    const s = valid(parseSync(writeMs3d({ joints: [{ name: 'j', posKeys: [[1, 1, 0, 0], [0, 0, 0, 0], [1, 2, 0, 0]] }] })));
    const ch = s.animations[0].channels[0];
    expect(Array.from(ch.times)).toEqual([0, 1]);
    expect(Array.from(ch.values)).toEqual([0, 0, 0, 2, 0, 0]);
    expect(s.warnings.map((w) => w.code)).toEqual(['MS3D_KEY_ORDER', 'MS3D_BAD_KEYS']);
  });
});
