/**
 * End-to-end: the published viewer build (`vite build`, served by a plain static server) in a real
 * Chromium (Debian's package, driven by playwright-core); one check runs against the Vite dev server.
 * The corpus .glb checks (with the layout and Character panel groups, to even the files out) and the
 * folder browser are e2e files of their own (e2e-gltf, e2e-browser), run beside this one, each with
 * its own Chromium.
 */
import { e2eSuite } from './e2e/session.js';
import { samplesTests } from './e2e/samples.js';
import { failuresTests } from './e2e/failures.js';
import { filesTests } from './e2e/files.js';
import { urlTests } from './e2e/url.js';
import { exportTests } from './e2e/export.js';
import { texturesTests } from './e2e/textures.js';

// The groups run in this order on one page, and the console check covers them all. No test here opens
// the folder browser (a dropped folder's drag starts the drawers), so pages keep them asleep.
e2eSuite('viewer e2e', () => {
  samplesTests();
  failuresTests();
  filesTests();
  exportTests();
  urlTests();
  texturesTests();
}, { idleDrawers: false });
