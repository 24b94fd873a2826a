// Materials: one Ultra `.mat` (JSON) per material beside the model, textures as files or paths,
// names in the chosen code page.
import { defaultMaterial, type Material } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { firstPrimitive, meshScene, roundTrip, triangle } from './helpers.js';

const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

function withMaterial(material: Material) {
  const scene = meshScene(triangle({ material: 0 }), 'crate');
  scene.materials.push(material);
  return scene;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('materials', () => {
  it('writes an Ultra .mat beside the model: sorted keys, tabs, float fields; it reads back the same', () => {
    const material: Material = {
      ...defaultMaterial('wood'),
      baseColorFactor: [1, 0.5, 0.25, 1],
      metallicFactor: 1,
      roughnessFactor: 0.8,
      emissiveFactor: [0.1, 0, 0],
      alphaMode: 'MASK',
      alphaCutoff: 0.25,
      doubleSided: true,
      baseColorTexture: { texture: 0 },
      normalTexture: { texture: 1 },
      emissiveTexture: { texture: 2 },
    };
    const scene = withMaterial(material);
    scene.textures.push({ name: 'wood_base', image: { mimeType: 'image/png', data: PNG } }, { uri: 'textures/wood_normal.dds' }, { uri: 'glow.png' });
    const { result, back, codes, file } = roundTrip(scene);
    expect(codes).toEqual([]);
    expect(Object.keys(result.files)).toEqual(['crate.mdl', 'wood_base.png', 'wood.mat']);
    expect(result.files['wood_base.png']).toEqual(PNG);
    expect(file.root.lods[0].meshes[0].materialPath).toBe('./wood.mat');
    expect(text(result.files['wood.mat'])).toBe(
      [
        '{',
        '\t"material": {',
        '\t\t"alphacutoff": 0.25,',
        '\t\t"alphamask": true,',
        '\t\t"backfaceculling": false,',
        '\t\t"color": [\n\t\t\t1.0,\n\t\t\t0.5,\n\t\t\t0.25,\n\t\t\t1.0\n\t\t],',
        '\t\t"displacement": [\n\t\t\t0.10000000149011612,\n\t\t\t0.0\n\t\t],',
        '\t\t"emission": [\n\t\t\t0.10000000149011612,\n\t\t\t0.0,\n\t\t\t0.0\n\t\t],',
        '\t\t"metallic": 1.0,',
        '\t\t"pickmode": true,',
        '\t\t"roughness": 0.800000011920929,',
        '\t\t"shaderfamily": "Shaders/PBR.fam",',
        '\t\t"shadow": true,',
        '\t\t"texture0": "./wood_base.png",',
        '\t\t"texture1": "./textures/wood_normal.dds",',
        '\t\t"texture4": "./glow.png"',
        '\t}',
        '}',
      ].join('\n'),
    );
    const m = back.materials[0];
    expect([m.name, m.alphaMode, m.alphaCutoff, m.doubleSided, m.metallicFactor]).toEqual(['wood', 'MASK', 0.25, true, 1]);
    expect(m.roughnessFactor).toBeCloseTo(0.8, 6);
    expect(m.baseColorFactor).toEqual([1, 0.5, 0.25, 1]);
    expect([m.baseColorTexture, m.normalTexture, m.emissiveTexture].map((r) => back.textures[r!.texture].uri)).toEqual(['wood_base.png', 'textures/wood_normal.dds', 'glow.png']);
  });

  it('writes blending as "transparent" and unlit as the unlit shader family', () => {
    const { back, result } = roundTrip(withMaterial({ ...defaultMaterial('glass'), alphaMode: 'BLEND', unlit: true }));
    const json = JSON.parse(text(result.files['glass.mat'])).material;
    expect([json.transparent, json.shaderfamily]).toEqual([true, 'Shaders/Unlit.fam']);
    expect([back.materials[0].alphaMode, back.materials[0].unlit]).toEqual(['BLEND', true]);
  });

  it('keeps the .mat the reader read (extras.material), updating what the scene sets', () => {
    const read = { pickmode: false, shaderfamily: 'Shaders/Custom.fam', specular: [1, 1, 1], texture3: './old_height.dds', roughness: 0.2 };
    const { result } = roundTrip(withMaterial({ ...defaultMaterial('door'), roughnessFactor: 0.6, extras: { material: read, materialPath: './door.mat' } }));
    const json = JSON.parse(text(result.files['door.mat'])).material;
    expect(json).toEqual({ pickmode: false, shaderfamily: 'Shaders/Custom.fam', specular: [1, 1, 1], roughness: 0.6000000238418579, metallic: 0, color: [0.800000011920929, 0.800000011920929, 0.800000011920929, 1] });
  });

  it('keeps the path of a material the reader never read, and writes no file for it', () => {
    const { result, file } = roundTrip(withMaterial({ ...defaultMaterial('door'), extras: { materialPath: 'Materials/Doors/door.mat', materialFile: 'Materials/Doors/door.mat' } }));
    expect(Object.keys(result.files)).toEqual(['crate.mdl']);
    expect(file.root.lods[0].meshes[0].materialPath).toBe('Materials/Doors/door.mat');
  });

  it('renames materials whose names cannot be file names or clash, and warns', () => {
    const scene = meshScene(triangle({ material: 0 }), 'crate');
    scene.meshes[0].primitives.push(triangle({ material: 1 }), triangle({ material: 2 }), triangle({ material: 3 }));
    scene.materials.push(defaultMaterial('metal'), { ...defaultMaterial('Metal'), metallicFactor: 1 }, defaultMaterial('textures/rock:1'), defaultMaterial('metal'));
    const { result, codes, back } = roundTrip(scene);
    expect(Object.keys(result.files)).toEqual(['crate.mdl', 'metal.mat', 'Metal_2.mat', 'textures_rock_1.mat']);
    expect(codes).toEqual(['MDL_WRITE_MATERIAL_RENAMED', 'MDL_WRITE_MATERIAL_RENAMED']);
    // Two materials alike in name and content share one file.
    expect(back.materials.map((m) => m.name)).toEqual(['metal', 'Metal_2', 'textures_rock_1']);
  });

  it('warns for texture slots a .mat does not have, UV transforms, and paths outside the model folder', () => {
    const scene = withMaterial({ ...defaultMaterial('m'), baseColorTexture: { texture: 0, transform: { offset: [0.5, 0], scale: [1, 1], rotation: 0 } }, otherTextures: { specular: { texture: 1 } } });
    scene.textures.push({ uri: 'C:\\art\\base.tga' }, { uri: 'spec.png' });
    const { codes, result } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_TEXTURE_TRANSFORM', 'MDL_WRITE_TEXTURE_PATH', 'MDL_WRITE_TEXTURE_DROPPED']);
    expect(JSON.parse(text(result.files['m.mat'])).material.texture0).toBe('./base.tga');
  });

  it('writes names in the code page asked for (UTF-8 by default) and warns for what it cannot hold', () => {
    const scene = meshScene(triangle(), 'Überwürfel', 'Würfel');
    const utf8 = roundTrip(scene);
    expect(utf8.back.nodes.some((n) => n.name === 'Würfel')).toBe(true);
    const latin = roundTrip(scene, { codePage: 'windows-1252' });
    expect(latin.bytes.length).toBe(utf8.bytes.length - 2); // 'ü' is one byte in windows-1252, two in UTF-8
    expect(parseSync(latin.bytes, { codePage: 'windows-1252' }).nodes[0].name).toBe('Würfel');
    const lossy = roundTrip(meshScene(triangle(), 'm', '立方体'), { codePage: 'windows-1252' });
    expect(lossy.codes).toEqual(['WRITE_NAME_LOSSY']);
    expect(lossy.file.root.name).toBe('???');
    expect(firstPrimitive(lossy.back)).toBeDefined();
  });
});
