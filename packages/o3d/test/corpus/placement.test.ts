// O3D corpus: triangle winding after conversion, and object worlds against a Direct3D row-vector reference.
import { describe, expect, it } from 'vitest';
import { computeWorldMatrices, sampleAnimation } from '@relic3d/core';
import { readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { findCompanions, parseSync as parseO3d, readChr, readO3d } from '../../src/index.js';
import { parseO3dFile } from '../../src/node.js';
import { o3ds, listing, type RowMat, rowMul, keyMatrix, mirrored } from './helpers.js';

describe.skipIf(!o3ds.length)('corpus winding after conversion', () => {
  // Spec §1: in D3D the plain cross product agrees with the stored normals for 99.4 % of triangles.
  // After mirroring Z and reversing the winding, the counter-clockwise normal must agree likewise.
  it.each(['Item_WeaAxeSephir.o3d', 'Item_WeaAxeCrystal.o3d', 'mvr_AiBatt.o3d', 'Obj_AzriaTree08.o3d'])('%s: CCW faces point along their normals', (file) => {
    const scene = parseO3d(readCorpusFile(file, 'o3d'));
    let agree = 0, total = 0;
    for (const mesh of scene.meshes) for (const p of mesh.primitives) {
      const pos = p.attributes.POSITION, nor = p.attributes.NORMAL!, idx = p.indices!;
      for (let t = 0; t < idx.length; t += 3) {
        const [a, b, c] = [idx[t], idx[t + 1], idx[t + 2]];
        const u = [0, 1, 2].map((k) => pos[b * 3 + k] - pos[a * 3 + k]);
        const v = [0, 1, 2].map((k) => pos[c * 3 + k] - pos[a * 3 + k]);
        const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        if (Math.hypot(...n) < 1e-9) continue;
        const s = [0, 1, 2].map((k) => nor[a * 3 + k] + nor[b * 3 + k] + nor[c * 3 + k]);
        total++;
        if (n[0] * s[0] + n[1] * s[1] + n[2] * s[2] > 0) agree++;
      }
    }
    expect(total).toBeGreaterThan(0);
    expect(agree / total).toBeGreaterThan(0.95);
  });
});

// ---- placement: every normal object against a Direct3D row-vector reference (spec §5.4) -------------

describe.skipIf(!o3ds.length)('corpus object placement', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s: object worlds equal the D3D reference at rest and at three frames', async (_file, entry: CorpusEntry) => {
    const raw = readO3d(readCorpusFile(entry));
    const found = findCompanions(entry.file, listing);
    const chr = !raw.skeleton && found.skeleton ? readChr(readCorpusFile(found.skeleton, 'o3d')) : undefined;
    const scene = await parseO3dFile(entry.path);
    const clip = scene.animations.findIndex((a) => a.name === 'embedded');
    const motion = raw.skeleton?.motion;
    // Bone worlds: the animated embedded motion, else the embedded base TMs, else the .chr TMs.
    const boneWorlds = (frame: number | undefined): RowMat[] => {
      if (motion && frame !== undefined) {
        const worlds: RowMat[] = [];
        motion.tracks.forEach((t, i) => {
          const local = t.keys ? keyMatrix(t.keys, frame * 7) : Float64Array.from(t.matrix!);
          const parent = motion.bones[i].parentIndex;
          worlds.push(parent >= 0 ? rowMul(local, worlds[parent]) : local);
        });
        return worlds;
      }
      return (raw.skeleton?.baseTMs ?? chr?.bones.map((b) => b.tm) ?? []).map((m) => Float64Array.from(m));
    };
    const frames = raw.frameCount > 0 && clip >= 0 ? [undefined, 0, Math.floor(raw.frameCount / 2), raw.frameCount - 1] : [undefined];
    let checked = 0;
    for (const frame of frames) {
      const world = computeWorldMatrices(scene, frame === undefined ? undefined : sampleAnimation(scene, clip, frame / 30).locals);
      const bones = boneWorlds(frame);
      raw.groups.forEach((objects, g) => {
        const worlds: RowMat[] = [];
        objects.forEach((o, i) => {
          const animated = frame !== undefined && o.tmAnimation;
          const local = animated ? keyMatrix(o.tmAnimation!, frame * 7) : Float64Array.from(o.localTM);
          const parent = o.parentIndex === -1 ? undefined : o.parentType === 0 ? worlds[o.parentIndex] : bones[o.parentIndex];
          worlds.push(parent ? rowMul(local, parent) : local);
          if (o.type !== 0) return;
          const node = scene.nodes.findIndex((n) => new RegExp(` LOD${g} object ${i}( light)?$`).test(n.name));
          expect(node).toBeGreaterThanOrEqual(0);
          const ours = world.subarray(node * 16, node * 16 + 16);
          const ref = mirrored(worlds[i]);
          for (let k = 0; k < 16; k++) expect(Math.abs(ours[k] - ref[k])).toBeLessThan(1e-3 * Math.max(1, Math.abs(ref[k])));
          checked++;
        });
      });
    }
    if (raw.groups.flat().some((o) => o.type === 0)) expect(checked).toBeGreaterThan(0);
  });
});
