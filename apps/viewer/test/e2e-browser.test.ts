// End-to-end: the folder browser (e2e/browser.ts; a picked folder's first jobs, e2e/browser-picked.ts;
// with RELIC3D_E2E_FULL=1 its speed on the full game folder, e2e/browser-full.ts), on a Chromium of
// its own beside the other e2e files.
import { e2eSuite } from './e2e/session.js';
import { browserTests } from './e2e/browser.js';
import { browserFullTests } from './e2e/browser-full.js';
import { browserPickedTests } from './e2e/browser-picked.js';

e2eSuite('viewer e2e folder browser', () => {
  browserTests();
  browserPickedTests();
  browserFullTests();
});
