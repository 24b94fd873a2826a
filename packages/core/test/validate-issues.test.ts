// validateScene builds a path and a message only for an issue (issue 25: a string per channel and
// per node was most of a skinned write's check); these are the exact issues, as before that change.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, validateScene, type Scene } from '../src/index.js';
import { validScene } from './fixtures.js';

/** A root with `count` children. */
function fan(count: number): Scene {
  const scene = createScene('test');
  const root = addNode(scene, { name: 'root' });
  for (let i = 0; i < count; i++) addNode(scene, { name: `c${i}` }, root);
  return scene;
}

describe('validateScene issues: code, path and message', () => {
  it.each([3, 40])('a LOD level and a parent link that are not children of a root with %i children (scan and set)', (count) => {
    const scene = fan(count);
    scene.nodes[0].lods = [{ node: 1 }, { node: count + 1 }];
    scene.nodes[0].children.pop();
    const last = count;
    expect(validateScene(scene)).toEqual([
      { code: 'LOD_LINK', path: 'nodes[0].lods[1]', message: `LOD node ${count + 1} is not a child of node 0` },
      { code: 'NODE_LINK', path: `nodes[${last}]`, message: `parent 0 does not list node ${last} as a child` },
    ]);
  });

  it('references, vectors, keys, weights and joints', () => {
    const scene = validScene();
    scene.nodes[0].children.push(7);
    scene.nodes[2].camera = 1.5;
    scene.nodes[1].rotation = [0, 0, NaN, 1];
    scene.animations[0].channels[0].times = new Float32Array([0, 0.5, 0.25]);
    const prim = scene.meshes[0].primitives[0];
    prim.attributes.WEIGHTS_0![4] = 0.25;
    prim.attributes.JOINTS_0![1] = 9; // weight 0: not used
    prim.attributes.JOINTS_0![8] = 2;
    expect(validateScene(scene).map(({ code, path, message }) => `${code} ${path}: ${message}`)).toEqual([
      'BAD_REFERENCE nodes[0].children[2]: child 7 is not in 0..3',
      'NOT_FINITE nodes[1].rotation: rotation must be 4 finite numbers',
      'BAD_REFERENCE nodes[2].camera: camera 1.5 is not in 0..-1',
      'WEIGHT_SUM meshes[0].primitives[0].attributes.WEIGHTS_0: vertex 1 weights sum to 0.25',
      'JOINT_RANGE meshes[0].primitives[0].attributes.JOINTS_0: vertex 2 uses joint 2, skin has 2',
      'KEY_ORDER animations[0].channels[0].times: key 2 at 0.25 does not follow 0.5',
      'KEY_VALUES animations[0].channels[0].values: 8 values for 3 keys of 4 × 1',
    ]);
  });
});
