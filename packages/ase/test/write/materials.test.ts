// Materials: the list, sub-materials for mixed meshes, maps, texture files beside the model.
import { addNode, createScene, defaultMaterial } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { close, codes, nodeNamed, numbers, values, write } from './helpers.js';
import { PNG_1X1, cube, texturedScene } from './scenes.js';

describe('material list', () => {
  it('a mesh of two materials refers to a Multi/Sub-Object material; faces name the sub-material', () => {
    const scene = texturedScene();
    const w = write(scene);
    expect(codes(w)).toEqual([]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(w.back))).toEqual([]);
    // Crate (used alone by "Crate") is a material of its own; "Mixed" gets a Multi of Crate and Metal.
    expect(values(w.text, 'MATERIAL_NAME').map((v) => v.join(' '))).toEqual(['"Crate"', '"Multi Mixed"', '"Crate"', '"Metal"']);
    expect(values(w.text, 'MATERIAL_CLASS').map((v) => v.join(' '))).toEqual(['"Standard"', '"Multi/Sub-Object"', '"Standard"', '"Standard"']);
    expect(numbers(w.text, 'NUMSUBMTLS')).toEqual([[2]]);
    expect(numbers(w.text, 'MATERIAL_REF')).toEqual([[1], [0]]);
    const ids = values(w.text, 'MESH_FACE').map((f) => f[f.length - 1]);
    expect(ids.slice(0, 12)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    const mixed = w.back.meshes[w.back.nodes[nodeNamed(w.back, 'Mixed')].mesh!];
    expect(mixed.primitives.map((p) => w.back.materials[p.material!].name)).toEqual(['Crate', 'Metal']);
  });

  it('colours in gamma space, transparency = 1 − opacity, two-sided, glossiness from roughness', () => {
    const scene = createScene('test');
    scene.materials.push({ ...defaultMaterial('Glass'), baseColorFactor: [0.2, 0.4, 0.6, 0.25], roughnessFactor: 0.3, doubleSided: true, alphaMode: 'BLEND' });
    scene.meshes.push({ name: 'box', primitives: cube().map((p) => ({ ...p, material: 0 })) });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(numbers(w.text, 'MATERIAL_TRANSPARENCY')).toEqual([[0.75]]);
    expect(values(w.text, 'MATERIAL_TWOSIDED')).toHaveLength(1);
    const m = w.back.materials[0];
    close(m.baseColorFactor, [0.2, 0.4, 0.6, 0.25], 2e-4);
    expect(m.roughnessFactor).toBeCloseTo(0.3, 4);
    expect(m.doubleSided).toBe(true);
    expect(m.alphaMode).toBe('BLEND');
  });

  it('primitives without a material next to ones with: a default sub-material, warned', () => {
    const scene = createScene('test');
    scene.materials.push(defaultMaterial('Paint'));
    const [a, b] = cube(1, true);
    a.material = 0;
    scene.meshes.push({ name: 'box', primitives: [a, b] });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_DEFAULT_MATERIAL']);
    expect(w.back.meshes[0].primitives.map((p) => w.back.materials[p.material!].name)).toEqual(['Paint', 'default']);
  });

  it('a mesh without any material has no *MATERIAL_REF (and no wireframe colour that would become one)', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'box', primitives: cube() });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(w.text).not.toMatch(/\*MATERIAL_REF|\*WIREFRAME_COLOR/);
    expect(w.back.meshes[0].primitives[0].material).toBeUndefined();
  });
});

describe('maps and textures', () => {
  it('an embedded image becomes a file beside the model, a uri stays as written; the UV transform round-trips', () => {
    const w = write(texturedScene());
    expect(Object.keys(w.files).sort()).toEqual(['crate.png', 'out.ase']);
    expect(w.files['crate.png']).toEqual(PNG_1X1);
    expect(values(w.text, 'BITMAP').map((v) => v.join(' '))).toEqual(['"crate.png"', '"crate.png"', '"textures\\metal.tga"']);
    const metal = w.back.materials.find((m) => m.name === 'Metal')!;
    expect(w.back.textures[metal.baseColorTexture!.texture].uri).toBe('textures\\metal.tga');
    const t = metal.baseColorTexture!.transform!;
    close([...t.offset, ...t.scale, t.rotation], [0.25, -0.5, 2, 3, 0.5]);
  });

  it('image file names are unique and never leave the folder', () => {
    const scene = createScene('test');
    scene.textures.push({ uri: '../../etc/a.png', image: { data: PNG_1X1 } }, { uri: 'A.PNG', image: { data: PNG_1X1 } }, { image: { data: PNG_1X1 } });
    scene.materials.push({ ...defaultMaterial('m'), baseColorTexture: { texture: 0 }, emissiveTexture: { texture: 1 }, normalTexture: { texture: 2 } });
    scene.meshes.push({ name: 'box', primitives: cube().map((p) => ({ ...p, material: 0 })) });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(Object.keys(w.files).sort()).toEqual(['A_2.PNG', 'a.png', 'out.ase', 'out_2.png']);
    // Slots in Max's order: DIFFUSE (1), SELFILLUM (5), BUMP (8).
    expect(values(w.text, 'MAP_SUBNO')).toEqual([[1], [5], [8]]);
  });

  it('glTF maps with no Max slot go to free ones, warned', () => {
    const scene = createScene('test');
    scene.textures.push({ uri: 'ao.png' }, { uri: 'mr.png' });
    scene.materials.push({ ...defaultMaterial('pbr'), metallicFactor: 1, occlusionTexture: { texture: 0 }, metallicRoughnessTexture: { texture: 1 } });
    scene.meshes.push({ name: 'box', primitives: cube().map((p) => ({ ...p, material: 0 })) });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_METALLIC', 'ASE_WRITE_TEXTURE_SLOT', 'ASE_WRITE_TEXTURE_SLOT']);
    expect(sceneFacts(w.back).textures).toEqual(['ao.png', 'mr.png']);
  });

  it('a texture with only a name is written by its name; with nothing, or on another UV set, warned', () => {
    const scene = createScene('test');
    scene.textures.push({ name: 'wood.bmp' }, {});
    scene.materials.push({ ...defaultMaterial('m'), baseColorTexture: { texture: 0, texCoord: 1 }, emissiveTexture: { texture: 1 } });
    scene.meshes.push({ name: 'box', primitives: cube().map((p) => ({ ...p, material: 0 })) });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toEqual(['ASE_WRITE_TEXCOORD', 'ASE_WRITE_TEXTURE_EMPTY']);
    expect(values(w.text, 'BITMAP')).toEqual([['"wood.bmp"']]);
    expect(sceneFacts(w.back).textures).toEqual(['wood.bmp']);
  });
});
