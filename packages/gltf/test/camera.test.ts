import { describe, expect, it } from 'vitest';
import { addNode, createScene } from '@relic3d/core';
import { toGlb, toGltf } from '../src/index.js';
import { describeIssues, validateGltf } from './validate.js';

describe('cameras', () => {
  it('omits zfar for an infinite perspective projection', async () => {
    const scene = createScene('test');
    scene.cameras.push({ type: 'perspective', yfov: 0.8, znear: 0.1 });
    addNode(scene, { name: 'camera', camera: 0 });
    const { json } = await toGltf(scene);
    const perspective = (json as { cameras: { perspective: Record<string, number> }[] }).cameras[0].perspective;
    expect(perspective).toEqual({ znear: 0.1, yfov: 0.8 });
    const { errors } = await validateGltf(await toGlb(scene));
    expect(errors, describeIssues(errors)).toEqual([]);
  });
});
