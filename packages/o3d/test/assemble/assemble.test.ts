// Character assembly over the corpus player parts (Part_f* on mvr_female.chr with its GenStand
// motion) and a corpus weapon: every part on one skeleton, posed bounds equal the union of the
// parts posed alone, and the weapon where the client's own math (row vectors, written here from the
// raw .chr/.ani/.o3d structures) puts it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeBounds, computeWorldMatrices, isEmptyBounds, math, sampleAnimation, validateScene, type Bounds } from '@relic3d/core';
import { assembleCharacter, parse, readAni, readChr, readO3d } from '../../src/index.js';
import { entries, keyMatrix, rowMul, type RowMat } from '../corpus/helpers.js';

const byName = (name: string) => entries.find((e) => e.file.toLowerCase() === name.toLowerCase());
const file = (name: string) => ({ name: byName(name)!.file, bytes: new Uint8Array(readFileSync(byName(name)!.path)) });
const partNames = entries.filter((e) => /^part_f.*\.o3d$/i.test(e.file)).map((e) => e.file);
const ready = partNames.length > 0 && !!byName('mvr_female.chr') && !!byName('Mvr_female_GenStand.ani') && !!byName('Item_WeaAxeCrystal.o3d');

const union = (boxes: Bounds[]): Bounds => {
  const out: Bounds = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for (const b of boxes) if (!isEmptyBounds(b)) for (let c = 0; c < 3; c++) (out.min[c] = Math.min(out.min[c], b.min[c])), (out.max[c] = Math.max(out.max[c], b.max[c]));
  return out;
};

describe.skipIf(!ready)('assembleCharacter on the corpus player parts', () => {
  const skeleton = () => file('mvr_female.chr');
  const motions = () => ({ stand: file('Mvr_female_GenStand.ani').bytes });

  it(`all ${partNames.length} Part_f* files join one skeleton, with a weapon in the right hand`, async () => {
    const scene = await assembleCharacter({ skeleton: skeleton(), parts: partNames.map(file), weapon: file('Item_WeaAxeCrystal.o3d'), motions: motions(), kernels: 'js' });
    expect(validateScene(scene)).toEqual([]);
    const chr = readChr(skeleton().bytes);
    // One joint node per .chr bone; every skin binds those nodes only.
    const joints = scene.nodes.flatMap((n, i) => (n.joint ? [i] : []));
    expect(joints.length).toBe(chr.bones.length);
    // One skin per part with skin objects (counted on the raw files).
    expect(scene.skins.length).toBe(partNames.filter((n) => readO3d(file(n).bytes).groups.some((g) => g.some((o) => o.type === 1))).length);
    for (const skin of scene.skins) for (const j of skin.joints) expect(joints).toContain(j);
    expect(scene.animations.map((a) => a.name)).toEqual(['stand']);
    const hand = scene.nodes.findIndex((n) => n.joint && / R Hand$/.test(n.name));
    expect(scene.nodes.find((n) => n.extras?.held === 'weapon')?.parent).toBe(hand);
  });

  it('posed bounds of the character equal the union of its parts posed alone, at 25/50/75% of the motion', async () => {
    const parts = partNames.map(file);
    const scene = await assembleCharacter({ skeleton: skeleton(), parts, motions: motions(), kernels: 'js' });
    const alone = await Promise.all(parts.map((p) => parse(p.bytes, { fileName: p.name, skeleton: skeleton().bytes, motions: motions(), kernels: 'js' })));
    const duration = scene.animations[0].duration;
    for (const f of [0.25, 0.5, 0.75]) {
      const got = computeBounds(scene, { animation: 'stand', time: duration * f });
      const want = union(alone.map((s) => computeBounds(s, { animation: 'stand', time: duration * f })));
      for (let c = 0; c < 3; c++) {
        expect(got.min[c]).toBeCloseTo(want.min[c], 5);
        expect(got.max[c]).toBeCloseTo(want.max[c], 5);
      }
    }
  });

  it("the weapon sits where the client's math puts it at frame 10 (objectLocal × localRH × W_hand)", async () => {
    const weapon = file('Item_WeaAxeCrystal.o3d');
    const scene = await assembleCharacter({ skeleton: skeleton(), parts: [file(partNames[0])], weapon, motions: motions(), kernels: 'js' });
    const chr = readChr(skeleton().bytes);
    const ani = readAni(motions().stand);
    const frame = 10;
    // CMotion::AnimateBone at a whole frame: L = key (or the constant matrix), W = L × W_parent.
    const worlds: RowMat[] = [];
    ani.motion.bones.forEach((b, i) => {
      const track = ani.motion.tracks[i];
      const local = track.keys ? keyMatrix(track.keys, frame * 7) : Float64Array.from(track.matrix!);
      worlds.push(b.parentIndex >= 0 ? rowMul(local, worlds[b.parentIndex]) : local);
    });
    const hand = chr.bones.findIndex((b) => / R Hand$/.test(b.name));
    expect(hand).toBeGreaterThan(0);
    const raw = readO3d(weapon.bytes);
    const object = raw.groups[0][0];
    expect(object.parentIndex).toBe(-1);
    const m = rowMul(rowMul(object.localTM, chr.localRH), worlds[hand]);
    const want: Bounds = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    const p = object.geometry.positions;
    for (let v = 0; v < p.length; v += 3) {
      const w = [0, 1, 2].map((c) => p[v] * m[c] + p[v + 1] * m[4 + c] + p[v + 2] * m[8 + c] + m[12 + c]);
      w[2] = -w[2];
      for (let c = 0; c < 3; c++) (want.min[c] = Math.min(want.min[c], w[c])), (want.max[c] = Math.max(want.max[c], w[c]));
    }
    const fps = 60 * ani.perSlerp;
    const world = computeWorldMatrices(scene, sampleAnimation(scene, 'stand', frame / fps).locals);
    const node = scene.nodes.findIndex((n) => n.mesh !== undefined && /LOD0 object 0$/.test(n.name) && /weaaxecrystal/i.test(n.name));
    expect(node, scene.nodes.map((n) => n.name).filter((n) => /wea/i.test(n)).join(', ')).toBeGreaterThan(0);
    const got: Bounds = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    for (const prim of scene.meshes[scene.nodes[node].mesh!].primitives) {
      const q = prim.attributes.POSITION;
      for (let v = 0; v < q.length; v += 3) {
        const w = math.transformPoint(world.subarray(node * 16, node * 16 + 16), q[v], q[v + 1], q[v + 2]);
        for (let c = 0; c < 3; c++) (got.min[c] = Math.min(got.min[c], w[c])), (got.max[c] = Math.max(got.max[c], w[c]));
      }
    }
    for (let c = 0; c < 3; c++) {
      expect(got.min[c]).toBeCloseTo(want.min[c], 3);
      expect(got.max[c]).toBeCloseTo(want.max[c], 3);
    }
  });
});
