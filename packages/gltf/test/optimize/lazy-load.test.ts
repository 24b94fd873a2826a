// Importing @relic3d/gltf must not load what only optimisation needs: @gltf-transform/functions
// loads sharp (a native libvips) on Node as it is imported. Shared objects of this process (its
// own, one per test file) tell; the second test shows the check sees sharp when it is loaded.
import { describe, expect, it } from 'vitest';

const nativeImaging = () => ((process.report.getReport() as { sharedObjects: string[] }).sharedObjects ?? []).filter((lib) => /vips|sharp/i.test(lib));

describe('optimisation costs nothing until it is used', () => {
  it('importing the package loads no sharp / libvips', async () => {
    const gltf = await import('../../src/index.js');
    expect(typeof gltf.optimizeGlb).toBe('function');
    expect(nativeImaging()).toEqual([]);
  });

  it('(the check works: @gltf-transform/functions itself loads them)', async () => {
    await import('@gltf-transform/functions');
    expect(nativeImaging().length).toBeGreaterThan(0);
  });
});
