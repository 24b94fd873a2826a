// Loaded in every test worker (vitest.base.js setupFiles): each test file gets its own temporary folder
// (TMPDIR, which os.tmpdir() and the children the file starts read), removed after the file. A file
// must remove what it makes (scratchFolder in @relic3d/test-harness, or its own afterAll): a `relic3d-*`
// folder still there fails the file, by name. Tests leaked 4.4 GB of such folders into /tmp (issue #30).
import { afterAll } from 'vitest';
import { openTempFolder } from './temp-folder.js';

// Registered before the file's own hooks: vitest runs afterAll hooks last-registered first, so this one
// ends after the file's own (which may still write into the folder).
afterAll(openTempFolder());
