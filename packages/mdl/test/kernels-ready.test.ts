// Only parse() itself may make the WASM kernels ready here: the test imports a fresh kernels module
// (test files share one module graph, and another file may have made the shared one ready).
import { expect, it, vi } from 'vitest';
import { writeSampleMdl } from '@relic3d/fixtures/mdl';

it('parse() awaits ready(): the WASM kernels are active once it resolves', async () => {
  vi.resetModules();
  const { activePath, simdSupported, supported } = await import('@relic3d/kernels');
  const { parse, parseSync: parseMdl } = await import('../src/index.js');
  expect(activePath()).toBe('js');
  parseMdl(writeSampleMdl()); // the sync form never instantiates anything
  expect(activePath()).toBe('js');
  await parse(writeSampleMdl());
  expect(activePath()).toBe(supported ? (simdSupported ? 'simd' : 'scalar') : 'js');
});
