// Names in 32-byte fields and the writer's code page (docs/formats/ms3d.md §1.1), and comments.
import { addNode, createScene } from '@relic3d/core';
import { sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { dumpMs3d } from '../reference.js';
import { fieldsOf } from './fields.js';
import { material, meshScene, quadPrimitive, refusal, roundTrip } from './helpers.js';

/** A skeleton of joints with these names, each the child of the one before. */
function chain(names: string[]) {
  const scene = createScene('test');
  scene.name = 'chain';
  names.forEach((name, j) => addNode(scene, { name, joint: true, translation: [0, 1, 0] }, j - 1));
  return scene;
}

describe('names', () => {
  it('cuts names longer than 31 bytes (warned): the field keeps a NUL', () => {
    const long = 'a_material_name_that_is_far_too_long_for_ms3d';
    const scene = meshScene('n', [quadPrimitive(0)]);
    scene.materials.push(material(long));
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['WRITE_NAME_TRUNCATED']);
    expect(fieldsOf(trip.bytes).materials[0].name).toBe(long.slice(0, 31));
    expect(sceneFacts(trip.back).materials).toEqual([long.slice(0, 31)]);
  });

  it('keeps joint names distinct after the cut, so parents still resolve (warned)', () => {
    const stem = 'Bip01 Spine Upper Long Name Part';
    const trip = roundTrip(chain([`${stem} A`, `${stem} B`, '']));
    const joints = dumpMs3d(trip.bytes).joints.map((j) => [j.name, j.parent]);
    expect(joints).toEqual([[stem.slice(0, 31), ''], [`${stem.slice(0, 29)}~2`, stem.slice(0, 31)], ['joint2', `${stem.slice(0, 29)}~2`]]);
    expect(trip.warnings).toEqual(['WRITE_NAME_TRUNCATED', 'WRITE_NAME_TRUNCATED', 'MS3D_WRITE_NAME_RENAMED', 'MS3D_WRITE_NAME_RENAMED']);
    expect(trip.back.nodes.map((n) => n.parent)).toEqual([-1, 0, 1]);
  });

  it('writes names in the code page asked for (GBK), and warns what windows-1252 cannot hold', () => {
    const scene = meshScene('模型', [quadPrimitive(0)]);
    scene.materials.push(material('皮肤'));
    scene.meshes[0].primitives[0].extras = { name: '身体' };
    const gbk = roundTrip(scene, { codePage: 'gbk' });
    expect(gbk.warnings).toEqual([]);
    const back = parseSync(gbk.bytes, { codePage: 'gbk' });
    expect(back.materials[0].name).toBe('皮肤');
    expect(back.meshes[0].primitives[0].extras!.name).toBe('身体');
    const latin = roundTrip(scene);
    expect(latin.warnings).toEqual(['WRITE_NAME_LOSSY', 'WRITE_NAME_LOSSY']);
    expect(fieldsOf(latin.bytes).materials[0].name).toBe('??');
  });

  it('refuses a code page it does not know', () => {
    const error = refusal(() => roundTrip(meshScene('x', [quadPrimitive()]), { codePage: 'klingon' }));
    expect([error.code, error.limit, error.value]).toEqual(['UNSUPPORTED', 'code page', 'klingon']);
  });

  it('names the file after options.name, the scene, or "model"; never a path', () => {
    const scene = meshScene('x', [quadPrimitive()]);
    expect(Object.keys(roundTrip(scene, { name: '../out/ship.glb' }).files)).toEqual(['ship.ms3d']);
    scene.name = undefined;
    expect(Object.keys(roundTrip(scene).files)).toEqual(['model.ms3d']);
  });
});

describe('comments', () => {
  it('writes group, material, joint and model comments from extras (a round trip keeps them)', () => {
    const scene = meshScene('c', [quadPrimitive(0)]);
    scene.materials.push(material('m', { extras: { comment: 'shiny' } }));
    scene.meshes[0].primitives[0].extras = { comment: 'body group' };
    scene.extras.modelComment = 'scale=0.5\r\n';
    addNode(scene, { name: 'bone', joint: true, extras: { comment: 'the only bone' } });
    const trip = roundTrip(scene);
    expect(trip.back.meshes[0].primitives[0].extras!.comment).toBe('body group');
    expect(trip.back.materials[0].extras!.comment).toBe('shiny');
    expect(trip.back.nodes.find((n) => n.name === 'bone')!.extras!.comment).toBe('the only bone');
    expect(trip.back.extras.modelComment).toBe('scale=0.5\r\n');
    const d = dumpMs3d(trip.bytes);
    expect(d.comments).toEqual({ groups: 1, materials: 1, joints: 1, model: 'scale=0.5\r\n' });
  });

  it("comments: 'model' leaves the others out (warned): assimp misreads them", () => {
    const scene = meshScene('c', [quadPrimitive()]);
    scene.meshes[0].primitives[0].extras = { comment: 'body group' };
    const trip = roundTrip(scene, { comments: 'model' });
    expect(trip.warnings).toEqual(['MS3D_WRITE_COMMENTS']);
    expect(dumpMs3d(trip.bytes).comments).toEqual({ groups: 0, materials: 0, joints: 0, model: undefined });
  });
});
