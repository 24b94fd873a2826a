// Scene nodes share one hidden class (V8 map) across parses and formats (issue 25). Each format hands
// addNode its own mix of fields; a spread of them gave every node a map of its own once the site had
// seen five shapes, so every parse met code that reads nodes (writers, topologicalOrder, the glTF
// exporter) with maps it had never seen, and that code was deoptimised. V8's own %HaveSameMap checks it.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addNode, createScene, scrubNonFinite, type Scene } from '../src/index.js';

v8.setFlagsFromString('--allow-natives-syntax');
v8.setFlagsFromString('--expose-gc');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const fullGc = vm.runInNewContext('gc') as () => void;

/** A scene with the node shapes the five formats pass addNode (more than four, so a spread goes megamorphic), then filled in as readers do. */
function parseLike(format: string): Scene {
  const scene = createScene(format, 1);
  scene.name = 'model';
  const root = addNode(scene, { name: 'root' });
  const bone = addNode(scene, { name: 'Bip01', joint: true, translation: [0, 1, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1], extras: { boneId: 0 } }, root);
  addNode(scene, { name: 'hand', joint: true, rotation: [0, 0, 0, 1], extras: { shearOf: 1 } }, bone);
  addNode(scene, { name: 'light', light: 0, translation: [1, 2, 3] }, root);
  addNode(scene, { name: 'sheared', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], extras: { sheared: true } }, root);
  const lod = addNode(scene, { name: 'LOD0', extras: { viewDistance: 10 } }, root);
  const body = addNode(scene, { name: 'body', parent: -1, children: [] }, lod);
  scene.nodes[body].mesh = 0;
  scene.nodes[body].skin = 0;
  scene.nodes[lod].lods = [{ node: body }];
  scrubNonFinite(scene);
  return scene;
}

describe('scene nodes share one map across parses and formats', () => {
  it('every node of two parses of different formats, a full GC between them, has the map of the first parse’s root', () => {
    for (let warm = 0; warm < 3; warm++) parseLike('warm');
    const first = parseLike('o3d');
    fullGc();
    const second = parseLike('mdl');
    const nodes = [...first.nodes, ...second.nodes];
    expect(nodes.length).toBe(14);
    expect(nodes.filter((node) => haveSameMap(node, first.nodes[0])).length).toBe(14);
    expect(haveSameMap(first, second)).toBe(true);
  });

  it('keeps what the reader gave: the same fields set, in the model’s order, the others undefined', () => {
    const [root, bone] = parseLike('ms3d').nodes;
    const set = (node: object) => Object.entries(node).filter(([, v]) => v !== undefined);
    expect(set(bone)).toEqual([
      ['name', 'Bip01'],
      ['parent', 0],
      ['children', [2]],
      ['translation', [0, 1, 0]],
      ['rotation', [0, 0, 0, 1]],
      ['scale', [1, 1, 1]],
      ['joint', true],
      ['extras', { boneId: 0 }],
    ]);
    expect(set(root)).toEqual([['name', 'root'], ['parent', -1], ['children', [1, 3, 4, 5]]]);
    expect(Object.keys(root)).toHaveLength(15);
  });
});
