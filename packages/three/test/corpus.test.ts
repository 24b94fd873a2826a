import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { computeBounds, validateScene } from '@relic3d/core';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { parseSync as parseMs3dSync } from '@relic3d/ms3d';
import { sceneStats, toThree } from '../src/index.js';

const files = corpusFiles('ms3d', '.ms3d');

function skinnedBox(meshes: THREE.Object3D[]): THREE.Box3 {
  const box = new THREE.Box3();
  const v = new THREE.Vector3();
  for (const object of meshes) {
    const mesh = object as THREE.Mesh;
    const count = mesh.geometry.getAttribute('position').count;
    for (let i = 0; i < count; i++) {
      mesh.getVertexPosition(i, v);
      box.expandByPoint(v.applyMatrix4(mesh.matrixWorld));
    }
  }
  return box;
}

describe('ms3d corpus through toThree', () => {
  it('finds the corpus', () => expect(files.length).toBeGreaterThan(5));

  it.each(files.map((f) => [f.file, f] as const))('%s converts', (_name, file) => {
    const scene = parseMs3dSync(readCorpusFile(file));
    expect(validateScene(scene)).toEqual([]);
    const result = toThree(scene);
    expect(result.meshes.length).toBe(scene.nodes.reduce((n, node) => n + (node.mesh !== undefined ? scene.meshes[node.mesh].primitives.length : 0), 0));
    result.dispose();
  });

  it('Woman4 (MANIFEST: 31 joints, 3450 triangles, 2 materials) skins like core at several times', () => {
    const file = files.find((f) => /Woman4/.test(f.file))!;
    const scene = parseMs3dSync(readCorpusFile(file));
    expect(sceneStats(scene).triangles).toBe(3450);
    const result = toThree(scene);
    expect(result.skeletons).toHaveLength(1);
    expect(result.skeletons[0].bones).toHaveLength(31);
    expect(result.materials.filter((m) => m.name !== 'default').length).toBe(2);
    expect(result.meshes.every((m) => m instanceof THREE.SkinnedMesh)).toBe(true);
    expect(result.clips.length).toBeGreaterThan(0);
    const clip = result.clips[0];
    expect(clip.tracks.length).toBeGreaterThan(31);
    const mixer = new THREE.AnimationMixer(result.root);
    const action = mixer.clipAction(clip);
    action.setLoop(THREE.LoopOnce, 1);
    action.clampWhenFinished = true;
    action.play();
    for (const time of [0, 1.5, clip.duration / 2]) {
      mixer.setTime(time);
      result.root.updateMatrixWorld(true);
      const box = skinnedBox(result.meshes);
      const core = computeBounds(scene, { animation: 0, time });
      for (let k = 0; k < 3; k++) {
        expect(box.min.getComponent(k)).toBeCloseTo(core.min[k], 2);
        expect(box.max.getComponent(k)).toBeCloseTo(core.max[k], 2);
      }
    }
  });
});
