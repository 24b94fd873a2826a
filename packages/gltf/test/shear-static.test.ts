// Sheared static nodes: exact world vertices in .glb, .gltf and the Document; camera-only and near-T·R·S matrices.
import { describe, expect, it } from 'vitest';
import { NodeIO } from '@gltf-transform/core';
import { addNode, computeBounds, computeWorldMatrices, createScene, math, type Scene, type Warning } from '@relic3d/core';
import { gltfExtensions, toDocument, toGlb, toGltf } from '../src/index.js';
import { fromGltf, parseGlb } from './gltf-json.js';
import { axisAngle, trs, shear, product, box, channel, expectSameVertices, exportChecked, codes } from './shear-helpers.js';

const io = new NodeIO().registerExtensions(gltfExtensions);

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
