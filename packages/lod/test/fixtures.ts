/** Synthetic files shared by the synthetic and hardening tests, built with the test-only writer. */
import { ans1, cll1, col1, img1, inf1, lgs1, lig1, lodFile, mal1, man1, mat1, mmd1, msh1, msl1, phs1, pxi1, pxl1, shdl, skl1, txtl, type MeshSpec } from './writer.js';

/** A unit quad split into two triangles, mode 3, one UV set, stored normals, type-2 groups. */
export const staticMesh: MeshSpec = {
  name: 'Box',
  mode: 3,
  positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0],
  normals: [0, 0, 1],
  uvSets: [[0, 0, 1, 0, 1, 1, 0, 1]],
  groups: [
    { faceType: 2, name: 'front', materials: ['stone'], vertex: [0, 1, 2, 0, 2, 3], smooth: [1, 1], normal: [0, 0, 0, 0, 0, 0], uv: [[0, 1, 2, 0, 2, 3]] },
    { faceType: 2, name: 'empty', materials: ['stone'], vertex: [], smooth: [], normal: [], uv: [[]] },
  ],
  boneCount: 0,
};

export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const BMP = Uint8Array.from([0x42, 0x4d, 9, 8, 7, 6]);

/** Every chunk type in one file (skeleton, animation, skinned mesh, morph, physics, lights, proxies, colliders, textures, shaders, screenshot). */
export function everythingFile(): Uint8Array {
  const bones = [
    { id: 0, parent: -1, name: 'root' },
    { id: 1, parent: 0, name: 'arm' },
  ];
  const skinned: MeshSpec = {
    name: 'Skinned',
    mode: 2,
    positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
    uvSets: [[0, 0, 1, 0, 0, 1]],
    assoc: [0, 1, 1],
    groups: [{ faceType: 1, name: 'g', materials: ['stone'], vertex: [0, 1, 2], uv: [[0, 1, 2]] }],
    boneCount: 2,
  };
  const emptyMesh: MeshSpec = { name: 'ProxyHost', mode: 3, positions: [], uvSets: [[]], groups: [], boneCount: 2 };
  return lodFile(
    [
      inf1('Модель: тест'),
      mal1(
        [
          mat1(3, [
            { name: 'stone', texture: 'stone.png:lightmap' },
            { name: 'lightmap', texture: 'lm.bmp' },
            { name: 'normals', texture: 'stone_n.png' },
          ]),
          txtl([{ materialName: 'stone', textureName: 'stone.png', data: PNG, reserve: 3 }]),
          shdl([{ name: 'stone', normalName: 'normals', specularName: 'lightmap', lightPower: 1.5, specularPower: 8, reserve: 2 }]),
        ],
        3,
      ),
      skl1(bones),
      msl1([staticMesh, skinned, emptyMesh]),
      ans1([{ name: 'wave', interval: 50, mode: 1, frames: [[[0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]], [[0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, Math.PI / 2]]] }]),
      man1([{ name: 'coll', colliderName: '', parentId: -1, parentBone: 0, proxyId: -1, bones: [{ name: 'tag', parentId: -1 }], animations: [{ name: 'bend', mode: 2, interval: 200, frames: 2 }] }]),
      mmd1([{ meshIndex: 0, meshName: 'Box', collectionName: 'coll', frames: [[0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1]] }]),
      phs1({
        bodies: [{ type: 1, name: 'crate', position: [1, 2, 3], scale: [1, 1, 1], rotation: [0, 0, 0, 1], mass: 10 }],
        geoms: [{ type: 1, name: 'crateBox', body: 0, position: [0, 1, 0], scale: [2, 3, 4], rotation: [0, 0, 0, 1], meshLink: 0, meshLinkCount: 1 }],
        joints: [{ type: 3, bodies: [0, -1], position: [0, 0, 0], params: [-1, 1, 0, 5, 1, 0.5, 1e-5, 0.2, 1e-5, 0.2, 1e-5] }],
        meshLinks: [0],
      }),
      lgs1([lig1('day', [{ enabled: true, style: 1, position: [0, 10, 0], direction: [0, -1, 0], diffuse: [1, 1, 1, 1], cutoff: 180 }])]),
      pxl1([pxi1(2, [{ name: 'copy', parent: -1, source: 0, position: [5, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }])]),
      cll1([col1('near', [{ name: 'head', bone: 1, type: 0, matrix: [1, 0, 0, 0.5, 0, 1, 0, 0.5, 0, 0, 1, 0.5, 0, 0.25, 0, 1] }])]),
      img1('shot.bmp', BMP),
    ],
  );
}

