/**
 * End-to-end: the published viewer build (`vite build`, served by a plain static server) in a real
 * Chromium (Debian's package, driven by playwright-core); one check runs against the Vite dev server.
 * Without chromium the suite fails under CI=true and skips loudly elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { executablePath, inCI, problems, useSession } from './e2e/session.js';
import { samplesTests } from './e2e/samples.js';
import { failuresTests } from './e2e/failures.js';
import { filesTests } from './e2e/files.js';
import { urlTests } from './e2e/url.js';
import { exportTests } from './e2e/export.js';
import { layoutTests } from './e2e/layout.js';
import { texturesTests } from './e2e/textures.js';
import { assembleTests } from './e2e/assemble.js';
import { gltfTests } from './e2e/gltf.js';
import { browserTests } from './e2e/browser.js';
import { browserFullTests } from './e2e/browser-full.js';

if (!executablePath) {
  const notice = `\n!!! viewer e2e: no chromium found (apt-get install -y chromium, or set RELIC3D_CHROMIUM) — browser tests ${inCI ? 'FAIL because CI is set' : 'SKIPPED'} !!!\n`;
  if (inCI) {
    describe('viewer e2e', () => it('needs chromium in CI', () => { throw new Error(notice); }));
  } else {
    console.warn(notice);
  }
}

// One describe, one session: the groups run in this order on one page, and the console check covers them all.
describe.skipIf(!executablePath)('viewer e2e (chromium)', () => {
  useSession();
  samplesTests();
  failuresTests();
  filesTests();
  exportTests();
  urlTests();
  texturesTests();
  layoutTests();
  assembleTests();
  gltfTests();
  browserTests();
  browserFullTests();

  it('writes nothing to the console as an error', () => {
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
