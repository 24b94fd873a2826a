// Skins as *MESH_WEIGHTS: bone names and per-vertex weights survive a round trip; the bind pose is
// the *NODE_TM pose.
import { addNode, computeBounds, createScene, math, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { close, codes, numbers, values, write } from './helpers.js';
import { skinnedScene } from './scenes.js';

/** Per drawn vertex (by position): its (joint name, weight) pairs above zero, sorted. */
function weightsByPosition(scene: Scene): Map<string, string> {
  const out = new Map<string, string>();
  scene.nodes.forEach((node) => {
    if (node.mesh === undefined || node.skin === undefined) return;
    const joints = scene.skins[node.skin].joints;
    for (const p of scene.meshes[node.mesh].primitives) {
      const { POSITION: P, JOINTS_0: J, WEIGHTS_0: W } = p.attributes;
      for (let v = 0; v < P.length / 3; v++) {
        const pairs: string[] = [];
        for (let k = 0; k < 4; k++) if (W![v * 4 + k] > 0) pairs.push(`${scene.nodes[joints[J![v * 4 + k]]].name}=${W![v * 4 + k].toFixed(3)}`);
        out.set([P[v * 3], P[v * 3 + 1], P[v * 3 + 2]].map((c) => c.toFixed(3)).join(), pairs.sort().join(' '));
      }
    }
  });
  return out;
}

describe('skins', () => {
  it('a skinned, animated chain round-trips: joints, hierarchy, weights, bind and posed bounds', () => {
    const scene = skinnedScene();
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_NAME_CHANGED']); // 'Bone "upper"' holds quotes
    expect(numbers(w.text, 'MESH_NUMBONE')).toEqual([[4]]);
    expect(values(w.text, 'MESH_BONE_NAME').map((v) => v.join(' '))).toEqual([`0 "Bone 'upper'"`, '1 "Bone lower"', '2 "Bone hand"', '3 "Bone tip"']);
    // Four (bone, weight) pairs per vertex.
    expect(numbers(w.text, 'MESH_BONE_VERTEX').every((v) => v.length === 1 + 3 + 8)).toBe(true);
    const renamed = structuredClone(scene);
    renamed.nodes[1].name = "Bone 'upper'";
    expect(compareSceneFacts(sceneFacts(renamed), sceneFacts(w.back))).toEqual([]);
    const a = weightsByPosition(renamed), b = weightsByPosition(w.back);
    expect(b.size).toBe(a.size);
    for (const [key, pairs] of a) expect(b.get(key), key).toBe(pairs);
  });

  it('fewer influences: only the weights above zero are written', () => {
    const w = write(skinnedScene(1));
    expect(numbers(w.text, 'MESH_BONE_VERTEX').every((v) => v.length === 1 + 3 + 2)).toBe(true);
    const renamed = skinnedScene(1);
    renamed.nodes[1].name = "Bone 'upper'";
    expect(compareSceneFacts(sceneFacts(renamed), sceneFacts(w.back))).toEqual([]);
  });

  it('a rest pose that is not the bind pose: vertices are bound where the rest pose puts them, warned', () => {
    const scene = skinnedScene();
    scene.nodes[scene.skins[0].joints[1]].rotation = math.quatFromAxisAngle([0, 0, 1], 0.5) as [number, number, number, number];
    const w = write(scene);
    expect(codes(w)).toContain('ASE_WRITE_SKIN_REST_POSE');
    const want = computeBounds(scene), got = computeBounds(w.back);
    close([...got.min, ...got.max], [...want.min, ...want.max], 2e-4);
  });

  it('200 joints in one skin (ASE has no limit)', () => {
    const scene = createScene('test');
    const joints: number[] = [];
    let parent = -1;
    for (let j = 0; j < 200; j++) joints.push((parent = addNode(scene, { name: `J${j}`, translation: [0, 0.1, 0], joint: true }, parent)));
    const n = 200;
    const position = new Float32Array(n * 3), jw = new Uint16Array(n * 4), ww = new Float32Array(n * 4);
    for (let v = 0; v < n; v++) {
      position.set([v % 2, v * 0.1, 0], v * 3);
      jw[v * 4] = v;
      ww[v * 4] = 1;
    }
    const indices = new Uint16Array((n - 2) * 3).map((_, i) => Math.floor(i / 3) + (i % 3));
    scene.meshes.push({ name: 'ribbon', primitives: [{ attributes: { POSITION: position, JOINTS_0: jw, WEIGHTS_0: ww }, indices }] });
    addNode(scene, { name: 'Ribbon', mesh: 0, skin: 0 });
    const ibm = new Float32Array(n * 16);
    for (let j = 0; j < n; j++) ibm.set(math.fromTRS([0, -0.1 * (j + 1), 0]), j * 16);
    scene.skins.push({ joints, inverseBindMatrices: ibm });
    const w = write(scene);
    expect(codes(w)).toEqual([]);
    expect(numbers(w.text, 'MESH_NUMBONE')).toEqual([[200]]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(w.back))).toEqual([]);
  });
});
