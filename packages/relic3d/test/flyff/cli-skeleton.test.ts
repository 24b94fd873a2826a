// `relic3d convert item.glb Part_mCloNew01.o3d --skeleton game.chr`: the CLI end of the binding.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addNode, createScene, math } from '@relic3d/core';
import { IDENTITY, translationMatrix, writeChr } from '@relic3d/fixtures/o3d';
import { toGlb } from '@relic3d/gltf';
import { readO3d } from '@relic3d/o3d';
import { run, tmp } from '../run-cli.js';

/** A one-triangle item skinned to `Bip01 Spine` and a bone the game skeleton lacks. */
async function itemGlb(): Promise<Uint8Array> {
  const scene = createScene('gltf');
  const root = addNode(scene, { name: 'Armature' });
  const spine = addNode(scene, { name: 'Bip01 Spine', translation: [0, 1, 0], joint: true }, root);
  const cape = addNode(scene, { name: 'Cape', translation: [0, 0.5, 0], joint: true }, spine);
  scene.meshes.push({
    name: 'item',
    primitives: [{ attributes: { POSITION: Float32Array.of(0, 1, 0, 0.2, 1, 0, 0, 1.5, 0), JOINTS_0: Uint16Array.of(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0), WEIGHTS_0: Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0) } }],
  });
  const inverses = new Float32Array(32);
  inverses.set(math.fromTRS([0, -1, 0], [0, 0, 0, 1], [1, 1, 1], new Float32Array(16)), 0);
  inverses.set(math.fromTRS([0, -1.5, 0], [0, 0, 0, 1], [1, 1, 1], new Float32Array(16)), 16);
  scene.skins.push({ joints: [spine, cape], inverseBindMatrices: inverses });
  addNode(scene, { name: 'item', mesh: 0, skin: 0 }, root);
  return toGlb(scene);
}

const game = () =>
  writeChr({
    bones: [
      { name: 'Bip01', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 },
      { name: 'Bip01 Spine', tm: translationMatrix(0, 1, 0), inverse: translationMatrix(0, -1, 0), local: translationMatrix(0, 1, 0), parent: 0 },
    ],
  });

describe('relic3d convert --skeleton', () => {
  it('writes the .o3d bound to the game skeleton, no .chr, and reports the bone it lacks', async () => {
    const dir = tmp('skeleton');
    writeFileSync(path.join(dir, 'item.glb'), await itemGlb());
    writeFileSync(path.join(dir, 'mvr_male.chr'), game());
    const out = path.join(dir, 'out');
    const { code, stdout, stderr } = await run('convert', path.join(dir, 'item.glb'), path.join(out, 'Part_mCloNew01.o3d'), '--skeleton', path.join(dir, 'mvr_male.chr'));
    expect(code, stderr).toBe(0);
    expect(readdirSync(out)).toEqual(['Part_mCloNew01.o3d']);
    expect(stdout + stderr).toMatch(/O3D_WRITE_SKELETON_MISSING.*Cape/);
    const file = readO3d(new Uint8Array(readFileSync(path.join(out, 'Part_mCloNew01.o3d'))));
    const object = file.groups[0][0];
    const palette = object.geometry.blocks[0].useBones.length ? object.geometry.blocks[0].useBones : object.useBones;
    // Both vertices' bones are the game's Bip01 Spine (index 1): Cape went to its parent.
    expect(new Set(Array.from(object.geometry.boneIndices!).filter((_, k) => k % 2 === 0).map((slot) => palette[slot / 3]))).toEqual(new Set([1]));
  });

  it('is a usage error for another output format, and for a missing file', async () => {
    const dir = tmp('skeleton-usage');
    writeFileSync(path.join(dir, 'item.glb'), await itemGlb());
    expect((await run('convert', path.join(dir, 'item.glb'), path.join(dir, 'item.ms3d'), '--skeleton', path.join(dir, 'x.chr'))).code).toBe(2);
    const missing = await run('convert', path.join(dir, 'item.glb'), path.join(dir, 'item.o3d'), '--skeleton', path.join(dir, 'none.chr'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    expect(existsSync(path.join(dir, 'item.o3d'))).toBe(false);
  });

  it('fails typed (exit 1) when no bone name matches', async () => {
    const dir = tmp('skeleton-none');
    writeFileSync(path.join(dir, 'item.glb'), await itemGlb());
    writeFileSync(path.join(dir, 'other.chr'), writeChr({ bones: [{ name: 'Root', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 }] }));
    const { code, stderr } = await run('convert', path.join(dir, 'item.glb'), path.join(dir, 'item.o3d'), '--skeleton', path.join(dir, 'other.chr'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/skeleton bone names/);
    expect(existsSync(path.join(dir, 'item.o3d'))).toBe(false);
  });
});
