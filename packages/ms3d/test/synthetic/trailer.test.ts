// The sub-version trailer: comments, vertex, joint and model extras, unknown sub-versions, cut sections.
import { describe, expect, it } from 'vitest';
import { parseSync, readMs3d } from '../../src/index.js';
import { quad, writeMs3d, type WFile } from '@relic3d/fixtures/ms3d';
import { expectError, valid } from './helpers.js';

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
