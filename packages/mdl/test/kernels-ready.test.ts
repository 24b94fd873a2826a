// Its own file, so the kernels module starts fresh (vitest isolates test files): only parse()
// itself can have instantiated the WASM module here.
import { activePath, simdSupported, supported } from '@relic3d/kernels';
import { expect, it } from 'vitest';
import { parse, parseSync as parseMdl } from '../src/index.js';
import { writeSampleMdl } from '@relic3d/fixtures/mdl';

it('parse() awaits ready(): the WASM kernels are active once it resolves', async () => {
  expect(activePath()).toBe('js');
  parseMdl(writeSampleMdl()); // the sync form never instantiates anything
  expect(activePath()).toBe('js');
  await parse(writeSampleMdl());
  expect(activePath()).toBe(supported ? (simdSupported ? 'simd' : 'scalar') : 'js');
});
