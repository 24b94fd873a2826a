// Synthetic ASE files for the fuzzer (tooling/fuzz/src/seeds.ts) and the hardening test, which
// takes the one-triangle file.
import type { SyntheticSeed } from '@relic3d/test-harness';
import { aseFile, bitmapMap, camera, cube, enc, geom, helper, IDENTITY_ROWS, light, material, shape, tmAnimation, utf16, type MeshSpec, type V3 } from './writer.js';

const I = IDENTITY_ROWS;

/** The parts of the reader no corpus file reaches: TCB/Bezier/linear keys, *MESH_WEIGHTS, shapes, camera/light/visibility animation, mesh animation. */
export function syntheticSeeds(): SyntheticSeed[] {
  const weighted: MeshSpec = {
    ...cube(),
    weights: {
      bones: ['Root', 'Arm', 'Missing'],
      vertices: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => ({ index, pairs: index % 2 ? [[0, 0.5], [1, 0.25], [2, 0.25]] : [[0, 0.2], [1, 0.2], [0, 0.2], [1, 0.2], [1, 0.2]] })),
    },
  };
  const keyed = tmAnimation('Keyed', {
    CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 800 1 2 3 0.5 -0.5 0.25 0 0', '*CONTROL_TCB_POS_KEY 1600 2 0 1 -0.5 0.5 0 0.5 0.5'],
    CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0 0.5 0 0 0', '*CONTROL_TCB_ROT_KEY 1600 1 0 0 1 0 0 -0.5 0.2 0.2', '*CONTROL_TCB_ROT_KEY 2400 0 1 0 3.1 1 1 1 0 0'],
    CONTROL_SCALE_TCB: ['*CONTROL_TCB_SCALE_KEY 0 1 1 1 0 0 1 0 0 0 0 0 0', '*CONTROL_TCB_SCALE_KEY 800 2 2 2 0 1 0 0.5 0.1 0 0 0 0'],
  });
  const bezier = tmAnimation('Bezier', {
    CONTROL_POS_BEZIER: ['*CONTROL_BEZIER_POS_KEY 0 0 0 0 0 0 0 0.001 0 0 0', '*CONTROL_BEZIER_POS_KEY 4800 1 2 3 0.001 0 0 0 0 0 0', '*CONTROL_BEZIER_POS_KEY 9600 -1 0 2 0 0.5 0 0 -0.5 0 2'],
    CONTROL_ROT_BEZIER: ['*CONTROL_ROT_KEY 0 0 0 1 0', '*CONTROL_ROT_KEY 4800 0 1 0 0.7', '*CONTROL_ROT_KEY 9600 1 0 0 -0.7'],
    CONTROL_SCALE_BEZIER: ['*CONTROL_BEZIER_SCALE_KEY 0 1 1 1 0 0 1 0 0 0 0 0 0 0 0', '*CONTROL_BEZIER_SCALE_KEY 4800 1 3 1 0 0 1 0 0 0 0 0 0 0 0'],
  });
  const linear = tmAnimation('Linear', {
    CONTROL_POS_LINEAR: ['*CONTROL_POS_KEY 0 0 0 0', '*CONTROL_POS_KEY 160 0 1 0', '*CONTROL_POS_KEY 320 0 1 5'],
    CONTROL_ROT_LINEAR: ['*CONTROL_ROT_KEY 0 0 0 1 0.5', '*CONTROL_ROT_KEY 160 1 0 0 0.5'],
    CONTROL_SCALE_LINEAR: ['*CONTROL_SCALE_KEY 0 1 1 1 0 0 1 0', '*CONTROL_SCALE_KEY 160 2 1 1 0 0 1 0'],
  });
  const sampled = tmAnimation('Sampled', {
    CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 160 1 0 0', '*CONTROL_POS_SAMPLE 480 1 1 0'],
    CONTROL_ROT_TRACK: ['*CONTROL_ROT_SAMPLE 0 0 0 1 0', '*CONTROL_ROT_SAMPLE 160 0 0 1 0.3', '*CONTROL_ROT_SAMPLE 320 1 0 0 0.3'],
    CONTROL_SCALE_TRACK: ['*CONTROL_SCALE_SAMPLE 0 1 1 1 0 0 1 0', '*CONTROL_SCALE_SAMPLE 160 1 2 1 0 1 0 0.4'],
  });
  const visibility = '*NODE_VISIBILITY_TRACK {\n*CONTROL_FLOAT_SAMPLE 0 1.0\n*CONTROL_FLOAT_SAMPLE 160 0.0\n}';
  const textured: MeshSpec = {
    ...cube([3, 0, 0]),
    mtlIds: [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 7],
    tverts: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]],
    tfaces: Array.from({ length: 12 }, (_, i) => [i % 4, (i + 1) % 4, (i + 2) % 4] as V3),
    channels: [{ channel: 2, tverts: [[0.5, 0.5, 0], [1, 1, 0]], tfaces: Array.from({ length: 12 }, () => [0, 1, 0] as V3) }],
    cverts: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    cfaces: Array.from({ length: 12 }, (_, i) => [i % 3, (i + 1) % 3, (i + 2) % 3] as V3),
  };
  const materials = [
    material(0, 'multi', {
      subs: [
        material(0, 'a', { maps: [bitmapMap('DIFFUSE', 'textures\\a.tga', { uTiling: 2, angle: 0.5 })] }, 'SUBMATERIAL'),
        material(1, 'b', { transparency: 0.5, twoSided: true, maps: [bitmapMap('BUMP', '..\\maps\\b.png'), bitmapMap('OPACITY', 'b_alpha.png')] }, 'SUBMATERIAL'),
      ],
    }),
    material(1, 'plain', { maps: [bitmapMap('DIFFUSE', 'C:\\max\\maps\\plain.jpg')] }),
  ];
  const everything = aseFile(
    [
      helper('Root', I),
      helper('Arm', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 0]], { parent: 'Root' }),
      geom('Skin', weighted, { materialRef: 0, frames: [{ ...cube([0, 0, 1]), timeValue: 160 }, { ...cube([0, 1, 1]), timeValue: 320 }], tail: [sampled.replace('Sampled', 'Skin'), visibility] }),
      geom('Textured', textured, { materialRef: 0, parent: 'Root' }),
      helper('Keyed', I, { tail: [keyed] }),
      helper('Bezier', I, { parent: 'Keyed', tail: [bezier] }),
      helper('Linear', I, { tail: [linear] }),
      camera('Cam', [[1, 0, 0], [0, 0, 1], [0, -1, 0], [0, -10, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { hither: 1, yon: 500 }, [
        tmAnimation('Cam.Target', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 800 1 0 0'] }),
        '*CAMERA_ANIMATION {\n*CAMERA_SETTINGS {\n*TIMEVALUE 0\n*CAMERA_FOV 0.8\n}\n*CAMERA_SETTINGS {\n*TIMEVALUE 160\n*CAMERA_FOV 1.2\n}\n}',
      ]),
      light('Spot', 'Target', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 5]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { hotspot: 30, attenuation: [1, 10] }),
      light('Sun', 'Directional', I, undefined, { color: [1, 0.9, 0.8], intensity: 2 }),
      light('Bulb', 'Omni', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 2, 2]], undefined, {}),
      shape('Line', I, [{ closed: true, points: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] }, { closed: false, points: [[0, 0, 1], [0, 1, 1], [0, 2, 1], [1, 2, 1]] }]),
      '*GROUP "Set" {\n' + helper('Inside', I) + '\n}',
    ],
    { materials },
  );
  // Corners: single TCB keys, key times Float32 merges, a parent cycle, face normals without vertex
  // normals, a *MESH_ANIMATION frame of another topology.
  const corners = aseFile([
    helper('A', I, {
      parent: 'B',
      tail: [
        tmAnimation('A', {
          CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 1 2 3 0 0 0 0 0'],
          CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0.5 0 0 0 0 0'],
          CONTROL_SCALE_LINEAR: ['*CONTROL_SCALE_KEY 0 1 1 1 0 0 1 0', '*CONTROL_SCALE_KEY 100000000 2 2 2 0 0 1 0', '*CONTROL_SCALE_KEY 100000001 3 3 3 0 0 1 0'],
        }),
      ],
    }),
    helper('B', I, { parent: 'A' }),
    geom('FaceNormals', { ...cube(), vertexNormals: [], normalStyle: 'pervertex' }, { frames: [{ vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faces: [[0, 1, 2]], timeValue: 160 }] }),
  ]);
  const q3map2 = aseFile([geom('Q', { ...cube(), faceStyle: 'q3map2', normalStyle: 'pervertex' }, { materialRef: 1 })], { materials, version: null, scene: false });
  const tiny = aseFile([geom('T', { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faces: [[0, 1, 2]] })]);
  return [
    { name: 'every object kind, keys, weights, shapes', fileName: 'every.ase', bytes: enc(everything) },
    { name: 'every object kind, UTF-16 LE', fileName: 'every16.ase', bytes: utf16(everything, false) },
    { name: 'TCB keys only', fileName: 'tcb.ase', bytes: enc(aseFile([helper('Keyed', I, { tail: [keyed] })])) },
    { name: 'weights only', fileName: 'weights.ase', bytes: enc(aseFile([helper('Root', I), helper('Arm', I, { parent: 'Root' }), geom('Skin', weighted)])) },
    { name: 'q3map2 faces, no scene', fileName: 'q3.ase', bytes: enc(q3map2) },
    { name: 'one triangle', fileName: 'tiny.ase', bytes: enc(tiny) },
    { name: 'single keys, merged key times, a parent cycle, face normals only, a morph of another topology', fileName: 'corners.ase', bytes: enc(corners) },
    { name: 'Adobe Swatch Exchange (ASEF), not a scene', fileName: 'swatch.ase', bytes: Uint8Array.of(0x41, 0x53, 0x45, 0x46, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0) },
  ];
}
