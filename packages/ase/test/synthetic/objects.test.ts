// Other objects: lights, shapes, helpers, and skins from *MESH_WEIGHTS.
import { computeBounds, computeSkinMatrices, computeWorldMatrices, skinVerticesReference } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { aseFile, cube, geom, helper, IDENTITY_ROWS, light, shape, type MeshSpec, type V3 } from '@relic3d/fixtures/ase';
import { load, rotZ, worldBox, expectBox } from './helpers.js';

describe('other objects', () => {
  it('lights: Omni → point, Target/Free → spot with half-angle cones, Directional; target light gets its target node', () => {
    const rows = rotZ(0, [0, 0, 10]);
    const s = load(aseFile([
      light('Omni01', 'Omni', rows, undefined, { color: [1, 0.5, 0.25], intensity: 2, attenuation: [10, 80] }),
      light('Spot01', 'Target', rows, IDENTITY_ROWS, { hotspot: 40, falloff: 60 }),
      light('Sun01', 'Directional', rows, undefined, {}),
      light('Free01', 'Free', rows, undefined, { hotspot: 20, falloff: 30 }),
    ]));
    expect(s.lights.map((l) => l.type)).toEqual(['point', 'spot', 'directional', 'spot']);
    expect(s.lights[0].color).toEqual([1, 0.5, 0.25]);
    expect(s.lights[0].intensity).toBe(2);
    expect(s.lights[0].range).toBe(80); // *LIGHT_ATTNEND
    expect(s.lights[1].range).toBeUndefined(); // no attenuation written
    expect(s.lights[1].outerConeAngle).toBeCloseTo((30 * Math.PI) / 180, 6);
    expect(s.lights[1].innerConeAngle).toBeCloseTo((20 * Math.PI) / 180, 6);
    expect(s.nodes.some((n) => n.name === 'Spot01.Target')).toBe(true);
  });

  it('*SHAPEOBJECT splines become LINE_STRIP / LINE_LOOP primitives at their world positions', () => {
    const rows = rotZ(30, [1, 2, 3]);
    const open: V3[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0]];
    const closed: V3[] = [[5, 5, 5], [6, 5, 5], [6, 6, 5], [5, 6, 5]];
    const s = load(aseFile([shape('Spline', rows, [{ closed: false, points: open }, { closed: true, points: closed }])]));
    const prims = s.meshes[0].primitives;
    expect(prims.map((p) => p.mode)).toEqual(['LINE_STRIP', 'LINE_LOOP']);
    expectBox(computeBounds(s), worldBox([...open, ...closed]));
    expect(s.nodes[0].extras?.kind).toBe('shape');
  });

  it('*HELPEROBJECT nodes keep their class and box; *NODE_VISIBILITY_TRACK goes to extras', () => {
    const s = load(aseFile([helper('Dummy01', rotZ(0, [1, 2, 3]), { tail: ['*NODE_VISIBILITY_TRACK {', '*CONTROL_FLOAT_SAMPLE 0 1.0000', '*CONTROL_FLOAT_SAMPLE 160 0.0000', '}'] })]));
    const n = s.nodes[0];
    expect(n.extras?.helperClass).toBe('Dummy');
    expect(n.extras?.boundingBox).toEqual({ min: [-1, -1, -1], max: [1, 1, 1] });
    expect((n.extras?.visibilityTrack as Record<string, unknown>).CONTROL_FLOAT_SAMPLE).toEqual([[0, 1], [160, 0]]);
  });

  it('*MESH_WEIGHTS become a skin: joints from bone names, weights normalised, rest pose unchanged', () => {
    const m: MeshSpec = {
      ...cube([0, 0, 1]),
      weights: {
        bones: ['Bone0', 'Bone1'],
        vertices: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => ({ index, pairs: index < 4 ? [[0, 1]] : [[0, 0.25], [1, 0.75]] })),
      },
    };
    const s = load(aseFile([helper('Bone0', rotZ(0, [0, 0, 0])), helper('Bone1', rotZ(90, [0, 0, 2]), { parent: 'Bone0' }), geom('Skin', m, { rows: rotZ(0, [0, 0, 1]) })]));
    const skin = s.skins[0];
    expect(skin.joints.map((j) => s.nodes[j].name)).toEqual(['Bone0', 'Bone1']);
    const node = s.nodes.findIndex((n) => n.name === 'Skin');
    expect(s.nodes[node].skin).toBe(0);
    const p = s.meshes[0].primitives[0];
    const { JOINTS_0, WEIGHTS_0, POSITION } = p.attributes;
    expect(JOINTS_0!.length).toBe(POSITION.length / 3 * 4);
    const world = computeWorldMatrices(s);
    const out = new Float32Array(POSITION.length);
    skinVerticesReference(POSITION, JOINTS_0!, WEIGHTS_0!, computeSkinMatrices(s, 0, world), out);
    const worldPoints: number[][] = [];
    for (let v = 0; v < out.length; v += 3) worldPoints.push([out[v], out[v + 1], out[v + 2]]);
    const box = { min: [0, 1, 2].map((k) => Math.min(...worldPoints.map((q) => q[k]))), max: [0, 1, 2].map((k) => Math.max(...worldPoints.map((q) => q[k]))) };
    expectBox(box, worldBox(m.vertices));
    const upper = [...Array(POSITION.length / 3).keys()].find((v) => POSITION[v * 3 + 1] > 0)!;
    expect(Array.from(WEIGHTS_0!.subarray(upper * 4, upper * 4 + 2))).toEqual([0.75, 0.25]);
  });
});
