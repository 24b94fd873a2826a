// Nodes: the hierarchy by *NODE_PARENT name, names in the code page, what ASE cannot hold.
import { addNode, createScene, math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { close, codes, nodeNamed, values, worldOf, write } from './helpers.js';
import { cube, texturedScene } from './scenes.js';

describe('hierarchy', () => {
  it('every node becomes an object (meshes, helpers), parents by name, world matrices kept', () => {
    const scene = texturedScene();
    const w = write(scene);
    expect(values(w.text, 'GEOMOBJECT')).toHaveLength(2);
    expect(values(w.text, 'HELPEROBJECT')).toHaveLength(1);
    expect(values(w.text, 'NODE_PARENT')).toEqual([['"Root"'], ['"Root"']]);
    for (const name of ['Root', 'Mixed', 'Crate']) close(worldOf(w.back, name), worldOf(scene, name), 2e-4, name);
    expect(w.back.nodes.map((n) => [n.name, n.parent])).toEqual(scene.nodes.map((n) => [n.name, n.parent]));
  });

  it('a node that draws and holds a camera: the camera is a child object', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'box', primitives: cube() });
    scene.cameras.push({ type: 'perspective', yfov: 0.8, znear: 0.1 });
    addNode(scene, { name: 'Head', mesh: 0, camera: 0, translation: [1, 2, 3] });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_NODE_SPLIT']);
    const cam = nodeNamed(w.back, 'Head camera');
    expect(w.back.nodes[cam].parent).toBe(nodeNamed(w.back, 'Head'));
    close(worldOf(w.back, 'Head camera'), worldOf(scene, 'Head'), 1e-4);
  });

  it('levels of detail: level 0 is written, the others are warned and left out', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'hi', primitives: cube(1) }, { name: 'lo', primitives: cube(2) });
    const root = addNode(scene, { name: 'Tree' });
    const hi = addNode(scene, { name: 'Tree LOD0', mesh: 0 }, root);
    const lo = addNode(scene, { name: 'Tree LOD1', mesh: 1 }, root);
    scene.nodes[root].lods = [{ node: hi }, { node: lo, distance: 50 }];
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_LOD']);
    expect(w.back.nodes.map((n) => n.name)).toEqual(['Tree', 'Tree LOD0']);
  });

  it('colliders have no ASE form: warned', () => {
    const scene = createScene('test');
    scene.colliders.push({ shape: { type: 'box', size: [1, 1, 1] } });
    expect(codes(write(scene))).toEqual(['ASE_WRITE_COLLIDERS']);
  });
});

describe('names', () => {
  it('objects link by name: duplicates are renamed and empty names made, warned', () => {
    const scene = createScene('test');
    const a = addNode(scene, { name: 'Joint' });
    addNode(scene, { name: 'Joint', translation: [1, 0, 0] }, a);
    addNode(scene, { name: '' }, a);
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_NAME_DUPLICATE', 'ASE_WRITE_NAME_CHANGED']);
    expect(w.back.nodes.map((n) => [n.name, n.parent])).toEqual([['Joint', -1], ['Joint_2', 0], ['Dummy2', 0]]);
  });

  it('quotes and control characters cannot stand in an ASE string: replaced as Max does, warned', () => {
    const scene = createScene('test');
    addNode(scene, { name: 'say "hi"\nnow' });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_NAME_CHANGED']);
    expect(w.text).toContain(`*NODE_NAME "say 'hi'_now"`);
    expect(w.back.nodes[0].name).toBe("say 'hi'_now");
  });

  it('names are Windows-1252 by default; other code pages on request; characters a page lacks are "?", warned', () => {
    const scene = createScene('test');
    addNode(scene, { name: 'Größe' });
    addNode(scene, { name: 'Привет' });
    const w = write(scene);
    expect(Array.from(w.bytes.subarray(w.text.indexOf('"Gr') + 1, w.text.indexOf('"Gr') + 6))).toEqual([0x47, 0x72, 0xf6, 0xdf, 0x65]);
    expect(codes(w)).toEqual(['WRITE_NAME_LOSSY']);
    expect(w.back.nodes.map((n) => n.name)).toEqual(['Größe', '??????']);
    const cyrillic = write(scene, { codePage: 'windows-1251' }, { codePage: 'windows-1251' });
    expect(cyrillic.back.nodes[1].name).toBe('Привет');
    expect(codes(cyrillic)).toEqual(['WRITE_NAME_LOSSY']); // "ö" and "ß" are not in 1251
  });

  it('long names are kept whole (ASE has no name field size)', () => {
    const scene = createScene('test');
    const name = 'N'.repeat(1000);
    addNode(scene, { name, rotation: math.quatFromAxisAngle([0, 1, 0], 1) as [number, number, number, number] });
    const w = write(scene);
    expect(codes(w)).toEqual([]);
    expect(w.back.nodes[0].name).toBe(name);
  });
});
