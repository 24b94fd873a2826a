// Speed work on the writer must not change a byte: every corpus file, read and written, hashes to what
// the writer produced before that work (the shape and the rules: @relic3d/test-harness/pinned-bytes).
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describePinnedOutput } from '@relic3d/test-harness/pinned-bytes';
import { parseSync, writeMs3d } from '../../src/index.js';
import { activePath, ready } from '@relic3d/kernels';
import { beforeAll, expect } from 'vitest';

// Written with WASM ready, as the CLI writes: the bytes were pinned on the TypeScript path and must not
// depend on which path the kernels take (writers skin on the TypeScript path for that reason).
beforeAll(async () => {
  await ready();
  expect(activePath(), 'the WASM kernels are in use').not.toBe('js');
});

describePinnedOutput({
  title: 'every MS3D corpus file',
  entries: corpusFiles('ms3d', '.ms3d'),
  write: (entry) => writeMs3d(parseSync(readCorpusFile(entry))).files,
  pinErrors: true,
  pinned: {
    'assimp__Wuson.ms3d': 'da3041bf1290ef614d9ff3b9a7e20ddb29b4c3e38d6f4f4d65f61f2f7b421a02',
    'assimp__jeep1.ms3d': 'a69099471cf1dc1e9d955ead034424293f0b0b9da497cb8b78e809b6bbca46cf',
    'assimp__twospheres.ms3d': 'b3b819db6f16589711505ecb9812de9495bf86c9a59c271924f13195bfd15e66',
    'glscene__Woman4.ms3d': 'be1f7c7a281af02e6cbfa8fdf52ce1586d4a09f223e70443e42f7e74f662e612',
    'glscene__Box.ms3d': '5cf3dd57d14ea7a8308f0c5c96410054ba15aac4a51b6b817f189340506665aa',
    'glscene__BigHoleBox.ms3d': '67143016f57f0db0fe0ddc05e8724abe991a6b4a567079c74ed372b2d6c7e92a',
    'glscene__BigHoleBox2.ms3d': '63b95cee9005b5a9ba2c3f52597bc44c4afc1f9fbcdd8f34bb08feeceb6b1d32',
    'glscene__Cylinder.ms3d': '973868028b8c208dc1af7c014c739074ce3a8f609e2cacf4f5e9ebc8a20c0d97',
    'glscene__LScene.ms3d': '307bf93f83e4ef10cfb88b0fe68f8c5d00716d4ce0d85fa8e9fa809c4e0d0a3b',
    'glscene__scene.ms3d': '954f422cd4ebef4fc2dfa03880547c28da8b608d767e904c66687541f1f21163',
    'hiero__TBone.ms3d': '062f0a6bacb98809aca3442b4b7da327ffebe0abe34f9c22ebabf35cd54c82bb',
    'hiero__Sample_Scene.ms3d': '9de338e4f65a52940a4df9c41f694e6bc3900eee2b792c8ec89ebf8e71d90668',
    'hiero__Walker.ms3d': '595bff83cd8d721eb4f33b000e3da5d0607ebb525a91ad12d147f89544bde94a',
    'hiero__ScreenFrame.ms3d': '2d26729dab86571ec961a9cd3a2ada1f4cabe93fd48c54d54d234ff5dc0d607d',
    'hiero__bowl.ms3d': '84acc101bf60ca6f0d9b5dbaf952b23e625b53777bfd64cce2d36d77c3c7fe94',
    'hiero__box.ms3d': '3f6922fb12fb6a216cc8cedfa60f9056fb471fab2567aae50b41449188319f78',
    'hiero__hedra.ms3d': 'd1259af4425de3a9e0d70fdbc271005943b2480f794759051ddfeb8cea632e55',
    'hiero__small_box.ms3d': 'fdf638a83890cfd14413747ecda5ebfdf3c5ae3a8111dec2c1bc3ef7541019e1',
    'soulsheng__Model.ms3d': '8e1213202ebd60de1aeaf6e6381cca9e828b2324dcd910356657af277ec6f41f',
    'cubby__Human.ms3d': '9b26a9d1a44a2fc119076ae8b7a73af5d378329cfe124a7e9de85bf58b0080ec',
    'cubby__Dummy.ms3d': 'c56d4737f9a88097f24286db4736fa70989fc5eeab331b679b2fd18abbe7640c',
  },
});
