// Skeleton and animation: bind pose, posed rigs, key timing, Hermite positions, joint ordering.
import { computeWorldMatrices, sampleAnimation, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { writeMs3d, type WFile } from '@relic3d/fixtures/ms3d';
import { near, PI2, posed, S, valid } from './helpers.js';

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
