// PHS1 physics, LGS1/LIG1 lights, PXL1 proxies, CLL1 colliders, IMG1 screenshot, chunk ordering, every chunk together.
import { computeWorldMatrices, math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { BMP, everythingFile, staticMesh } from '@relic3d/fixtures/lod-files';
import { ans1, cll1, col1, img1, lgs1, lig1, lodFile, mal1, mat1, msl1, phs1, pxi1, pxl1, skl1, txtl, type MeshSpec } from '@relic3d/fixtures/lod';
import { valid, closeTo, bones2 } from './helpers.js';

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
