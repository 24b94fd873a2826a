import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { addNode, createScene, validateScene, type Scene } from '@relic3d/core';
import { toThree } from '../src/index.js';
import { MAX_DEPTH, nodeDepths } from '../src/hierarchy.js';

/**
 * A chain of `depth` nodes: each turns `turn` radians about +Y and steps `step` along its parent's
 * +X, so the baked transforms compound. The last node holds a one-triangle mesh.
 */
function chainScene(depth: number, turn: number, step: number): Scene {
  const scene = createScene('test');
  const q = [0, Math.sin(turn / 2), 0, Math.cos(turn / 2)] as [number, number, number, number];
  let parent = -1;
  for (let i = 0; i < depth; i++) {
    parent = addNode(scene, { name: `link${i}`, translation: [step, 0, 0], rotation: q, ...(i === depth - 1 ? { mesh: 0 } : {}) }, parent);
  }
  scene.meshes.push({ name: 'tip', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 0.1, 0, 0, 0, 0.1, 0]) } }] });
  scene.animations.push({
    name: 'wiggle',
    duration: 1,
    channels: [5, depth - 1].map((node) => ({
      node, path: 'translation' as const, interpolation: 'LINEAR' as const, times: new Float32Array([0, 1]), values: new Float32Array([step, 0, 0, step, 1, 0]),
    })),
  });
  return scene;
}

/** World position of chain node k, worked out in plain doubles: each link turns, then steps. */
function chainWorld(k: number, turn: number, step: number): number[] {
  // Node j's origin is its parent's origin + R((j) · turn) · (step, 0, 0): the parent's rotation is j turns.
  let x = 0, z = 0;
  for (let j = 0; j <= k; j++) {
    const angle = j * turn; // rotation of node j's parent frame
    x += step * Math.cos(angle);
    z -= step * Math.sin(angle); // +Y rotation takes +X towards −Z
  }
  return [x, 0, z];
}

function maxThreeDepth(root: THREE.Object3D): number {
  let deepest = 0;
  const stack: [THREE.Object3D, number][] = [[root, 0]];
  while (stack.length) {
    const [o, d] = stack.pop()!;
    deepest = Math.max(deepest, d);
    for (const c of o.children) stack.push([c, d + 1]);
  }
  return deepest;
}

describe('toThree: deep hierarchies', () => {
  it('builds a 20,000-deep chain that three can update, traverse and place', () => {
    const turn = 0.0007, step = 0.01;
    const scene = chainScene(20_000, turn, step);
    expect(validateScene(scene)).toEqual([]);
    const result = toThree(scene);
    // three's recursive walks would overflow on 20,000 levels.
    expect(maxThreeDepth(result.root)).toBeLessThanOrEqual(MAX_DEPTH + 2);
    result.root.updateMatrixWorld(true);
    let count = 0;
    result.root.traverse(() => count++);
    expect(count).toBe(1 + 20_000 + 1); // group, nodes, the mesh
    for (const k of [0, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, 12_345, 19_999]) {
      const p = new THREE.Vector3().setFromMatrixPosition(result.nodes[k].matrixWorld).toArray();
      const expected = chainWorld(k, turn, step);
      p.forEach((v, a) => expect(v, `node ${k} axis ${a}`).toBeCloseTo(expected[a], 3));
    }
    // The mesh sits on the last node, wherever the baked transforms put it.
    const tip = new THREE.Box3().setFromObject(result.meshes[0]);
    expect(tip.min.x).toBeCloseTo(chainWorld(19_999, turn, step)[0], 2);
    const codes = result.warnings.map((w) => w.code);
    expect(codes.filter((c) => c === 'THREE_DEEP_HIERARCHY')).toHaveLength(2);
    expect(result.warnings[0].message).toContain(`${20_000 - MAX_DEPTH} nodes lie deeper than ${MAX_DEPTH} levels`);
    // The channel on node 5 is kept; the one on the flattened last node is dropped.
    expect(result.clips[0].tracks.map((t) => t.name)).toEqual(['link5.position']);
    const mixer = new THREE.AnimationMixer(result.root);
    mixer.clipAction(result.clips[0]).play();
    mixer.update(0.5);
    result.root.updateMatrixWorld(true);
    expect(result.nodes[6].matrixWorld.elements[13]).toBeCloseTo(0.5, 5);
    result.dispose();
  });

  it('keeps a chain of MAX_DEPTH levels as it is, with no warning', () => {
    const scene = chainScene(MAX_DEPTH, 0.001, 0.01);
    const result = toThree(scene);
    expect(result.warnings).toEqual([]);
    expect(result.nodes[MAX_DEPTH - 1].parent).toBe(result.nodes[MAX_DEPTH - 2]);
    expect(result.clips[0].tracks).toHaveLength(2);
  });

  it('measures depth by parent links, and marks parent cycles', () => {
    const scene = createScene('test');
    const a = addNode(scene, { name: 'a' });
    const b = addNode(scene, { name: 'b' }, a);
    addNode(scene, { name: 'c' }, b);
    const x = addNode(scene, { name: 'x' });
    const y = addNode(scene, { name: 'y' }, x);
    const z = addNode(scene, { name: 'z' }, y);
    scene.nodes[x].parent = z; // x → z → y → x
    addNode(scene, { name: 'below' }, z);
    expect(Array.from(nodeDepths(scene))).toEqual([0, 1, 2, -1, -1, -1, -1]);
    const result = toThree(scene);
    expect(result.warnings.map((w) => w.code)).toEqual(['THREE_PARENT_CYCLE']);
    result.root.updateMatrixWorld(true); // no infinite recursion
    expect(result.nodes[x].parent).toBe(result.root);
  });
});
