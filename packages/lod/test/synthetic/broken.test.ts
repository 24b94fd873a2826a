// Broken files: bad signatures, non-finite values, chunk sizes past EOF, bad counts, indices and modes.
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { staticMesh } from '@relic3d/fixtures/lod-files';
import { Bytes, ans1, chunk, cll1, col1, lgs1, lig1, lodFile, msl1, phs1, pxi1, pxl1, skl1, type MeshSpec } from '@relic3d/fixtures/lod';
import { valid, formatError, bones2 } from './helpers.js';

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
