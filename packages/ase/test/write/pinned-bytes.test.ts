// Speed work on the writer must not change a byte: every corpus file, read and written, hashes to what
// the writer produced before that work (the shape and the rules: @relic3d/test-harness/pinned-bytes).
import { corpusFiles } from '@relic3d/test-harness';
import { describePinnedOutput, sha256 } from '@relic3d/test-harness/pinned-bytes';
import { beforeAll, expect } from 'vitest';
import { corpusWritten } from '../corpus-scenes.js';
import { activePath, ready } from '@relic3d/kernels';

// Written with WASM ready, as the CLI writes: the bytes were pinned on the TypeScript path and must not
// depend on which path the kernels take (writers skin on the TypeScript path for that reason).
beforeAll(async () => {
  await ready();
  expect(activePath(), 'the WASM kernels are in use').not.toBe('js');
});

describePinnedOutput({
  title: 'every ASE corpus file',
  entries: corpusFiles('ase'),
  // Shared with the other corpus tests (corpus-scenes.ts), each of which awaits ready() before it writes.
  write: (entry) => corpusWritten(entry).files,
  // One file, hashed alone (as when the hashes were taken).
  digest: (files) => {
    expect(Object.keys(files)).toEqual(['out.ase']);
    return sha256(files['out.ase']);
  },
  pinned: {
    'assimp__CameraRollAnim.ase': '3a8defe6295bcd5d548a2b65116d27c304777f485fae64ba141d0da0829024de',
    'assimp__MotionCaptureROM.ase': '6d497ef245d4ab54b8bba7ceb0660228c7fa10ca52abd04333867965a139defd',
    'assimp__RotatingCube.ASE': '395d743a6181e87916429de0212ceff6e1fd33fcd5db73e76ca09be2b90bf883',
    'assimp__anim.ASE': '48fe92c06634056ba6238ad84be34fd215349c7bcd3b153f3685cb75ac4c1750',
    'assimp__TestFormatDetection': 'fa88b64f14c330379bb0e5b879a40047457a009f67f4dd869422c617e50dd575',
    'assimp__UVTransform_Normal.ASE': 'be2a027b6f757b207c90493fa68dc663c6d9a09c85540af9b3d300231cea49f1',
    'assimp__UVTransform_ScaleUV1-2_OffsetUV0-0.9_Rotate-72_mirrorU.ase': '81969e9c105c2daaa329e9c1d45b887442c4ed48f20c4cc8c6c29f8e66624ee2',
    'assimp__ThreeCubesGreen.ASE': 'e3d401b4e68abacdffc28a964a5615ceff843da5a77615aba9efd076916d3ed4',
    'assimp__ThreeCubesGreen_UTF16LE.ASE': 'e3d401b4e68abacdffc28a964a5615ceff843da5a77615aba9efd076916d3ed4',
    'assimp__Rifle.ase': '8a5cd097f81e2892f004661e8aa34d6f7b52e76f8b487aaac32518bd5c1c4206',
    'darkradiant__cube_install.ase': '72c5bcb45728bfe38d6cc5102ba5043a80dfe15240838cf86897c11f9071d62c',
    'darkradiant__gauge_needle.ase': 'e5a684ccd025145c791005a47656afd60d691228eb86a944077ba456acac27d3',
    'darkradiant__room_cuboid_install.ase': 'a0100604c744c12b5663c6aff3368b90bcd8e8c5bd7ec50dcd0b206d56bf7557',
    'darkradiant__single_triangle.ase': '66cfd8ba4228c9c1755ccb9a56c90ebb35a44c2c88b0422de86f83e5dd1ae2f8',
    'darkradiant__testcube_no_ab_bc_ca_in_mesh_face.ase': '2e21a11cc73ec12f128ee7178939c18c66bcc16790e3f7e99269ecafc299603f',
    'darkradiant__testsphere.ase': 'e45e5367306596e80cd1d5673057c50f013ee7c259791d725b0b4bd29d5c52e1',
    'darkradiant__tiles_two_materials.ase': '3a3a19268f305378b608caef9afe91fc19154c34bcced99c129f9ca123c4c2b9',
    'darkradiant__moss_patch.ase': '76e9d7ef088ec23ce4e6adbaf7efe8642697c9cad2da0279c0b51377b409d7cb',
    'oalost__am_slipgatish.ase': 'd8ee28b0c88d5766ebbb0dd9b0849a18ec4cf30ea347f7fb5861490112613b8a',
    'unv_station15__tree01a.ase': 'cff18359a8cb2cbc209d325e29d5ec53bc28e3c1fc63d09f40d3d4852eaa0a0d',
    'unv_station15__shrub01a.ase': 'd8f106b2087b87571ec6e0a74f0e7808a38f57824a116d89596c9b0bc857f922',
    'xreal__chistaballa_test.ase': '60d63e7de23ca763e333d9d9d9de88d535de527106e218ef4385160da240a0b0',
  },
});
