// Seeds per format: the corpus (with each O3D's .chr and .ani), and synthetic files built with the
// package test writers, including the ASE corners no corpus file has (TCB/Bezier/linear keys,
// *MESH_WEIGHTS, shapes, camera/light/visibility animation, mesh animation).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusRoot, readManifest } from '@relic3d/test-harness';
import { findCompanions } from '@relic3d/o3d';
import * as ase from '../../../packages/ase/test/writer.js';
import { everythingFile, staticMesh } from '../../../packages/lod/test/fixtures.js';
import { lodFile, man1, mmd1, msl1, pxi1, pxl1, skl1, type MeshSpec as LodMeshSpec } from '../../../packages/lod/test/writer.js';
import { sampleModel, writeMdl, writeSampleMdl, type WNode } from '../../../packages/mdl/test/writer.js';
import { quad, writeMs3d } from '../../../packages/ms3d/test/writer.js';
import { translationMatrix, writeO3d, writeSampleO3d } from '../../../packages/o3d/test/writer.js';
import type { FormatId, Seed } from './types.js';

/** Corpus folders read for each format (foreign and bad files exercise detection and refusal). */
const FOLDERS: Record<FormatId, { folder: string; test: RegExp }[]> = {
  ms3d: [{ folder: 'ms3d', test: /\.ms3d$/i }],
  ase: [{ folder: 'ase', test: /./ }, { folder: 'bad', test: /\.ase$/i }],
  o3d: [{ folder: 'o3d', test: /\.o3d$/i }, { folder: 'bad', test: /\.o3d$/i }],
  mdl: [{ folder: 'mdl', test: /\.mdl$/i }, { folder: 'foreign', test: /\.mdl$/i }],
  lod: [{ folder: 'lod', test: /\.lod$/i }],
};

/** Motions requested per O3D model (a few keep the parse of large models affordable). */
const MOTIONS_PER_MODEL = 2;

export function corpusSeeds(format: FormatId, root = corpusRoot()): Seed[] {
  const seeds: Seed[] = [];
  for (const { folder, test } of FOLDERS[format]) {
    const dir = path.join(root, folder);
    let entries: string[];
    try {
      entries = readManifest(folder).map((e) => e.file);
    } catch {
      continue; // no corpus: synthetic seeds only
    }
    const listing = format === 'o3d' ? readdirSync(dir) : [];
    for (const file of entries.filter((f) => test.test(f))) {
      const companions: Record<string, Uint8Array> = {};
      let motions: string[] | undefined;
      if (format === 'o3d') {
        const found = findCompanions(file, listing);
        if (found.skeleton) companions[found.skeleton] = new Uint8Array(readFileSync(path.join(dir, found.skeleton)));
        motions = Object.keys(found.motions).slice(0, MOTIONS_PER_MODEL);
        for (const m of motions) companions[found.motions[m]] = new Uint8Array(readFileSync(path.join(dir, found.motions[m])));
      }
      seeds.push({ name: `corpus:${folder}/${file}`, fileName: file, bytes: new Uint8Array(readFileSync(path.join(dir, file))), companions, motions, source: 'corpus' });
    }
  }
  return seeds;
}

const synthetic = (name: string, fileName: string, bytes: Uint8Array, companions: Record<string, Uint8Array> = {}, motions?: string[]): Seed => ({
  name: `synthetic:${name}`,
  fileName,
  bytes,
  companions,
  motions,
  source: 'synthetic',
});

const I = ase.IDENTITY_ROWS;

/** ASE seeds for the parts of the reader no corpus file reaches. */
export function aseSeeds(): Seed[] {
  const weighted: ase.MeshSpec = {
    ...ase.cube(),
    weights: {
      bones: ['Root', 'Arm', 'Missing'],
      vertices: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => ({ index, pairs: index % 2 ? [[0, 0.5], [1, 0.25], [2, 0.25]] : [[0, 0.2], [1, 0.2], [0, 0.2], [1, 0.2], [1, 0.2]] })),
    },
  };
  const keyed = ase.tmAnimation('Keyed', {
    CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 0 0 0 0 0 0 0 0', '*CONTROL_TCB_POS_KEY 800 1 2 3 0.5 -0.5 0.25 0 0', '*CONTROL_TCB_POS_KEY 1600 2 0 1 -0.5 0.5 0 0.5 0.5'],
    CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0 0.5 0 0 0 0', '*CONTROL_TCB_ROT_KEY 800 0 0 1 1.5708 0 0.5 0 0 0', '*CONTROL_TCB_ROT_KEY 1600 1 0 0 1 0 0 -0.5 0.2 0.2', '*CONTROL_TCB_ROT_KEY 2400 0 1 0 3.1 1 1 1 0 0'],
    CONTROL_SCALE_TCB: ['*CONTROL_TCB_SCALE_KEY 0 1 1 1 0 0 1 0 0 0 0 0 0', '*CONTROL_TCB_SCALE_KEY 800 2 2 2 0 1 0 0.5 0.1 0 0 0 0'],
  });
  const bezier = ase.tmAnimation('Bezier', {
    CONTROL_POS_BEZIER: ['*CONTROL_BEZIER_POS_KEY 0 0 0 0 0 0 0 0.001 0 0 0', '*CONTROL_BEZIER_POS_KEY 4800 1 2 3 0.001 0 0 0 0 0 0', '*CONTROL_BEZIER_POS_KEY 9600 -1 0 2 0 0.5 0 0 -0.5 0 2'],
    CONTROL_ROT_BEZIER: ['*CONTROL_ROT_KEY 0 0 0 1 0', '*CONTROL_ROT_KEY 4800 0 1 0 0.7', '*CONTROL_ROT_KEY 9600 1 0 0 -0.7'],
    CONTROL_SCALE_BEZIER: ['*CONTROL_BEZIER_SCALE_KEY 0 1 1 1 0 0 1 0 0 0 0 0 0 0 0', '*CONTROL_BEZIER_SCALE_KEY 4800 1 3 1 0 0 1 0 0 0 0 0 0 0 0'],
  });
  const linear = ase.tmAnimation('Linear', {
    CONTROL_POS_LINEAR: ['*CONTROL_POS_KEY 0 0 0 0', '*CONTROL_POS_KEY 160 0 1 0', '*CONTROL_POS_KEY 320 0 1 5'],
    CONTROL_ROT_LINEAR: ['*CONTROL_ROT_KEY 0 0 0 1 0.5', '*CONTROL_ROT_KEY 160 1 0 0 0.5'],
    CONTROL_SCALE_LINEAR: ['*CONTROL_SCALE_KEY 0 1 1 1 0 0 1 0', '*CONTROL_SCALE_KEY 160 2 1 1 0 0 1 0'],
  });
  const sampled = ase.tmAnimation('Sampled', {
    CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 160 1 0 0', '*CONTROL_POS_SAMPLE 480 1 1 0'],
    CONTROL_ROT_TRACK: ['*CONTROL_ROT_SAMPLE 0 0 0 1 0', '*CONTROL_ROT_SAMPLE 160 0 0 1 0.3', '*CONTROL_ROT_SAMPLE 320 1 0 0 0.3'],
    CONTROL_SCALE_TRACK: ['*CONTROL_SCALE_SAMPLE 0 1 1 1 0 0 1 0', '*CONTROL_SCALE_SAMPLE 160 1 2 1 0 1 0 0.4'],
  });
  const visibility = '*NODE_VISIBILITY_TRACK {\n*CONTROL_FLOAT_SAMPLE 0 1.0\n*CONTROL_FLOAT_SAMPLE 160 0.0\n}';
  const textured: ase.MeshSpec = {
    ...ase.cube([3, 0, 0]),
    mtlIds: [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 7],
    tverts: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]],
    tfaces: Array.from({ length: 12 }, (_, i) => [i % 4, (i + 1) % 4, (i + 2) % 4] as ase.V3),
    channels: [{ channel: 2, tverts: [[0.5, 0.5, 0], [1, 1, 0]], tfaces: Array.from({ length: 12 }, () => [0, 1, 0] as ase.V3) }],
    cverts: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    cfaces: Array.from({ length: 12 }, (_, i) => [i % 3, (i + 1) % 3, (i + 2) % 3] as ase.V3),
  };
  const materials = [
    ase.material(0, 'multi', {
      subs: [
        ase.material(0, 'a', { maps: [ase.bitmapMap('DIFFUSE', 'textures\\a.tga', { uTiling: 2, angle: 0.5 })] }, 'SUBMATERIAL'),
        ase.material(1, 'b', { transparency: 0.5, twoSided: true, maps: [ase.bitmapMap('BUMP', '..\\maps\\b.png'), ase.bitmapMap('OPACITY', 'b_alpha.png')] }, 'SUBMATERIAL'),
      ],
    }),
    ase.material(1, 'plain', { maps: [ase.bitmapMap('DIFFUSE', 'C:\\max\\maps\\plain.jpg')] }),
  ];
  const everything = ase.aseFile(
    [
      ase.helper('Root', I),
      ase.helper('Arm', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 0]], { parent: 'Root' }),
      ase.geom('Skin', weighted, { materialRef: 0, frames: [{ ...ase.cube([0, 0, 1]), timeValue: 160 }, { ...ase.cube([0, 1, 1]), timeValue: 320 }], tail: [sampled.replace('Sampled', 'Skin'), visibility] }),
      ase.geom('Textured', textured, { materialRef: 0, parent: 'Root' }),
      ase.helper('Keyed', I, { tail: [keyed] }),
      ase.helper('Bezier', I, { parent: 'Keyed', tail: [bezier] }),
      ase.helper('Linear', I, { tail: [linear] }),
      ase.camera('Cam', [[1, 0, 0], [0, 0, 1], [0, -1, 0], [0, -10, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { hither: 1, yon: 500 }, [
        ase.tmAnimation('Cam.Target', { CONTROL_POS_TRACK: ['*CONTROL_POS_SAMPLE 0 0 0 0', '*CONTROL_POS_SAMPLE 800 1 0 0'] }),
        '*CAMERA_ANIMATION {\n*CAMERA_SETTINGS {\n*TIMEVALUE 0\n*CAMERA_FOV 0.8\n}\n*CAMERA_SETTINGS {\n*TIMEVALUE 160\n*CAMERA_FOV 1.2\n}\n}',
      ]),
      ase.light('Spot', 'Target', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 5]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], { hotspot: 30, attenuation: [1, 10] }),
      ase.light('Sun', 'Directional', I, undefined, { color: [1, 0.9, 0.8], intensity: 2 }),
      ase.light('Bulb', 'Omni', [[1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 2, 2]], undefined, {}),
      ase.shape('Line', I, [{ closed: true, points: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] }, { closed: false, points: [[0, 0, 1], [0, 1, 1], [0, 2, 1], [1, 2, 1]] }]),
      '*GROUP "Set" {\n' + ase.helper('Inside', I) + '\n}',
    ],
    { materials },
  );
  // Corners: single TCB keys, key times Float32 merges, a parent cycle, face normals without vertex
  // normals, a *MESH_ANIMATION frame of another topology.
  const corners = ase.aseFile([
    ase.helper('A', I, {
      parent: 'B',
      tail: [
        ase.tmAnimation('A', {
          CONTROL_POS_TCB: ['*CONTROL_TCB_POS_KEY 0 1 2 3 0 0 0 0 0'],
          CONTROL_ROT_TCB: ['*CONTROL_TCB_ROT_KEY 0 0 0 1 0.5 0 0 0 0 0'],
          CONTROL_SCALE_LINEAR: ['*CONTROL_SCALE_KEY 0 1 1 1 0 0 1 0', '*CONTROL_SCALE_KEY 100000000 2 2 2 0 0 1 0', '*CONTROL_SCALE_KEY 100000001 3 3 3 0 0 1 0'],
        }),
      ],
    }),
    ase.helper('B', I, { parent: 'A' }),
    ase.geom('FaceNormals', { ...ase.cube(), vertexNormals: [], normalStyle: 'pervertex' }, { frames: [{ vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faces: [[0, 1, 2]], timeValue: 160 }] }),
  ]);
  const q3map2 = ase.aseFile([ase.geom('Q', { ...ase.cube(), faceStyle: 'q3map2', normalStyle: 'pervertex' }, { materialRef: 1 })], { materials, version: null, scene: false });
  const tiny = ase.aseFile([ase.geom('T', { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faces: [[0, 1, 2]] })]);
  return [
    synthetic('every object kind, keys, weights, shapes', 'every.ase', ase.enc(everything)),
    synthetic('every object kind, UTF-16 LE', 'every16.ase', ase.utf16(everything, false)),
    synthetic('TCB keys only', 'tcb.ase', ase.enc(ase.aseFile([ase.helper('Keyed', I, { tail: [keyed] })]))),
    synthetic('weights only', 'weights.ase', ase.enc(ase.aseFile([ase.helper('Root', I), ase.helper('Arm', I, { parent: 'Root' }), ase.geom('Skin', weighted)]))),
    synthetic('q3map2 faces, no scene', 'q3.ase', ase.enc(q3map2)),
    synthetic('one triangle', 'tiny.ase', ase.enc(tiny)),
    synthetic('single keys, merged key times, a parent cycle, face normals only, a morph of another topology', 'corners.ase', ase.enc(corners)),
    synthetic('Adobe Swatch Exchange (ASEF), not a scene', 'swatch.ase', Uint8Array.of(0x41, 0x53, 0x45, 0x46, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0)),
  ];
}

export function ms3dSeeds(): Seed[] {
  const rig = quad({
    vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: i % 2 })),
    materials: [{ name: 'm', texture: 'a\\b.bmp', alphamap: 'c.bmp', transparency: 0.5 }],
    groups: [{ name: 'q', triangles: [0, 1], material: 0 }, { name: 'empty', triangles: [] }],
    joints: [
      { name: 'a', rotation: [0.1, 0.2, 0.3], position: [1, 2, 3], rotKeys: [[0, 0, 0, 0], [1, 1, 1, 1]], posKeys: [[0, 0, 0, 0], [1, 1, 2, 3]] },
      { name: 'b', parent: 'a', rotKeys: [[0.5, 0, 1, 0]] },
    ],
    comments: { groups: [[0, 'group']], materials: [[0, 'mat']], joints: [[1, 'joint']], model: 'model' },
    vertexExtra: { subVersion: 3, records: [0, 1, 2, 3].map(() => ({ ids: [1, -1, -1] as [number, number, number], weights: [50, 50, 0] as [number, number, number], extra: [1, 2] })) },
    jointExtra: { colors: [[1, 0, 0], [0, 1, 0]] },
    modelExtra: { jointSize: 1, transparencyMode: 1, alphaRef: 0.5 },
  });
  const v3 = quad({
    version: 3,
    vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: i - 1 })),
    joints: [{ name: 'a', rotKeys: [[0, 0, 0, 0]] }, { name: 'b', parent: 'a', posKeys: [[0, 1, 0, 0], [1, 0, 1, 0]] }],
    comments: {},
    vertexExtra: { subVersion: 1, records: [0, 1, 2, 3].map(() => ({ ids: [1, 0, -1] as [number, number, number], weights: [40, 30, 0] as [number, number, number] })) },
  });
  return [
    synthetic('quad', 'quad.ms3d', writeMs3d(quad())),
    synthetic('skinned rig with full trailer', 'rig.ms3d', writeMs3d(rig)),
    synthetic('v3, sub-version 1 weights', 'v3.ms3d', writeMs3d(v3)),
    synthetic('skeleton only', 'skeleton.ms3d', writeMs3d({ joints: [{ name: 'root', posKeys: [[0, 0, 0, 0], [1, 1, 1, 1]] }, { name: 'leaf', parent: 'root', rotKeys: [[0.5, 1, 0, 0]] }], comments: { model: 'm' } })),
  ];
}

export function o3dSeeds(): Seed[] {
  const sample = writeSampleO3d();
  const geometry = {
    vertices: [{ p: [0, 0, 0] as [number, number, number], w: [1, 0] as [number, number], idx: [3, 0] as [number, number] }, { p: [1, 0, 0] as [number, number, number] }, { p: [0, 1, 0] as [number, number, number] }],
    indices: [0, 1, 2],
    materials: [{ texture: 'a.dds' }],
  };
  const embedded = writeO3d({
    name: 'x.o3d',
    version: 21,
    frameCount: 2,
    collision: { vertices: geometry.vertices, indices: [0, 1, 2] },
    skeleton: { base: [translationMatrix(0, 0, 0), translationMatrix(0, 1, 0)], inverse: [translationMatrix(0, 0, 0), translationMatrix(0, -1, 0)] },
    groups: [[{ type: 1, geometry }, { type: 0, parent: 1, parentType: 2, tm: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 1, 0, 0]], geometry }]],
    attributes: [{ flags: 1, soundId: 2, frame: 0 }, { flags: 0, soundId: 0, frame: 1 }],
  });
  const lods = writeO3d({
    name: 'lods.o3d',
    version: 22,
    lod: true,
    frameCount: 3,
    groups: [0, 1, 2].map((g) => [{ type: 0, geometry, tm: [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, g, 0, 0], [0, 0, 0, 1, 0, g, 0]] }, { type: 0, parent: 0, parentType: 1, geometry }]),
  });
  return [
    synthetic('sample with .chr and .ani', 'mvr_sample.o3d', sample.o3d, { 'mvr_sample.chr': sample.chr, 'mvr_sample_sway.ani': sample.ani }, ['sway']),
    synthetic('embedded skeleton, TM keys, collision, attributes', 'x.o3d', embedded),
    synthetic('three LOD groups with TM keys', 'lods.o3d', lods),
  ];
}

export function mdlSeeds(): Seed[] {
  const deep = (depth: number): WNode => {
    let node: WNode = { name: `n${depth}` };
    for (let d = depth - 1; d >= 0; d--) node = { name: `n${d}`, children: [node] };
    return node;
  };
  return [
    synthetic('sample G3D', 'sample.mdl', writeSampleMdl()),
    synthetic('sample as Ultra v302', 'ultra.mdl', writeMdl({ ...sampleModel(), variant: 'ultra', version: 302 })),
    synthetic(
      'G3D morphs, PRIM, PICK, COLL, child',
      'g3d.mdl',
      writeMdl({
        variant: 'g3d',
        root: {
          name: 'n',
          engine: '{"a":1}',
          lods: [
            {
              meshes: [
                {
                  name: 'm',
                  material: './m.mat',
                  vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
                  indices: [0, 1, 2],
                  indexSize: 4,
                  primitiveFlags: [7],
                  pick: [1, 2, 3],
                  morphs: [[{ position: [0, 0, 1] }, { position: [1, 0, 1] }, { position: [0, 1, 1] }]],
                },
              ],
            },
          ],
          parts: [{ shape: 0, size: [1, 2, 3] }, { shape: 6, mesh: { flag: 0, polygons: [[[0, 0, 0], [1, 0, 0], [0, 1, 0]]] } }],
          children: [{ name: 'kid', attachBone: 0 }],
        },
      }),
    ),
    synthetic(
      'Ultra quads and PHYS',
      'quads.mdl',
      writeMdl({
        variant: 'ultra',
        version: 301,
        root: {
          lods: [{ meshes: [{ polyVerts: 4, vertices: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]].map((p) => ({ position: p as [number, number, number] })), indices: [0, 1, 2, 3] }] }],
          parts: [{ shape: 'BOX_' }, { shape: 'MESH', mesh: { flag: 1, polygons: [[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]] } }],
          children: [{ name: 'c' }],
        },
      }),
    ),
    synthetic(
      'Ultra skin, morphs, animation',
      'skin.mdl',
      writeMdl({
        variant: 'ultra',
        version: 302,
        root: {
          name: 'u',
          lods: [
            {
              meshes: [
                {
                  name: 'm',
                  vertices: [
                    { position: [0, 0, 0], bones: [0, 1, 0, 0], weights: [200, 55, 0, 0] },
                    { position: [1, 0, 0] },
                    { position: [0, 1, 0], bones: [1, 0, 0, 0], weights: [255, 0, 0, 0] },
                  ],
                  indices: [0, 1, 2],
                  primitiveFlags: [7],
                  pick: [1, 2],
                  morphs: [[{ position: [0, 0, 1] }, { position: [1, 0, 1] }, { position: [0, 1, 1] }]],
                },
              ],
            },
          ],
          bones: [{ name: 'a', children: [{ name: 'b', position: [0, 1, 0] }] }],
          animations: [{ name: 'k', speed: 1, keyframes: 2, tracks: [{ boneId: 1, flags: 7, keys: [0, 1].map(() => ({ position: [0, 1, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] })) }] }],
        },
      }),
    ),
    synthetic('G3D nodes nested 300 deep', 'deep.mdl', writeMdl({ variant: 'g3d', root: deep(300) })),
  ];
}

export function lodSeeds(): Seed[] {
  const weighted: LodMeshSpec = {
    name: 'w',
    mode: 3,
    positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
    uvSets: [[0, 0, 1, 0, 0, 1], [0, 0, 1, 1]],
    weights: { bonesPerVertex: 2, perVertex: [[[0, 1]], [[1, 0.5], [0, 0.5]], [[1, 1]]] },
    groups: [{ faceType: 2, name: 'g', materials: ['a', 'b'], vertex: [0, 1, 2], smooth: [3], uv: [[0, 1, 2], [0, 1, 1]] }],
    boneCount: 2,
  };
  const interleavedUv: LodMeshSpec = {
    name: 'lm',
    mode: 3,
    positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
    uvSets: [[0, 0, 1, 0, 0, 1], [0.5, 0.5, 1, 1]],
    uvLayout: 'interleaved',
    groups: [{ faceType: 2, name: 'g', materials: ['', ''], vertex: [0, 1, 2], smooth: [1], uv: [[0, 1, 2], [0, 1, 1]] }],
    boneCount: 0,
  };
  const wideWeights: LodMeshSpec = {
    name: 'w6',
    mode: 2,
    positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
    uvSets: [[0, 0]],
    weights: { bonesPerVertex: 3, perVertex: [[[129, 1]], [[128, 0.5], [3, 0.5]], [[0, 0.2], [1, 0.3], [140, 0.5]]] },
    groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2], uv: [[0, 0, 0]] }],
    boneCount: 150,
  };
  return [
    synthetic('every chunk', 'every.lod', everythingFile()),
    synthetic('static mode 3', 'static.lod', lodFile([msl1([staticMesh])])),
    synthetic(
      'weights, two UV sets, morph, proxy',
      'morph.lod',
      lodFile([
        skl1([{ id: 0, parent: -1, name: 'a' }, { id: 1, parent: 0, name: 'b' }]),
        msl1([weighted]),
        man1([{ name: 'c', colliderName: 'k', parentId: -1, parentBone: 0, proxyId: -1, bones: [{ name: 't', parentId: -1 }], animations: [{ name: 'x', mode: 2, interval: 100, frames: 2 }] }], 32),
        mmd1([{ meshIndex: 0, meshName: 'w', collectionName: 'c', frames: [[0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 0, 1, 1, 0, 1, 0, 1, 1]] }]),
        pxl1([pxi1(0, [{ name: 'p', parent: -1, source: 0, position: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }], 54)]),
      ]),
    ),
    synthetic('interleaved UV sets, 6-byte weights', 'wide.lod', lodFile([skl1(Array.from({ length: 150 }, (_, i) => ({ id: i, parent: i - 1, name: `b${i}` }))), msl1([interleavedUv, wideWeights])])),
  ];
}

/** Every seed of a format: synthetic first (small), then the corpus. */
export function seedsFor(format: FormatId): Seed[] {
  const built = { ms3d: ms3dSeeds, ase: aseSeeds, o3d: o3dSeeds, mdl: mdlSeeds, lod: lodSeeds }[format]();
  return [...built, ...corpusSeeds(format)];
}
