// Shared helpers of the shear tests: matrix builders, a box mesh, channels, world-vertex comparison against the scene, a checked export.
import { expect } from 'vitest';
import {
  computeSkinMatrices,
  computeWorldMatrices,
  localMatrix,
  math,
  sampleAnimation,
  validateScene,
  type AnimationChannel,
  type Mesh,
  type Scene,
  type Warning,
} from '@relic3d/core';
import { toGlb } from '../src/index.js';
import { mul, normalTransform, parseGlb, worldMatrices, worldVertices, type Gltf } from './gltf-json.js';
import { describeIssues, validateGltf } from './validate.js';

export type M4 = number[];

export const axisAngle = (axis: number[], angle: number) => math.quatFromAxisAngle(axis, angle);
export const trs = (t: number[], r: number[], s: number[]): M4 => Array.from(math.fromTRS(t, r, s, new Float64Array(16)));
/** x' = x + a·y + b·z, y' = y + c·z: a shear no T·R·S can give. */
export const shear = (a: number, b: number, c: number): M4 => [1, 0, 0, 0, a, 1, 0, 0, b, c, 1, 0, 0, 0, 0, 1];
export const product = (...ms: M4[]): M4 => ms.reduce((a, b) => mul(a, b));

/** A box (8 corners, 12 triangles) with corner normals, tangents and one morph target. */
export function box(name: string, skinned = false): Mesh {
  const positions: number[] = [], normals: number[] = [], tangents: number[] = [], deltas: number[] = [];
  const joints: number[] = [], weights: number[] = [];
  for (let k = 0; k < 8; k++) {
    const x = k & 1 ? 1 : -1, y = k & 2 ? 0.5 : -0.5, z = k & 4 ? 0.75 : -0.25;
    positions.push(x, y, z);
    const l = Math.hypot(x, y, z);
    normals.push(x / l, y / l, z / l);
    tangents.push(1, 0, 0, k & 1 ? 1 : -1);
    deltas.push(0.1 * k, -0.05 * k, 0.02);
    // Weights over the four joints of the skin scene, different per corner.
    joints.push(0, 1, 2, 3);
    const w = [1 + (k & 1), 1 + ((k >> 1) & 1) * 2, 0.5 + (k >> 2), 0.25 * (k % 3)];
    const sum = w.reduce((a, b) => a + b);
    weights.push(...w.map((x) => x / sum));
  }
  const indices = new Uint16Array([0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3]);
  return {
    name,
    primitives: [
      {
        attributes: {
          POSITION: new Float32Array(positions),
          NORMAL: new Float32Array(normals),
          TANGENT: new Float32Array(tangents),
          ...(skinned ? { JOINTS_0: new Uint16Array(joints), WEIGHTS_0: new Float32Array(weights) } : {}),
        },
        indices,
        targets: [{ name: 'stretch', POSITION: new Float32Array(deltas) }],
      },
    ],
    weights: [0.5],
  };
}

export const channel = (node: number, path: AnimationChannel['path'], times: number[], values: number[], interpolation: AnimationChannel['interpolation'] = 'LINEAR'): AnimationChannel => ({
  node,
  path,
  times: new Float32Array(times),
  values: new Float32Array(values),
  interpolation,
});

/**
 * The scene's world vertices (and unit normals) per node and primitive, from @relic3d/core's
 * world and skin matrices. `remainders` multiplies a node's posed local on the right (what the
 * glTF keeps of an animated sheared matrix while a clip plays).
 */
function sceneVertices(scene: Scene, clip?: number, time = 0, remainders = new Map<number, M4>()) {
  const pose = clip !== undefined ? sampleAnimation(scene, clip, time) : undefined;
  const locals = new Float32Array(scene.nodes.length * 16);
  scene.nodes.forEach((node, i) => {
    const local = pose ? Array.from(pose.locals.subarray(i * 16, i * 16 + 16)) : Array.from(localMatrix(node));
    const x = remainders.get(i);
    locals.set(x ? mul(local, x) : local, i * 16);
  });
  const world = computeWorldMatrices(scene, locals);
  return scene.nodes.map((node, i) => {
    if (node.mesh === undefined) return [];
    const mesh = scene.meshes[node.mesh];
    const weights = pose?.weights.get(i) ?? node.weights ?? mesh.weights ?? [];
    const skin = node.skin !== undefined ? computeSkinMatrices(scene, node.skin, world) : undefined;
    return mesh.primitives.map((prim) => {
      const p = Array.from(prim.attributes.POSITION);
      prim.targets?.forEach((t, k) => t.POSITION?.forEach((d, c) => (p[c] += (weights[k] ?? 0) * d)));
      const positions: number[] = [], normals: number[] = [];
      for (let v = 0; v < p.length / 3; v++) {
        let m: ArrayLike<number> = world.subarray(i * 16, i * 16 + 16);
        const { JOINTS_0: j, WEIGHTS_0: w } = prim.attributes;
        if (skin && j && w) {
          const blend = new Array<number>(16).fill(0);
          for (let k = 0; k < 4; k++) for (let c = 0; c < 16; c++) blend[c] += w[v * 4 + k] * skin[j[v * 4 + k] * 16 + c];
          m = blend;
        }
        for (let r = 0; r < 3; r++) positions.push(m[r] * p[v * 3] + m[4 + r] * p[v * 3 + 1] + m[8 + r] * p[v * 3 + 2] + m[12 + r]);
        const n = prim.attributes.NORMAL!;
        normals.push(...normalTransform(m, [n[v * 3], n[v * 3 + 1], n[v * 3 + 2]]));
      }
      return { positions, normals };
    });
  });
}

/** Every scene node draws, in the glTF node of the same index, the scene's world vertices (to 1e-6). */
export function expectSameVertices(gltf: Gltf, scene: Scene, what: string, clip?: number, time = 0, remainders?: Map<number, M4>) {
  const expected = sceneVertices(scene, clip, time, remainders);
  const world = worldMatrices(gltf, clip, time);
  let compared = 0;
  expected.forEach((prims, i) => {
    const got = worldVertices(gltf, world, i);
    expect(got.length, `${what}: node ${i} primitives`).toBe(prims.length);
    prims.forEach((prim, p) => {
      let worst = 0, worstNormal = 0;
      prim.positions.forEach((x, k) => (worst = Math.max(worst, Math.abs(x - got[p].positions[k]))));
      prim.normals.forEach((x, k) => (worstNormal = Math.max(worstNormal, Math.abs(x - got[p].normals![k]))));
      expect(worst, `${what}: node ${i} '${scene.nodes[i].name}' positions`).toBeLessThan(1e-6);
      expect(worstNormal, `${what}: node ${i} '${scene.nodes[i].name}' normals`).toBeLessThan(1e-6);
      compared += prim.positions.length / 3;
    });
  });
  expect(compared).toBeGreaterThan(0);
}

/** toGlb, validated (no warnings but `allowed` ones) and exported twice to the same bytes. */
export async function exportChecked(scene: Scene, allowed: string[] = []) {
  expect(validateScene(scene)).toEqual([]);
  const warnings: Warning[] = [];
  const glb = await toGlb(scene, { onWarning: (w) => warnings.push(w) });
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
  const issues = report.warnings.filter((w) => !allowed.includes(w.code));
  expect(issues, describeIssues(issues)).toEqual([]);
  // Buffer.compare: vitest's toEqual walks bytes one by one (about 4 µs each, seconds per model; issue #30).
  expect(Buffer.compare(await toGlb(scene), glb), 'byte-identical across runs').toBe(0);
  return { glb, gltf: parseGlb(glb), warnings };
}

export const codes = (warnings: Warning[], code: string) => warnings.filter((w) => w.code === code).map((w) => w.message);
