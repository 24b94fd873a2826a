// Scrub once: with trustMarkedFinite (what writers pass) validateScene trusts the float arrays of a
// scene its reader marked FINITE_SCENE, keeping the structural checks; any other scene is scanned once.
import { describe, expect, it } from 'vitest';
import { markScrubbedFinite, validateScene, type Scene } from '../src/index.js';
import { validScene } from './fixtures.js';

const trusted = { trustMarkedFinite: true };
const finiteIssues = (scene: Scene, options = {}) => validateScene(scene, options).filter((i) => i.code === 'NOT_FINITE').map((i) => i.path);

/** Puts a NaN in a position, an inverse bind matrix and a key value. */
function poison(scene: Scene): Scene {
  scene.meshes[0].primitives[0].attributes.POSITION[4] = NaN;
  scene.skins[0].inverseBindMatrices[17] = Infinity;
  scene.animations[0].channels[0].values[5] = -Infinity;
  return scene;
}

/** Wraps a clip's key values so that every element read is counted. */
function countReads(scene: Scene): { reads: number } {
  const counter = { reads: 0 };
  const channel = scene.animations[0].channels[0];
  channel.values = new Proxy(channel.values, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) counter.reads++;
      return Reflect.get(target, key) as unknown;
    },
  });
  return counter;
}

describe('validateScene and FINITE_SCENE', () => {
  it('finds a NaN or an infinity in each array of an unmarked scene, trusted or not', () => {
    expect(finiteIssues(poison(validScene()), trusted)).toEqual([
      'skins[0].inverseBindMatrices',
      'meshes[0].primitives[0].attributes.POSITION',
      'animations[0].channels[0].values',
    ]);
    const issue = validateScene(poison(validScene())).find((i) => i.path.endsWith('POSITION'));
    expect(issue?.message).toBe('value 4 is NaN');
  });

  it('does not scan the arrays of a scene its reader marked finite, when trusted', () => {
    const scene = validScene();
    expect(markScrubbedFinite(scene)).toBe(true);
    poison(scene); // after the mark: the promise is broken on purpose, to show nothing looks
    expect(finiteIssues(scene, trusted)).toEqual([]);
    const counter = countReads(scene);
    validateScene(scene, trusted);
    expect(counter.reads).toBe(0);
  });

  it('reads every key value of an unmarked scene once', () => {
    const scene = validScene();
    const counter = countReads(scene);
    expect(validateScene(scene, trusted)).toEqual([]);
    expect(counter.reads).toBe(8);
  });

  it('keeps the structural checks of a marked scene', () => {
    const scene = validScene();
    markScrubbedFinite(scene);
    scene.meshes[0].primitives[0].indices = new Uint16Array([0, 1, 4]);
    scene.animations[0].channels[0].times = new Float32Array([1, 0]);
    scene.nodes[0].translation = [NaN, 0, 0];
    const codes = validateScene(scene, trusted).map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['INDEX_RANGE', 'KEY_ORDER', 'NOT_FINITE']));
  });

  it('scans a marked scene by default (tests and the fuzzer check the reader\'s promise)', () => {
    const scene = validScene();
    markScrubbedFinite(scene);
    expect(finiteIssues(poison(scene))).toHaveLength(3);
  });
});
