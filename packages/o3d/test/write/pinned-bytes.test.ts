// Speed work on the writer must not change a byte: every corpus file, read and written, hashes to what
// the writer produced before that work (the shape and the rules: @relic3d/test-harness/pinned-bytes).
import { describePinnedOutput } from '@relic3d/test-harness/pinned-bytes';
import { parseO3dFile } from '../../src/node.js';
import { writeO3d } from '../../src/index.js';
import { o3ds } from '../corpus/helpers.js';
import { activePath, ready } from '@relic3d/kernels';
import { beforeAll, expect } from 'vitest';

// Written with WASM ready, as the CLI writes: the bytes were pinned on the TypeScript path and must not
// depend on which path the kernels take (writers skin on the TypeScript path for that reason).
beforeAll(async () => {
  await ready();
  expect(activePath(), 'the WASM kernels are in use').not.toBe('js');
});

// Each model read with its companions, as the round-trip test reads it.
describePinnedOutput({
  title: 'every O3D corpus model',
  entries: o3ds,
  write: async (entry) => writeO3d(await parseO3dFile(entry.path, { kernels: 'js', motions: /^part_/i.test(entry.file) ? 'none' : 'auto' })).files,
  pinned: {
    'shadow.o3d': '0edf87aa7f8e31d2f0fa4c0a2896dda1e3c8d6d66c73d993e3567a88c96cb3d8',
    'region_Path.o3d': 'abee1e17b95a378bb3d8e8e846cd5ed446d76a7f1e2987620f6d8904922886a1',
    'Obj_DuDkCoPrRock01.o3d': '181395c5ff7df2e035028f8a5c30c04accc44bae91c7e24079a51042371788ff',
    'Obj_AzriaTree08.o3d': '3be55b6d97baaee14d5c62414920be511f3c6914f67e93243ea6d89165493854',
    'Obj_MaCoPrTr14.o3d': '0329d9dba5ebba04fe6aebf04a180705deaad0223ed5f36eb9adefbdaee4acd7',
    'obj_FwcSealight01.o3d': '20f7253372977c42f1867330114b055c79ef0c8fde630e00f9f393494f60354c',
    'Obj_Flyship2floor_04.o3d': '1f0d6d8f7283a0009810a0b79dd13ccca5f1ee85ef8f6aaba1e80f843844b0b2',
    'Item_WeaAxeSephir.o3d': '39b692db4aba0c3b5e6b710540f8bac914f1bc3c40c5d5796028029b91a88ed1',
    'Item_WeaAxeCrystal.o3d': 'f9b495387f963324b04c1d803bd4cefbce0f6bcf8f4e6268c7cea4d2e3b13bd7',
    'obj_EleEarStnspr01.o3d': 'e42cbc0d1fbd60c8751ba0436b6024df6f18e253c0db3822fc35430ab98196a0',
    'Obj_HerneosPlant05.o3d': 'b0683048b1d16a25156252abb926372e85ff9f4448baede2183e079a4a967574',
    'Obj_MaCoPrSi05.o3d': '4a0d3abdad039d5e630bb47db95a33e769710c424f01b87b2388e375f3ad3715',
    'Ctrl_MaFlPrMarseLever.o3d': '438ad2926e0919ad4d1d25b802b77ea066570fcc8de19b3c7e81a94757f5cc44',
    'Obj_MaFlPrMarseString.o3d': 'aac474178acec1540bf649cc7f117aa0fa28d867ad8482342d3bc4a3fdc52824',
    'Obj_KalgasBossSFX.o3d': 'f78d97631fcd1c8d57a57e49fc65adb472061c4630778c5618ad6ea98bf03b05',
    'Obj_MaSaPrFlag01.o3d': '4a423fdff0ac6210a2ff3c23ac197c82c4d51e3250592e4a8b409604499feed6',
    'mvr_AiBatt.o3d': '8d831a4c151131f8144f8c33c73b43b944a59022905b3ba23ffd0b8dd9b61395',
    'Part_femaleUpper.o3d': 'd52efaf73dd7f1d98e87b3c926a5ffbc05ed29a2157241a834a280d08827acdb',
    'Part_femaleHead01.o3d': 'afb21230947bd9a1f480ef009576ac9ab30fed65316295d4f3703a7985b8da10',
    'Part_fMasBall02.o3d': 'a2359638fa0e423b56e6f2ce24e46a7a7dec55fb7d313afde522bf933abefb87',
    'mvr_mushpang.o3d': '1ba1de544ef5e4571351e12f47ee07c05f22a1afa8ad74a5c8f4bb752e25df64',
    'Mvr_Lawolf.o3d': '035a310e4a025eff3a783cea0d0df5bc8aa6abc22923d912e2915b16b7017078',
    'Mvr_PetEggrabbit.o3d': 'baf654847629c5e99979a5fdd03f47e6ad2ecd6667ef73aa492f081463fb27b1',
    'mvr_Scopicon.o3d': '58b10d233c41becd7c91218327829c2f9cc41e6ab6b8a5ee37c184fbc2cc43ed',
    'mvr_harpy.o3d': '909349934c0852af7002b5b5364de2b1a46e22e0bc519f993f935a4ad396d777',
    'Mvr_MiniWall11.o3d': 'dc294d282ac668289a0f0ef70f152216bb905d119ae94380109f308d55ae88b9',
    'Part_fColosseumset01Cap.o3d': '5b13022a41dc5bcfe982b6372eae060c56801bb2eb5033f64c59d2e283131f82',
    'Obj_MaDaStation.o3d': 'b2b8c1e07c5f3ac7319b3b0325d9d42bb02f6920bb913c0cdb2e6e576d71e282',
    'Obj_MaSaSaHa01.o3d': 'ae6276e19588201adb400f4ee0c648adcf5eff5c7f56164b393cd091aaadd80c',
    'mvr_ClockWork.o3d': 'a39cb1842e59fb2abedc7e85a23bff563dc06805923dc1bc397fdc2bb363cea7',
  },
});
