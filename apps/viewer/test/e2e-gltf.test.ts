// End-to-end: every corpus model as a .glb in the viewer, meshopt and Draco, a .gltf with its .bin
// (e2e/gltf.ts); then the layout, the Character panel, the render loop, the kept shader programs and the baked environment map (here to even out the three e2e files), on
// a Chromium of its own beside the other e2e files.
import { e2eSuite } from './e2e/session.js';
import { gltfTests } from './e2e/gltf.js';
import { layoutTests } from './e2e/layout.js';
import { assembleTests } from './e2e/assemble.js';
import { renderLoopTests } from './e2e/render-loop.js';
import { programsTests } from './e2e/programs.js';
import { environmentTests } from './e2e/environment.js';

// No test here opens the folder browser (assemble's drop starts the drawers), so pages keep them asleep.
e2eSuite('viewer e2e glTF', () => {
  gltfTests();
  layoutTests();
  assembleTests();
  renderLoopTests();
  programsTests();
  environmentTests();
}, { idleDrawers: false });
