// A glTF-Transform sample → fromGltf: nodes, matrices, attributes (dequantized), strips, sparse
// morph targets and skins, each checked against the document and its JSON.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '@gltf-transform/core';
import { computeWorldMatrices, validateScene, type Scene } from '@relic3d/core';
import { elements, referenceWorld } from './reference.js';
import { PROP_MATRIX, readSample, ROOT_MATRIX } from './sample.js';

let json: Record<string, any>, doc: Document, scene: Scene;
beforeAll(async () => ({ json, doc, scene } = await readSample()));
const node = (name: string) => scene.nodes.findIndex((n) => n.name === name);
const close = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 6) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) expect(a[i]).toBeCloseTo(b[i], digits);
};

describe('glTF-Transform sample: structure', () => {
  it('is a valid scene of format gltf, version 2.0, warning only about what it cannot hold', () => {
    expect(validateScene(scene)).toEqual([]);
    expect(scene.format).toBe('gltf');
    expect(scene.version).toBe('2.0');
    expect(scene.name).toBe('Sample');
    expect(scene.warnings.map((w) => w.code)).toEqual(['GLTF_MATRIX_SHEARED', 'GLTF_ATTRIBUTE_DROPPED']);
    expect(scene.warnings[1].message).toContain('_TEMPERATURE');
  });

  it('has every node in glTF order, with its parent and children', () => {
    expect(scene.nodes.map((n) => n.name)).toEqual(json.nodes.map((n: { name: string }) => n.name));
    json.nodes.forEach((def: { children?: number[] }, i: number) => expect(scene.nodes[i].children).toEqual(def.children ?? []));
    expect(scene.roots).toEqual(json.scenes[0].nodes);
    expect(scene.nodes[node('Root')].extras).toEqual({ tag: 'root' });
  });

  it('keeps a sheared matrix as the node matrix and reads a TRS matrix as TRS; world matrices equal the JSON', () => {
    expect(scene.nodes[node('Prop')].matrix).toEqual(PROP_MATRIX);
    const root = scene.nodes[node('Root')];
    expect(root.matrix).toBeUndefined();
    close(root.scale!, [2, 2, 2]);
    const world = computeWorldMatrices(scene);
    const expected = referenceWorld(json, doc).world;
    const at = (i: number) => world.subarray(i * 16, i * 16 + 16);
    expected.forEach((m, i) => close(at(i), m!, 5));
    close(at(node('Root')), ROOT_MATRIX, 5);
  });

  it('reads every attribute as float32, normalized integers dequantized', () => {
    const body = scene.meshes[scene.nodes[node('Body')].mesh!].primitives[0];
    const gBody = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    for (const semantic of ['POSITION', 'NORMAL', 'TEXCOORD_0', 'WEIGHTS_0'] as const) {
      expect(body.attributes[semantic]).toBeInstanceOf(Float32Array);
      close(body.attributes[semantic]!, elements(gBody.getAttribute(semantic)!));
    }
    close(body.attributes.TEXCOORD_0!.subarray(0, 6), [0, 0, 1, 0, 0, 1 / 3]);
    expect(body.attributes.JOINTS_0).toBeInstanceOf(Uint16Array);
    expect(Array.from(body.attributes.JOINTS_0!)).toEqual(elements(gBody.getAttribute('JOINTS_0')!));
    // uint8 weights 128 + 127 are 1 after dequantization: kept as they are.
    close(body.attributes.WEIGHTS_0!.subarray(8, 12), [128 / 255, 127 / 255, 0, 0]);
    expect(Array.from(body.indices!)).toEqual(elements(gBody.getIndices()!));
  });

  it('turns a triangle strip with uint8 indices into a triangle list with the strip winding, RGB colours into RGBA', () => {
    const [strip, triangle] = scene.meshes[scene.nodes[node('Prop')].mesh!].primitives;
    expect(strip.mode).toBeUndefined();
    // Triangle i of a strip is (v_i, v_{i+1+i%2}, v_{i+2-i%2}) (glTF 2.0 §3.7.2.1).
    expect(Array.from(strip.indices!)).toEqual([0, 1, 2, 1, 3, 2]);
    close(strip.attributes.COLOR_0!, [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1]);
    expect(triangle.indices).toBeUndefined();
    close(triangle.attributes.TEXCOORD_0!, [0, 0, 1, 0, 0, 1]);
    close(triangle.attributes.TEXCOORD_1!, [0, 0, 1, 0, 0, 1]);
    expect(Object.keys(triangle.attributes).sort()).toEqual(['POSITION', 'TEXCOORD_0', 'TEXCOORD_1']);
  });

  it('reads morph targets (a sparse one expanded) with their names and default weights', () => {
    const mesh = scene.meshes[scene.nodes[node('Body')].mesh!];
    const targets = mesh.primitives[0].targets!;
    const gTargets = doc.getRoot().listMeshes()[0].listPrimitives()[0].listTargets();
    expect(json.accessors[json.meshes[0].primitives[0].targets[1].POSITION].sparse.count).toBe(2);
    expect(targets.map((t) => t.name)).toEqual(['Smile', 'Blink']);
    close(targets[0].POSITION!, elements(gTargets[0].getAttribute('POSITION')!));
    close(targets[0].NORMAL!, elements(gTargets[0].getAttribute('NORMAL')!));
    close(targets[1].POSITION!, elements(gTargets[1].getAttribute('POSITION')!));
    expect(Array.from(targets[1].POSITION!).filter((x) => x !== 0)).toEqual([0.5, 0.5]);
    expect(mesh.weights).toEqual([0.25, 0]);
    expect(mesh.extras).toEqual({ lod: 'high' });
  });

  it('reads the skin: joints (marked), inverse bind matrices and skeleton', () => {
    const skin = scene.skins[scene.nodes[node('Body')].skin!];
    expect(skin.name).toBe('Rig');
    expect(skin.joints.map((j) => scene.nodes[j].name)).toEqual(['J0', 'J1', 'J2']);
    expect(skin.skeleton).toBe(node('J0'));
    close(skin.inverseBindMatrices, elements(doc.getRoot().listSkins()[0].getInverseBindMatrices()!));
    expect(scene.nodes.filter((n) => n.joint).map((n) => n.name)).toEqual(['J0', 'J1', 'J2']);
  });
});
