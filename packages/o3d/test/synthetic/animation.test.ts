// Synthetic O3D: object TM keys, the embedded skeleton and motion, frame attributes, and .chr/.ani reading.
import { describe, expect, it } from 'vitest';
import { parseSync as parseO3d, readAni, readChr, readO3d } from '../../src/index.js';
import { IDENTITY, quatZ, translationMatrix, writeAni, writeChr, writeO3d } from '@relic3d/fixtures/o3d';
import { tri, model, parsed } from './helpers.js';

describe('animation', () => {
  it('turns per-object TM keys into node channels at 30 frames per second', () => {
    const keys = [0, 1, 2].map((f) => [...quatZ(f * 0.1), f, 0, 1]);
    const scene = parsed(model({ frameCount: 3, groups: [[{ type: 0, tm: keys, geometry: tri() }]] }));
    expect(scene.animations.length).toBe(1);
    const clip = scene.animations[0];
    expect(clip.duration).toBeCloseTo(2 / 30);
    const t = clip.channels.find((c) => c.path === 'translation')!;
    const r = clip.channels.find((c) => c.path === 'rotation')!;
    expect(Array.from(t.times)).toEqual([0, 1 / 30, 2 / 30].map(Math.fround));
    expect(Array.from(t.values.subarray(6, 9))).toEqual([2, 0, -1]);
    // (x, y, z, w) → (−x, −y, z, w).
    const q = quatZ(0.2);
    expect(r.values[10]).toBeCloseTo(q[2]);
    expect(r.values[11]).toBeCloseTo(q[3]);
  });

  it('reads an embedded skeleton with its motion and skins with its inverse TMs', () => {
    const base = [translationMatrix(0, 0, 0), translationMatrix(0, 1, 0)];
    const inverse = [translationMatrix(0, 0, 0), translationMatrix(0, -1, 0)];
    const o3d = model({
      frameCount: 2,
      skeleton: {
        base,
        inverse,
        motion: [
          { name: 'Root', parent: -1, matrix: IDENTITY, inverse: translationMatrix(5, 5, 5) },
          { name: 'Tip', parent: 0, keys: [[0, 0, 0, 1, 0, 1, 0], [...quatZ(1), 0, 1, 0]], inverse: translationMatrix(5, 5, 5) },
        ],
      },
      groups: [[{ type: 1, geometry: tri({ vertices: tri().vertices.map((v) => ({ ...v, w: [1, 0], idx: [3, 0] })) }) }]],
    });
    const raw = readO3d(writeO3d(o3d));
    expect(raw.skeleton?.baseTMs.length).toBe(2);
    expect(raw.skeleton?.sendVS).toBe(1);
    expect(raw.skeleton?.motion?.tracks.map((t) => (t.keys ? 'keys' : 'matrix'))).toEqual(['matrix', 'keys']);
    const scene = parsed(o3d);
    expect(scene.animations.map((a) => a.name)).toEqual(['embedded']);
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(['Root', 'Tip']);
    expect(Array.from(scene.skins[0].inverseBindMatrices.subarray(28, 31))).toEqual([0, -1, 0]);
  });

  it('reads the optional trailing frame attributes (v21) and tolerates their absence', () => {
    const attributes = [{ flags: 1, soundId: 7, frame: 0 }, { flags: 0, soundId: 0, frame: 1 }];
    const withAttrs = readO3d(writeO3d(model({ version: 21, frameCount: 2, attributes })));
    expect(withAttrs.attributes).toEqual(attributes);
    expect(readO3d(writeO3d(model({ version: 21, frameCount: 2 }))).attributes).toBeUndefined();
    const mismatch = readO3d(writeO3d(model({ version: 21, frameCount: 2, attributeCount: 5 })));
    expect(mismatch.attributes).toBeUndefined();
    expect(mismatch.attributeCount).toBe(5);
    const scene = parseO3d(writeO3d(model({ version: 21, frameCount: 2, attributes })));
    expect(scene.extras.attributes).toEqual([{ index: 0, frame: 0, flags: 1, soundId: 7 }]);
  });
});

describe('.chr and .ani', () => {
  it('reads chr versions 4–7 with events as two arrays', () => {
    const bones = [{ name: 'Bip01', tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: -1 }];
    expect(readChr(writeChr({ version: 4, bones })).events).toEqual([]);
    const v5 = readChr(writeChr({ version: 5, bones, events: [[1, 2, 3]], eventParents: [0, 0, 0, 0] }));
    expect(v5.events.length).toBe(4);
    expect(v5.events[0]).toEqual([1, 2, 3]);
    expect(v5.localLH).toBeUndefined();
    const v6 = readChr(writeChr({ version: 6, bones, eventParents: [0, 0, 0, 0, 0, 0, 0, 0] }));
    expect(v6.events.length).toBe(8);
    const v7 = readChr(writeChr({ version: 7, bones, leftHand: translationMatrix(1, 2, 3) }));
    expect(Array.from(v7.localLH!.subarray(12, 15))).toEqual([1, 2, 3]);
    expect(v7.bones[0].name).toBe('Bip01');
    expect(() => readChr(writeChr({ version: 3, bones }))).toThrow(/version 3/);
  });

  it('reads ani paths, frame attributes and events', () => {
    const ani = readAni(
      writeAni({
        frameCount: 2,
        path: [[0, 0, 0], [0, 0, 1]],
        bones: [{ name: 'Bip01', parent: -1, keys: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0, 1]] }],
        attributes: [{ flags: 0, soundId: 0, frame: 0 }, { flags: 1, soundId: 3, frame: 1 }],
        events: [[1, 1, 1]],
      }),
    );
    expect(Array.from(ani.path!)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(ani.attributes[1]).toEqual({ flags: 1, soundId: 3, frame: 1 });
    expect(ani.events).toEqual([[1, 1, 1]]);
    expect(ani.motion.poolSize).toBe(2);
    expect(() => readAni(writeAni({ version: 9, frameCount: 1, bones: [] }))).toThrow(/version 9/);
  });
});
