// Test-only builders: small scenes that exercise every feature of the exporter.
import { deflateSync } from 'node:zlib';
import { addNode, createScene, defaultMaterial, type Scene } from '@relic3d/core';
import { pngFile } from '../src/images/png.js';

/** A minimal valid RGBA PNG of one colour. */
export function makePng(width = 2, height = 2, rgba = [255, 0, 0, 255]): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(rgba, y * (1 + width * 4) + 1 + x * 4);
  return pngFile(width, height, 6, new Uint8Array(deflateSync(raw)));
}

/** 'BM' header: a texture format glTF cannot carry. */
export const fakeBmp = () => new Uint8Array([0x42, 0x4d, 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]);

const f32 = (...v: number[]) => new Float32Array(v);

/** A quad (two triangles) in the XY plane, facing +Z. */
function quadAttributes() {
  return {
    POSITION: f32(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0),
    NORMAL: f32(0, 0, 2, 0, 0, 1, 0, 0, 0.5, 0, 0, 1), // two non-unit normals on purpose
    TANGENT: f32(1, 0, 0, 1, 1, 0, 0, -1, 2, 0, 0, 0.5, 1, 0, 0, 1),
    TEXCOORD_0: f32(0, 1, 1, 1, 1, 0, 0, 0),
    TEXCOORD_1: f32(0, 0, 1, 0, 1, 1, 0, 1),
    COLOR_0: f32(1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1.5, 1, -0.1, 1, 1, 1), // two out of range
  };
}

/**
 * Every feature: hierarchy (TRS and matrix nodes), all attributes, morph targets, a skin, four
 * clips (LINEAR/STEP/CUBICSPLINE/weights), textured materials (embedded, resolved, missing,
 * unsupported), a texture transform, emissive strength, unlit, cameras, lights, LODs, colliders.
 */
export function featureScene(): Scene {
  const scene = createScene('test', 7);
  scene.name = 'features';
  scene.extras = { exporter: 'unit test', big: new Uint16Array([1, 2, 3]) };

  scene.textures.push(
    { name: 'embedded', image: { mimeType: 'image/png', data: makePng() }, wrapS: 'CLAMP_TO_EDGE', wrapT: 'MIRRORED_REPEAT' },
    { uri: '..\\textures\\wood.png', extras: { original: 'wood' } },
    { uri: 'missing.tga' },
    { uri: 'old.bmp' },
  );
  const textured = defaultMaterial('textured');
  textured.baseColorTexture = { texture: 0, transform: { offset: [0.5, 0], scale: [2, 2], rotation: Math.PI / 2 } };
  textured.normalTexture = { texture: 1, texCoord: 1, strength: 0.5 };
  textured.emissiveTexture = { texture: 2 };
  textured.occlusionTexture = { texture: 3, strength: 0.7 };
  textured.otherTextures = { specular: { texture: 1, strength: 0.3 } };
  textured.emissiveFactor = [1, 0.5, 0];
  textured.emissiveStrength = 4;
  textured.legacy = { ambient: [0.2, 0.2, 0.2, 1], diffuse: [0.8, 0.8, 0.8, 1], specular: [1, 1, 1, 1], shininess: 32, opacity: 1 };
  textured.extras = { twoSided: false };
  const glowing = { ...defaultMaterial('unlit'), unlit: true, alphaMode: 'MASK' as const, alphaCutoff: 0.25, doubleSided: true };
  const tooBright = { ...defaultMaterial('bright'), baseColorFactor: [1.5, 0.5, 0.5, 1] as [number, number, number, number] };
  scene.materials.push(textured, glowing, tooBright);

  // Mesh 0: the quad with all attributes and 2 morph targets.
  scene.meshes.push({
    name: 'quad',
    weights: [0.25, 0],
    primitives: [
      {
        attributes: quadAttributes(),
        indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
        material: 0,
        targets: [
          { name: 'lift', POSITION: f32(0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0) },
          { name: 'bend', POSITION: f32(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1), NORMAL: f32(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0) },
        ],
      },
    ],
  });
  // Mesh 1: a skinned strip of 6 vertices over 2 joints; duplicate joints and unnormalised weights.
  scene.meshes.push({
    name: 'strip',
    primitives: [
      {
        attributes: {
          POSITION: f32(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0, 1, 2, 0),
          JOINTS_0: new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0]),
          WEIGHTS_0: f32(1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0),
        },
        indices: new Uint16Array([0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4]),
        material: 2,
      },
    ],
  });
  // Meshes 2..4: LOD levels (a triangle each), lines, points.
  const tri = (name: string, z: number) => ({
    name,
    primitives: [{ attributes: { POSITION: f32(0, 0, z, 1, 0, z, 0, 1, z) }, material: 1 }],
  });
  scene.meshes.push(tri('lod0', 0), tri('lod1', 0.1), tri('lod2', 0.2));
  scene.meshes.push({ name: 'lines', primitives: [{ attributes: { POSITION: f32(0, 0, 0, 1, 1, 1) }, mode: 'LINES' }] });

  const root = addNode(scene, { name: 'root', translation: [0, 1, 0] });
  const quad = addNode(scene, { name: 'quad', mesh: 0, rotation: [0, 0, 0, 2], weights: [0.5, 0.5] }, root);
  // Matrix node: translate (1,2,3), scale 2 (column-major).
  addNode(scene, { name: 'matrixNode', matrix: [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1] }, root);
  const hips = addNode(scene, { name: 'hips', joint: true, translation: [0, 0, 0] }, root);
  const spine = addNode(scene, { name: 'spine', joint: true, translation: [0, 1, 0] }, hips);
  const skinned = addNode(scene, { name: 'skinned', mesh: 1, skin: 0 }, root);
  const ibm = new Float32Array(32);
  ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1], 16);
  scene.skins.push({ name: 'body', joints: [hips, spine], inverseBindMatrices: ibm, skeleton: hips });

  const lodHost = addNode(scene, { name: 'lodHost' }, root);
  const l0 = addNode(scene, { name: 'level0', mesh: 2 }, lodHost);
  const l1 = addNode(scene, { name: 'level1', mesh: 3 }, lodHost);
  const l2 = addNode(scene, { name: 'level2', mesh: 4 }, lodHost);
  scene.nodes[lodHost].lods = [
    { node: l0, screenCoverage: 0.5 },
    { node: l1, screenCoverage: 0.2 },
    { node: l2, screenCoverage: 0.01 },
  ];
  addNode(scene, { name: 'lines', mesh: 5 });

  scene.cameras.push(
    { name: 'persp', type: 'perspective', yfov: 0.8, aspectRatio: 1.5, znear: 0.1, zfar: 100 },
    { name: 'ortho', type: 'orthographic', xmag: 2, ymag: 1, znear: 0 },
  );
  addNode(scene, { name: 'cam0', camera: 0, translation: [0, 0, 5] });
  addNode(scene, { name: 'cam1', camera: 1 });
  scene.lights.push(
    { name: 'sun', type: 'directional', color: [1, 1, 0.9], intensity: 3 },
    { name: 'bulb', type: 'point', color: [1, 0.5, 0.2], intensity: 20, range: 10 },
    { name: 'spot', type: 'spot', color: [1, 1, 1], intensity: 5, innerConeAngle: 0.6, outerConeAngle: 0.4 },
  );
  addNode(scene, { name: 'sunNode', light: 0 });
  addNode(scene, { name: 'bulbNode', light: 1 });
  addNode(scene, { name: 'spotNode', light: 2 });

  scene.colliders.push(
    { name: 'box', shape: { type: 'box', size: [1, 2, 3] }, node: spine, translation: [0, 0.5, 0] },
    { name: 'hull', shape: { type: 'trimesh', positions: f32(0, 0, 0, 1, 0, 0, 0, 1, 0), indices: new Uint32Array([0, 1, 2]) } },
  );

  scene.animations.push(
    {
      name: 'move',
      duration: 2,
      channels: [
        { node: root, path: 'translation', interpolation: 'LINEAR', times: f32(0, 1, 2), values: f32(0, 0, 0, 0, 1, 0, 0, 0, 0) },
        { node: spine, path: 'scale', interpolation: 'STEP', times: f32(0, 1), values: f32(1, 1, 1, 2, 2, 2) },
      ],
    },
    {
      name: 'spin',
      duration: 1,
      channels: [
        {
          node: spine,
          path: 'rotation',
          interpolation: 'CUBICSPLINE',
          times: f32(0, 1),
          // [in, value, out] per key; the values are not unit length on purpose.
          values: f32(0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0),
        },
      ],
    },
    {
      name: 'morph',
      duration: 1,
      channels: [{ node: quad, path: 'weights', interpolation: 'LINEAR', times: f32(0, 1), values: f32(0, 0, 1, 0.5) }],
    },
    {
      name: 'early',
      duration: 1,
      channels: [{ node: skinned, path: 'translation', interpolation: 'LINEAR', times: f32(-0.5, 0.5), values: f32(0, 0, 0, 1, 0, 0) }],
      extras: { note: 'starts before 0' },
    },
  );
  return scene;
}

/** Resolver over an in-memory folder, for textures. */
export function memoryResolver(files: Record<string, Uint8Array>) {
  return (name: string) => files[name] ?? null;
}
