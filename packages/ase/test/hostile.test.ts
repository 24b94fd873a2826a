import { WARNINGS_PER_CODE, isWarningSummary, validateScene, type Scene } from '@relic3d/core';
import { expectWithinBudget } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FLOOR, SAMPLES_PER_INPUT_BYTE } from '../src/scene/time.js';
import { parseSync } from '../src/index.js';
import { IDENTITY_ROWS, aseFile, camera, cube, enc, geom, material, tmAnimation, type Rows } from '@relic3d/fixtures/ase';

const parse = (b: Uint8Array) => parseSync(b);

describe('hostile input stays within the budget (time ≤ 2 s + 50 ms/MB, memory ≤ 8 × size + 64 MB)', () => {
  it("200,000 stray '}': warnings capped per code with a count of the rest, no RangeError", async () => {
    const bytes = enc(aseFile([geom('Box', cube())]) + '}\n'.repeat(200_000));
    const m = await expectWithinBudget(parse, bytes, "200k stray '}'");
    const scene = m.result as Scene;
    expect(validateScene(scene)).toEqual([]);
    expect(scene.meshes).toHaveLength(1);
    const stray = scene.warnings.filter((w) => w.code === 'ASE_STRAY_BRACE');
    expect(stray).toHaveLength(WARNINGS_PER_CODE + 1);
    expect(stray.filter(isWarningSummary).map((w) => w.dropped)).toEqual([200_000 - WARNINGS_PER_CODE]);
  });

  it("a 60 MB run of '}' (the long fuzz run's input, shrunk): counted in runs past the cap, within the budget", async () => {
    const run = 60 * 1048576;
    const head = enc(aseFile([geom('Box', cube())]));
    const bytes = new Uint8Array(head.length + run);
    bytes.set(head);
    bytes.fill(0x7d, head.length);
    const m = await expectWithinBudget(parse, bytes, "60 MB of '}'");
    const scene = m.result as Scene;
    expect(scene.meshes).toHaveLength(1);
    const stray = scene.warnings.filter((w) => w.code === 'ASE_STRAY_BRACE');
    expect(stray).toHaveLength(WARNINGS_PER_CODE + 1);
    const summary = stray.find(isWarningSummary)!;
    expect(summary.dropped).toBe(run - WARNINGS_PER_CODE);
    expect(summary.message).toBe(`${run - WARNINGS_PER_CODE} more ASE_STRAY_BRACE warnings not listed (the first ${WARNINGS_PER_CODE} are)`);
    expect(JSON.parse(JSON.stringify(summary))).toMatchObject({ dropped: run - WARNINGS_PER_CODE, message: summary.message });
  });

  it('TCB rotation keys far apart (1.3 MB): sampled within the budget, through every key', async () => {
    // Keys 100 frames apart, each a 0.1 rad turn about Max Z with tension: the shape that took
    // 4–16 s and ~1 GB when every key became up to 100 samples held in plain arrays.
    const count = 14_500;
    const keys = Array.from({ length: count }, (_, k) => `*CONTROL_TCB_ROT_KEY ${k * 16000}\t0.0000\t0.0000\t1.0000\t0.1000\t0.2500\t0.0000\t0.0000\t0.0000\t0.0000`);
    // A target camera whose target moves: its look-at channel draws on what the TCB keys leave.
    const camRows: Rows = [[1, 0, 0], [0, 0, 1], [0, -1, 0], [0, -10, 0]];
    const aim = tmAnimation('Cam.Target', { CONTROL_POS_LINEAR: ['*CONTROL_POS_KEY 0 0 0 0', `*CONTROL_POS_KEY ${(count - 1) * 16000} 10 0 0`] });
    const text = aseFile([geom('Spin', cube(), { tail: [tmAnimation('Spin', { CONTROL_ROT_TCB: keys })] }), camera('Cam', camRows, IDENTITY_ROWS, {}, [aim])], { scene: { first: 0, last: (count - 1) * 100, fps: 30, tpf: 160 } });
    const bytes = enc(text);
    expect(bytes.length).toBeGreaterThan(1.2 * 1048576);
    const m = await expectWithinBudget(parse, bytes, 'TCB rotation keys');
    const scene = m.result as Scene;
    expect(validateScene(scene)).toEqual([]);
    const channel = scene.animations[0].channels[0];
    // The TCB keys took the whole sample budget: the look-at channel keeps only the key times
    // (else it would have up to 100 samples per key, here 200).
    const cam = scene.nodes.findIndex((n) => n.name === 'Cam');
    expect(scene.animations[0].channels.find((c) => c.node === cam && c.path === 'rotation')?.times.length).toBe(2);
    expect(channel.path).toBe('rotation');
    // Coarser than every frame here, and it says so.
    expect(channel.extras).toMatchObject({ approximate: true, sampledAtFrameRate: false });
    expect(scene.warnings.map((w) => w.code)).toEqual(['ASE_TCB_SAMPLING']);
    // Samples stay proportional to the input: the budget's floor plus one per 8 input bytes.
    expect(channel.times.length).toBeLessThanOrEqual(SAMPLE_FLOOR + bytes.length * SAMPLES_PER_INPUT_BYTE + count);
    expect(channel.times.length).toBeGreaterThanOrEqual(count);
    // Every key is a sample: key k sits at k × 100 frames / 30 fps and turns 0.1 × (k + 1) rad in all.
    for (const k of [0, 1, 5000, count - 1]) {
      const t = (k * 100) / 30;
      let i = 0;
      for (let j = 1; j < channel.times.length; j++) if (Math.abs(channel.times[j] - t) < Math.abs(channel.times[i] - t)) i = j;
      expect(Math.abs(channel.times[i] - t), `key ${k}`).toBeLessThan(0.01);
      const angle = 0.1 * (k + 1);
      // The ASE angle is for row vectors (−angle about Max Z), and Max Z is scene +Y.
      const q = channel.values.subarray(i * 4, i * 4 + 4);
      const w = Math.cos(angle / 2), y = -Math.sin(angle / 2);
      expect(Math.abs(Math.abs(q[3] * w + q[1] * y) - 1), `key ${k}`).toBeLessThan(1e-3);
    }
  });

  it('a 60,000-object *NODE_PARENT chain closed into a cycle: linear cycle detection (the open chain: memory.test.ts)', async () => {
    // Checking each link by walking up its chain was quadratic: 80,000 objects took 13.7 s, and
    // these 60,000 (the smallest objects there are, 57 bytes each) about 8 s.
    const count = 60_000;
    const objects = Array.from({ length: count }, (_, k) => `*HELPEROBJECT {\n*NODE_NAME "n${k}"\n*NODE_PARENT "n${k > 0 ? k - 1 : count - 1}"\n}`);
    const closed = (await expectWithinBudget(parse, enc(aseFile(objects)), 'a 60,000-long parent cycle')).result as Scene;
    // n0 → n59999 is made first; n59999 → n59998 would close the cycle and is refused.
    expect(closed.roots).toEqual([count - 1]);
    expect(closed.nodes[0].parent).toBe(count - 1);
    expect(closed.warnings.map((w) => w.code)).toEqual(['ASE_PARENT_CYCLE']);
  });
});

describe('non-finite material numbers (long fuzz run: *MATERIAL_SHINE -1.#IND00, MSVC\'s NaN)', () => {
  it('a NaN shine gives a finite roughness and a valid scene', () => {
    const text = aseFile([geom('Box', cube(), { materialRef: 0 })], { materials: [material(0, 'm')] }).replace('*MATERIAL_SHINE 0.2500', '*MATERIAL_SHINE -1.#IND00');
    expect(text).toContain('-1.#IND00');
    const scene = parseSync(enc(text));
    expect(scene.materials[0].roughnessFactor).toBe(1);
    expect(validateScene(scene)).toEqual([]);
  });
});
