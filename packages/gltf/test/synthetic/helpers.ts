// Shared helpers for the synthetic glTF export tests: export + validate + reload, node lookup, close arrays.
import { expect } from 'vitest';
import { NodeIO, type Document, type Node as GNode } from '@gltf-transform/core';
import { type Scene, type Warning } from '@relic3d/core';
import { gltfExtensions, toGlb } from '../../src/index.js';
import { fakeBmp, makePng, memoryResolver } from '../scenes.js';
import { describeIssues, validateGltf } from '../validate.js';

export const io = new NodeIO().registerExtensions(gltfExtensions);
export const wood = makePng(4, 4, [120, 80, 40, 255]);
export const resolve = memoryResolver({ '../textures/wood.png': wood, 'old.bmp': fakeBmp() });

export async function exportScene(scene: Scene, options: Parameters<typeof toGlb>[1] = {}) {
  const warnings: Warning[] = [];
  const glb = await toGlb(scene, { resolve, onWarning: (w) => warnings.push(w), ...options });
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
  const doc = await io.readBinary(glb);
  return { glb, doc, warnings, report };
}

export const byName = (doc: Document, name: string): GNode => {
  const node = doc.getRoot().listNodes().find((n) => n.getName() === name);
  if (!node) throw new Error(`no node ${name}`);
  return node;
};
export const close = (actual: ArrayLike<number>, expected: number[], digits = 5) =>
  expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, digits));
