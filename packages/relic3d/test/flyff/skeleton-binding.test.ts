// writeO3d(scene, { skeleton }): an item's skin bound to the game's .chr by bone name — the
// corpus female upper body (joints shuffled through glTF) and a synthetic 41-bone item.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addNode, createScene, isWriteError, math, type Scene } from '@relic3d/core';
import { IDENTITY, translationMatrix, writeChr } from '@relic3d/fixtures/o3d';
import { dumpO3dConventions } from '@relic3d/fixtures/o3d/conventions-dump';
import { fromGltf, toGlb } from '@relic3d/gltf';
import { parse as parseO3d, readO3d, writeO3d } from '@relic3d/o3d';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { corpusFiles } from '@relic3d/test-harness';

const corpus = corpusFiles('o3d');
const path = (name: string) => corpus.find((e) => e.file.toLowerCase() === name.toLowerCase())?.path;
const upper = path('Part_femaleUpper.o3d'), female = path('mvr_female.chr'), stand = path('Mvr_female_GenStand.ani');

const modelOf = (files: Record<string, Uint8Array>) => Object.keys(files).find((n) => /\.o3d$/i.test(n))!;

/** The scene with its skin's joint order reversed (JOINTS_0 and inverse binds along), so no index stays put. */
function reverseJoints(scene: Scene): Scene {
  const skin = scene.skins[0];
  const n = skin.joints.length;
  const inverses = new Float32Array(n * 16);
  for (let j = 0; j < n; j++) inverses.set(skin.inverseBindMatrices.subarray(j * 16, j * 16 + 16), (n - 1 - j) * 16);
  const meshes = scene.meshes.map((m) => ({ ...m, primitives: m.primitives.map((p) => (p.attributes.JOINTS_0 ? { ...p, attributes: { ...p.attributes, JOINTS_0: p.attributes.JOINTS_0.map((j) => n - 1 - j) } } : p)) }));
  return { ...scene, meshes, skins: [{ ...skin, joints: [...skin.joints].reverse(), inverseBindMatrices: inverses }, ...scene.skins.slice(1)] };
}

describe.skipIf(!upper || !female || !stand)('a corpus part bound to the game skeleton', () => {
  it('Part_femaleUpper through glTF, joints shuffled, bound to mvr_female.chr: no .chr or .ani written; posed like the original', async () => {
    const chr = new Uint8Array(readFileSync(female!));
    const ani = new Uint8Array(readFileSync(stand!));
    const bytes = new Uint8Array(readFileSync(upper!));
    const original = await parseO3d(bytes, { fileName: 'Part_femaleUpper.o3d', skeleton: chr, motions: { stand: ani }, kernels: 'js' });
    const plain = await parseO3d(bytes, { fileName: 'Part_femaleUpper.o3d', skeleton: chr, motions: 'none', kernels: 'js' });
    const item = reverseJoints(await fromGltf(await toGlb(plain)));
    const warnings: string[] = [];
    const written = writeO3d(item, { skeleton: chr, name: 'Part_femaleUpper', onWarning: (w) => warnings.push(w.code) });
    expect(Object.keys(written.files).filter((n) => /\.(chr|ani)$/i.test(n))).toEqual([]);
    expect(warnings).not.toContain('O3D_WRITE_SKELETON_MISSING');
    expect(warnings).not.toContain('O3D_WRITE_BIND_POSE');
    const name = modelOf(written.files);
    // Every block within the client's 28-bone palette (independent walk).
    for (const g of dumpO3dConventions(written.files[name]).groups) for (const o of g) for (const b of o.blocks) expect(b.bones).toBeLessThanOrEqual(28);
    const back = await parseO3d(written.files[name], { fileName: name, skeleton: chr, motions: { stand: ani }, kernels: 'js' });
    expect(compareSceneFacts(sceneFacts(original), sceneFacts(back), { only: ['bounds', 'posed'] })).toEqual([]);
  });
});

/** 40 bones B0..B39 a step of 0.1 up, and `Extra` under B5; a triangle per bone, at its height. */
function fortyBoneItem(extraName = 'Extra', prefix = 'B'): Scene {
  const scene = createScene('gltf');
  const root = addNode(scene, { name: 'Armature' });
  const joints: number[] = [];
  for (let k = 0; k < 40; k++) joints.push(addNode(scene, { name: `${prefix}${k}`, translation: [0, k * 0.1, 0], joint: true }, root));
  joints.push(addNode(scene, { name: extraName, translation: [0, 3.5, 0], joint: true }, joints[5]));
  const n = joints.length;
  const positions = new Float32Array(n * 9), jointIds = new Uint16Array(n * 12), weights = new Float32Array(n * 12);
  for (let k = 0; k < n; k++) {
    const y = k * 0.1;
    positions.set([0, y, 0, 0.05, y, 0, 0, y + 0.05, 0], k * 9);
    for (let v = 0; v < 3; v++) {
      jointIds[(k * 3 + v) * 4] = k;
      weights[(k * 3 + v) * 4] = 1;
    }
  }
  scene.meshes.push({ name: 'item', primitives: [{ attributes: { POSITION: positions, JOINTS_0: jointIds, WEIGHTS_0: weights }, indices: Uint16Array.from({ length: n * 3 }, (_, i) => i) }] });
  const inverses = new Float32Array(n * 16);
  // Bind pose: bone k at height k × 0.1 (Extra: B5 + 3.5 = 4.0).
  for (let k = 0; k < n; k++) inverses.set(math.fromTRS([0, -(k < 40 ? k * 0.1 : 4.0), 0], [0, 0, 0, 1], [1, 1, 1], new Float32Array(16)), k * 16);
  scene.skins.push({ joints, inverseBindMatrices: inverses });
  addNode(scene, { name: 'item', mesh: 0, skin: 0 }, root);
  return scene;
}

const gameChr = () =>
  writeChr({
    bones: [...Array.from({ length: 40 }, (_, k) => ({ name: `B${k}`, tm: translationMatrix(0, k * 0.1, 0), inverse: translationMatrix(0, -k * 0.1, 0), local: translationMatrix(0, k * 0.1, 0), parent: -1 })), { name: 'Unused', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 }],
  });

describe('a synthetic 41-bone item bound to a 41-bone game skeleton', () => {
  it('splits blocks at 28 bones, binds by name (Extra to its ancestor B5), reports both sides, writes no .chr', () => {
    const chr = gameChr();
    const warnings: { code: string; message: string }[] = [];
    const result = writeO3d(fortyBoneItem(), { skeleton: chr, name: 'Part_mCloNew01', onWarning: (w) => warnings.push(w) });
    expect(Object.keys(result.files).filter((n) => /\.chr$/i.test(n))).toEqual([]);
    expect(warnings.find((w) => w.code === 'O3D_WRITE_SKELETON_MISSING')?.message).toMatch(/\bExtra\b/);
    expect(warnings.find((w) => w.code === 'O3D_WRITE_SKELETON_UNUSED')?.message).toMatch(/\bUnused\b/);
    expect(warnings.map((w) => w.code)).not.toContain('O3D_WRITE_BIND_POSE');
    const bytes = result.files[modelOf(result.files)];
    const blocks = dumpO3dConventions(bytes).groups[0].flatMap((o) => o.blocks);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const b of blocks) expect(b.bones).toBeLessThanOrEqual(28);
    expect(blocks.reduce((s, b) => s + b.primitives, 0)).toBe(41);
    // Each triangle's bone, through its block palette, is the game bone at its height.
    const names = Array.from({ length: 40 }, (_, k) => `B${k}`).concat('Unused');
    const file = readO3d(bytes);
    for (const object of file.groups[0]) {
      const g = object.geometry;
      for (const block of g.blocks) {
        for (let t = block.startIndex; t < block.startIndex + block.primitiveCount * 3; t++) {
          const v = g.indices[t];
          const palette = block.useBones.length ? block.useBones : object.useBones;
          const bone = names[palette[g.boneIndices![v * 2] / 3]];
          const y = Math.min(...[0, 1, 2].map((c) => g.positions[g.indices[t - ((t - block.startIndex) % 3) + c] * 3 + 1]));
          const k = Math.round(y / 0.1);
          expect(bone, `triangle at height ${y}`).toBe(k < 40 ? `B${k}` : 'B5');
        }
      }
    }
  });

  it('refuses, typed, when no bone name matches', () => {
    let error: unknown;
    try {
      writeO3d(fortyBoneItem('Other', 'Q'), { skeleton: gameChr(), name: 'Part_mCloNew01' });
    } catch (e) {
      error = e;
    }
    expect(isWriteError(error)).toBe(true);
    expect((error as { limit: string }).limit).toBe('skeleton bone names');
  });

  it('refuses a skeleton that is no .chr, typed', () => {
    expect(() => writeO3d(fortyBoneItem(), { skeleton: new Uint8Array(8), name: 'x' })).toThrow(expect.objectContaining({ name: 'WriteError', limit: 'skeleton' }));
  });
});
