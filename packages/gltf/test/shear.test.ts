import { describe, expect, it } from 'vitest';
import { NodeIO } from '@gltf-transform/core';
import {
  addNode,
  computeBounds,
  computeSkinMatrices,
  computeWorldMatrices,
  createScene,
  localMatrix,
  math,
  sampleAnimation,
  validateScene,
  type AnimationChannel,
  type Mesh,
  type Scene,
  type Warning,
} from '@relic3d/core';
import { o3dFormat } from '@relic3d/o3d';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { gltfExtensions, toDocument, toGlb, toGltf } from '../src/index.js';
import { fromGltf, mul, normalTransform, parseGlb, worldMatrices, worldVertices, type Gltf } from './gltf-json.js';
import { describeIssues, validateGltf } from './validate.js';

const io = new NodeIO().registerExtensions(gltfExtensions);
type M4 = number[];

const axisAngle = (axis: number[], angle: number) => math.quatFromAxisAngle(axis, angle);
const trs = (t: number[], r: number[], s: number[]): M4 => Array.from(math.fromTRS(t, r, s, new Float64Array(16)));
/** x' = x + a·y + b·z, y' = y + c·z: a shear no T·R·S can give. */
const shear = (a: number, b: number, c: number): M4 => [1, 0, 0, 0, a, 1, 0, 0, b, c, 1, 0, 0, 0, 0, 1];
const product = (...ms: M4[]): M4 => ms.reduce((a, b) => mul(a, b));

/** A box (8 corners, 12 triangles) with corner normals, tangents and one morph target. */
function box(name: string, skinned = false): Mesh {
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

const channel = (node: number, path: AnimationChannel['path'], times: number[], values: number[], interpolation: AnimationChannel['interpolation'] = 'LINEAR'): AnimationChannel => ({
  node,
  path,
  times: new Float32Array(times),
  values: new Float32Array(values),
  interpolation,
});

/** Static sheared nodes (one mirroring), their children (static, sheared, animated), a mesh shared with an unsheared node. */
function staticScene(): Scene {
  const scene = createScene('test');
  scene.meshes.push(box('box'), box('small'));
  const root = addNode(scene, { name: 'root', translation: [1, 2, 3], rotation: axisAngle([0, 1, 0], 0.4) });
  const matrix = product(trs([0.5, -1, 2], axisAngle([1, 2, 3], 0.7), [1, 1, 1]), shear(0.6, -0.3, 0.25), trs([0, 0, 0], [0, 0, 0, 1], [1.5, 0.8, 1.2]));
  const s = addNode(scene, { name: 'sheared', matrix, mesh: 0, weights: [0.25] }, root);
  addNode(scene, { name: 'child TRS', translation: [0, 1, 0], rotation: axisAngle([0, 0, 1], 0.3), scale: [1, 2, 1], mesh: 1 }, s);
  addNode(scene, { name: 'child sheared', matrix: product(trs([1, 0, -1], axisAngle([1, 0, 0], -0.5), [1, 1, 1]), shear(-0.4, 0.2, 0.5)), mesh: 1 }, s);
  const c3 = addNode(scene, { name: 'child animated', translation: [0.3, 0, 0], mesh: 1 }, s);
  const c4 = addNode(scene, { name: 'child cubic', translation: [0, 0, 1] }, s);
  addNode(scene, { name: 'grandchild', translation: [0.2, 0.2, 0], rotation: axisAngle([1, 1, 0], 1.1), mesh: 1 }, c4);
  addNode(scene, { name: 'unsheared user of box', translation: [-3, 0, 0], mesh: 0 });
  addNode(scene, { name: 'mirrored sheared', matrix: product(trs([0, -2, 0], axisAngle([0, 0, 1], 1.2), [-1, 1, 1]), shear(0.3, 0, -0.7)), mesh: 1 });
  const q0 = axisAngle([0, 1, 0], 0), q1 = axisAngle([0, 1, 0], 2.5), q2 = axisAngle([1, 0, 1], -1.4);
  const qc = axisAngle([0, 0, 1], 0.9);
  scene.animations.push({
    name: 'move',
    duration: 2,
    channels: [
      channel(c3, 'translation', [0, 1, 2], [0.3, 0, 0, 0.8, 1, -0.5, 0, 0.2, 1]),
      channel(c3, 'rotation', [0, 1, 2], [...q0, ...q1, ...q2]),
      channel(c3, 'scale', [0, 1], [1, 1, 1, 2, 0.5, 1], 'STEP'),
      // CUBICSPLINE: in-tangent, value, out-tangent per key.
      channel(c4, 'translation', [0, 2], [0, 0, 0, 0, 0, 1, 1, 0.5, 0, -1, 0, 0, 0, 2, 1, 0, 0, 0], 'CUBICSPLINE'),
      channel(c4, 'rotation', [0, 2], [0, 0, 0, 0, ...q0, 0.1, 0, 0, 0, 0, 0.2, 0, 0, ...qc, 0, 0, 0, 0], 'CUBICSPLINE'),
    ],
  });
  return scene;
}

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
function expectSameVertices(gltf: Gltf, scene: Scene, what: string, clip?: number, time = 0, remainders?: Map<number, M4>) {
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
async function exportChecked(scene: Scene, allowed: string[] = []) {
  expect(validateScene(scene)).toEqual([]);
  const warnings: Warning[] = [];
  const glb = await toGlb(scene, { onWarning: (w) => warnings.push(w) });
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
  const issues = report.warnings.filter((w) => !allowed.includes(w.code));
  expect(issues, describeIssues(issues)).toEqual([]);
  expect(await toGlb(scene), 'byte-identical across runs').toEqual(glb);
  return { glb, gltf: parseGlb(glb), warnings };
}

const codes = (warnings: Warning[], code: string) => warnings.filter((w) => w.code === code).map((w) => w.message);

describe('sheared static nodes are written exactly', () => {
  it('world vertices and normals equal the scene at rest and through a clip, in .glb, .gltf and the Document', async () => {
    const scene = staticScene();
    const { glb, gltf, warnings } = await exportChecked(scene);
    // Every glTF node is T·R·S (a node matrix must decompose to TRS, the validator checks).
    for (const node of gltf.json.nodes) expect(node.matrix).toBeUndefined();
    expectSameVertices(gltf, scene, 'rest');
    for (const time of [0, 0.3, 0.77, 1.5, 2]) expectSameVertices(gltf, scene, `move at ${time} s`, 0, time);
    expect(computeBounds(scene)).toBeTruthy();

    const split = codes(warnings, 'GLTF_MATRIX_SPLIT');
    expect(split).toHaveLength(3);
    expect(split[0]).toMatch(/^node 'sheared' has a sheared matrix .*baked into its mesh, its children; world transforms are exact$/);
    expect(codes(warnings, 'GLTF_MATRIX_NOT_TRS')).toEqual([]);

    // The box is shared with an unsheared node: that node keeps the scene's vertices, the sheared one a copy.
    const meshNames = gltf.json.meshes.map((m: { name: string }) => m.name);
    expect(meshNames).toContain('box');
    expect(meshNames).toContain('box (for sheared)');
    expect(gltf.json.meshes[gltf.json.nodes[7].mesh].name).toBe('box');

    // .gltf: the same JSON nodes and buffer.
    const { json, resources } = await toGltf(scene, { basename: 'shear' });
    expectSameVertices(fromGltf(json, resources), scene, '.gltf rest');
    expect(json.nodes).toEqual(gltf.json.nodes);

    // toDocument holds the exact result too: glTF-Transform's world matrices place the vertices.
    const doc = await toDocument(scene);
    const back = await io.readBinary(glb);
    for (const d of [doc, back]) {
      const nodes = d.getRoot().listNodes();
      const world = computeWorldMatrices(scene);
      scene.nodes.forEach((node, i) => {
        if (node.mesh === undefined) return;
        const m = nodes[i].getWorldMatrix();
        const positions = nodes[i].getMesh()!.listPrimitives()[0].getAttribute('POSITION')!;
        const scenePositions = scene.meshes[node.mesh].primitives[0].attributes.POSITION;
        for (let v = 0; v < positions.getCount(); v++) {
          const [x, y, z] = positions.getElement(v, [0, 0, 0]);
          const a = math.transformPoint(m, x, y, z);
          const b = math.transformPoint(world.subarray(i * 16, i * 16 + 16), scenePositions[v * 3], scenePositions[v * 3 + 1], scenePositions[v * 3 + 2]);
          for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c])).toBeLessThan(1e-6);
        }
      });
    }
  });

  it('a sheared node with a camera and nothing else: the warning says the camera follows the T·R·S part', async () => {
    const scene = createScene('test');
    scene.cameras.push({ type: 'perspective', yfov: 0.8, znear: 0.1, zfar: 100 });
    const node = addNode(scene, { name: 'eye', matrix: shear(0.5, 0, 0), camera: 0 });
    const warnings: Warning[] = [];
    await toGlb(scene, { onWarning: (w) => warnings.push(w) });
    expect(codes(warnings, 'GLTF_MATRIX_SPLIT')).toEqual([expect.stringMatching(/^node 'eye' has a sheared matrix \(.*% off T·R·S\), .* rotation; world transforms are exact; its camera follows the T·R·S part$/)]);
    expect(scene.nodes[node].matrix).toEqual(shear(0.5, 0, 0));
  });

  it('a matrix within 1e-4 of T·R·S is written as its decomposition, without a warning', async () => {
    const scene = createScene('test');
    scene.meshes.push(box('box'));
    addNode(scene, { name: 'almost', matrix: product(trs([1, 2, 3], axisAngle([0, 1, 0], 0.5), [2, 2, 2]), shear(2e-5, 0, 0)), mesh: 0 });
    const warnings: Warning[] = [];
    const gltf = parseGlb(await toGlb(scene, { onWarning: (w) => warnings.push(w) }));
    expect(warnings).toEqual([]);
    const d = math.decompose(scene.nodes[0].matrix!);
    expect(gltf.json.nodes[0].translation).toEqual(d.translation);
    expect(gltf.json.nodes[0].scale).toEqual(d.scale);
  });
});

/** An animated node with a sheared matrix, its static, animated and sheared children. */
function animatedScene(): Scene {
  const scene = createScene('test');
  scene.meshes.push(box('box'), box('small'));
  const root = addNode(scene, { name: 'root', translation: [0, 1, 0] });
  const a = addNode(scene, { name: 'animated sheared', matrix: product(trs([1, 0, 0], axisAngle([0, 1, 1], 0.6), [1, 1, 1]), shear(0.5, 0.1, -0.2), trs([0, 0, 0], [0, 0, 0, 1], [1.2, 1, 0.9])), mesh: 0 }, root);
  addNode(scene, { name: 'static child', translation: [0, 1, 0], rotation: axisAngle([1, 0, 0], 0.4), mesh: 1 }, a);
  const e = addNode(scene, { name: 'animated child', translation: [1, 0, 0], mesh: 1 }, a);
  addNode(scene, { name: 'sheared child', matrix: product(trs([0, 0, 1], [0, 0, 0, 1], [1, 1, 1]), shear(0, 0.4, 0.3)), mesh: 1 }, a);
  const d = math.decompose(scene.nodes[a].matrix!);
  scene.animations.push({
    name: 'turn',
    duration: 1,
    channels: [
      channel(a, 'rotation', [0, 1], [...d.rotation, ...math.quatMultiply(axisAngle([0, 0, 1], 1.3), d.rotation)]),
      channel(e, 'translation', [0, 1], [1, 0, 0, 0, 2, 0.5]),
    ],
  });
  return scene;
}

describe('an animated node with a sheared matrix keeps T·R·S; the remainder is baked', () => {
  it('the rest pose is exact; in a clip the remainder stays, as the warning says', async () => {
    const scene = animatedScene();
    const { gltf, warnings } = await exportChecked(scene);
    expectSameVertices(gltf, scene, 'rest');
    const messages = codes(warnings, 'GLTF_MATRIX_NOT_TRS');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^node 'animated sheared' is animated and has a sheared matrix .*the rest pose is exact.*up to ([\d.]+)% of their distance/);
    // The remainder X = (T·R·S)⁻¹ · M of the decomposition the clip starts from.
    const m = scene.nodes[1].matrix!;
    const d = math.decompose(m);
    const x = Array.from(math.multiply(math.invert(math.fromTRS(d.translation, d.rotation, d.scale, new Float64Array(16)), new Float64Array(16))!, m, new Float64Array(16)));
    for (const time of [0, 0.4, 1]) expectSameVertices(gltf, scene, `turn at ${time} s`, 0, time, new Map([[1, x]]));
    // The reported size: how far X moves a point, per unit of its distance (largest singular value of X − I).
    const reported = Number(/up to ([\d.]+)%/.exec(messages[0])![1]) / 100;
    let largest = 0;
    for (let k = 0; k < 2000; k++) {
      const dir = [Math.sin(k) * Math.cos(k * 0.37), Math.sin(k) * Math.sin(k * 0.37), Math.cos(k)];
      const moved = [0, 1, 2].map((r) => x[r] * dir[0] + x[4 + r] * dir[1] + x[8 + r] * dir[2] - dir[r]);
      largest = Math.max(largest, Math.hypot(...moved) / Math.hypot(...dir));
    }
    expect(reported).toBeGreaterThanOrEqual(largest * 0.999);
    expect(reported).toBeLessThan(largest * 1.01);
    // The animated child hangs under a remainder node; its channels turn with it.
    const names = gltf.json.nodes.map((n: { name: string }) => n.name);
    const remainder = names.indexOf('animated sheared (remainder)');
    expect(remainder).toBeGreaterThanOrEqual(scene.nodes.length);
    expect(gltf.json.nodes[remainder].children).toEqual([3]);
    expect(gltf.json.nodes[1].children).toEqual([2, remainder, 4]);
  });
});

/** A skeleton with a sheared static joint (a mesh on it too) and a sheared animated joint. */
function skinScene(): Scene {
  const scene = createScene('test');
  scene.meshes.push(box('body', true), box('prop'));
  const root = addNode(scene, { name: 'root', rotation: axisAngle([1, 0, 0], -0.3) });
  const j0 = addNode(scene, { name: 'J0', joint: true, translation: [0, 0.5, 0] }, root);
  const j1 = addNode(scene, { name: 'J1 sheared', joint: true, matrix: product(trs([0, 1, 0], axisAngle([0, 0, 1], 0.4), [1, 1, 1]), shear(0.45, -0.2, 0.3), trs([0, 0, 0], [0, 0, 0, 1], [1, 1.3, 0.8])), mesh: 1 }, j0);
  const j2 = addNode(scene, { name: 'J2', joint: true, translation: [0, 1, 0] }, j1);
  const j3 = addNode(scene, { name: 'J3 animated sheared', joint: true, matrix: product(trs([1, 0, 0], [0, 0, 0, 1], [1, 1, 1]), shear(0, 0.35, 0.2)) }, j0);
  const joints = [j0, j1, j2, j3];
  const world = computeWorldMatrices(scene);
  const ibm = new Float32Array(64);
  joints.forEach((j, k) => ibm.set(math.invert(world.subarray(j * 16, j * 16 + 16))!, k * 16));
  scene.skins.push({ name: 'skin', joints, inverseBindMatrices: ibm, skeleton: root });
  // At the root: glTF ignores a skinned node's own transform (the validator warns otherwise).
  addNode(scene, { name: 'skinned body', mesh: 0, skin: 0 });
  const d3 = math.decompose(scene.nodes[j3].matrix!);
  scene.animations.push({
    name: 'wave',
    duration: 1,
    channels: [
      channel(j2, 'rotation', [0, 1], [0, 0, 0, 1, ...axisAngle([1, 0, 0], 0.8)]),
      channel(j3, 'translation', [0, 1], [...d3.translation, 1, 0.5, 0]),
    ],
  });
  return scene;
}

describe('sheared joints', () => {
  it('skinned and rigid vertices equal the scene at rest; through a clip the static sheared joint stays exact', async () => {
    const scene = skinScene();
    const { gltf, warnings } = await exportChecked(scene);
    expectSameVertices(gltf, scene, 'rest');
    expect(codes(warnings, 'GLTF_MATRIX_SPLIT')).toEqual([expect.stringMatching(/^node 'J1 sheared' .*baked into its mesh, its children, its inverse bind matrices; world transforms are exact$/)]);
    expect(codes(warnings, 'GLTF_MATRIX_NOT_TRS')).toEqual([expect.stringMatching(/^node 'J3 animated sheared' is animated .*baked into its inverse bind matrices: the rest pose is exact/)]);
    const m = scene.nodes[4].matrix!;
    const d = math.decompose(m);
    const x = Array.from(math.multiply(math.invert(math.fromTRS(d.translation, d.rotation, d.scale, new Float64Array(16)), new Float64Array(16))!, m, new Float64Array(16)));
    for (const time of [0.25, 0.6, 1]) expectSameVertices(gltf, scene, `wave at ${time} s`, 0, time, new Map([[4, x]]));
    // The skin keeps its joints, in order.
    expect(gltf.json.skins[0].joints).toEqual([1, 2, 3, 4]);
  });
});

// Real skeletons whose .chr bone matrices are sheared (the MANIFEST: 14 and 53 bones, a stand motion each).
describe('corpus: the sheared skeletons of mvr_mushpang.chr and mvr_Scopicon.chr', () => {
  const corpus = corpusFiles('o3d', ['.o3d', '.chr', '.ani']);
  const cases: [model: string, bones: number][] = [
    ['mvr_mushpang', 14],
    ['mvr_Scopicon', 53],
  ];

  async function load(model: string): Promise<Scene> {
    const entry = corpus.find((e) => e.file === `${model}.o3d`)!;
    const read = (name: string) => {
      const hit = corpus.find((e) => e.file.toLowerCase() === name.replace(/\\/g, '/').split('/').pop()!.toLowerCase());
      return hit ? readCorpusFile(hit) : undefined;
    };
    return o3dFormat.parse(readCorpusFile(entry), { fileName: entry.file, resolve: read, motions: [`${model}_stand.ani`] } as Parameters<typeof o3dFormat.parse>[1]);
  }

  /** The world box of every mesh the glTF draws, from its JSON and binary data alone. */
  function jsonBounds(gltf: Gltf, clip?: number, time = 0) {
    const world = worldMatrices(gltf, clip, time);
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    gltf.json.nodes.forEach((_: unknown, i: number) => {
      for (const { positions } of worldVertices(gltf, world, i)) {
        for (let k = 0; k < positions.length; k++) {
          min[k % 3] = Math.min(min[k % 3], positions[k]);
          max[k % 3] = Math.max(max[k % 3], positions[k]);
        }
      }
    });
    return { min, max };
  }

  const expectSameBox = (a: { min: number[]; max: number[] }, b: { min: number[]; max: number[] }, what: string) => {
    for (let c = 0; c < 3; c++) {
      expect(Math.abs(a.min[c] - b.min[c]), `${what}: min[${c}]`).toBeLessThan(1e-6);
      expect(Math.abs(a.max[c] - b.max[c]), `${what}: max[${c}]`).toBeLessThan(1e-6);
    }
  };

  it.each(cases)('%s (%i bones) with its .chr and stand motion poses like computeBounds at 1/4, 1/2 and 3/4 of the clip', async (model, bones) => {
    if (!corpus.length) return;
    const scene = await load(model);
    expect(scene.skins[0].joints).toHaveLength(bones);
    // The one warning the corpus test allows too: the skinned mesh sits under the model's node.
    const { gltf } = await exportChecked(scene, ['NODE_SKINNED_MESH_NON_ROOT']);
    const clip = scene.animations.findIndex((a) => a.name === 'stand');
    expect(clip).toBeGreaterThanOrEqual(0);
    const last = Math.max(...scene.animations[clip].channels.map((ch) => ch.times[ch.times.length - 1]));
    expectSameBox(jsonBounds(gltf), computeBounds(scene), 'rest');
    for (const f of [0.25, 0.5, 0.75]) expectSameBox(jsonBounds(gltf, clip, f * last), computeBounds(scene, { animation: clip, time: f * last }), `stand at ${f * 100} %`);
  });

  it.each(cases)('%s (%i bones) at rest, each sheared bone matrix on its joint (no shear node): the scene exactly', async (model) => {
    if (!corpus.length) return;
    const scene = await load(model);
    scene.animations = [];
    let folded = 0;
    scene.nodes.forEach((node) => {
      if (node.extras?.shearOf === undefined) return;
      // The shear node and its joint multiply to the bone's sheared rest matrix.
      const [joint] = node.children;
      const child = scene.nodes[joint];
      child.matrix = mul(Array.from(localMatrix(node)), Array.from(localMatrix(child)));
      delete child.translation, delete child.rotation, delete child.scale;
      delete node.translation, delete node.rotation, delete node.scale;
      folded++;
    });
    expect(folded).toBeGreaterThan(0);
    const { gltf, warnings } = await exportChecked(scene, ['NODE_SKINNED_MESH_NON_ROOT']);
    expectSameBox(jsonBounds(gltf), computeBounds(scene), 'rest');
    expectSameVertices(gltf, scene, 'rest');
    expect(codes(warnings, 'GLTF_MATRIX_SPLIT')).toHaveLength(folded);
  });
});

describe('hostile matrices', () => {
  it('huge, tiny, singular and mirrored sheared matrices on static, animated and joint nodes still give a valid glTF', async () => {
    const matrices: M4[] = [
      [1e30, 0, 0, 0, 1e30, 1e30, 0, 0, 0, 0, 1e30, 0, 0, 0, 0, 1],
      [3e38, 1e38, 0, 0, 1e38, 3e38, 0, 0, 0, 0, 3e38, 0, 1, 2, 3, 1],
      [1e-30, 0, 0, 0, 1e-30, 1e-30, 0, 0, 0, 0, 1e-30, 0, 0, 0, 0, 1],
      [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], // rank 1
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
      [-1, 0, 0, 0, 0.9, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    ];
    for (const matrix of matrices) {
      const scene = createScene('test');
      scene.meshes.push(box('body', true), box('prop'));
      const j0 = addNode(scene, { name: 'J0', joint: true, matrix, mesh: 1 });
      const j1 = addNode(scene, { name: 'J1', joint: true, matrix }, j0);
      const a = addNode(scene, { name: 'animated', matrix, mesh: 1 }, j1);
      const c = addNode(scene, { name: 'animated child', mesh: 1 }, a);
      addNode(scene, { name: 'static child', matrix, mesh: 1 }, a);
      const j2 = addNode(scene, { name: 'J2', joint: true }, a);
      const j3 = addNode(scene, { name: 'J3', joint: true, matrix }, j2);
      // Bind matrices near the float32 limit: turned by a carry they may overflow.
      const ibm = new Float32Array(64).map((_, k) => (k % 16 === 15 ? 1 : k % 16 < 11 && k % 4 !== 3 ? 3e38 : 0));
      scene.skins.push({ name: 'skin', joints: [j0, j1, j2, j3], inverseBindMatrices: ibm });
      addNode(scene, { name: 'skinned', mesh: 0, skin: 0 });
      scene.animations.push({ name: 'a', duration: 1, channels: [channel(a, 'rotation', [0, 1], [0, 0, 0, 1, 0, 1, 0, 0]), channel(c, 'translation', [0, 1], [0, 0, 0, 1, 1, 1])] });
      const glb = await toGlb(scene, { onWarning: () => {} });
      const report = await validateGltf(glb);
      expect(report.errors, `${JSON.stringify(matrix)}: ${describeIssues(report.errors)}`).toEqual([]);
    }
  });
});
