// The studio environment map ships baked (src/stage/environment.ts, scripts/bake-environment.mjs): the
// page shows it, and it is what three's PMREM makes of RoomEnvironment here, texel for texel and in
// the picture. A three upgrade that changes the map fails this until the map is baked again.
import { expect, it } from 'vitest';
import { navigate, page } from './session.js';

/** Registers this group's test, on the page the previous group left showing a sample (Woman4). */
export function environmentTests(): void {
  it('shows the baked environment map, the one PMREM generates afresh (texels and picture)', async () => {
    const on = page ?? (await navigate('?sample=woman4')); // the suite's page, or one of its own when run alone
    const found = await on.evaluate(async () => {
      const { environment, stage, probe, THREE } = window.__viewer;
      const shown = stage.scene.environment as unknown as { isDataTexture?: boolean; mapping: number; image: { height: number; data: Uint16Array } };
      const baked = await environment.baked();
      const target = environment.generate(stage.renderer);
      const fresh = environment.read(stage.renderer, target);
      let differing = 0, most = 0;
      for (let i = 0; i < fresh.length; i++) {
        const a = THREE.DataUtils.fromHalfFloat(baked[i]), b = THREE.DataUtils.fromHalfFloat(fresh[i]);
        const off = Math.abs(a - b) / Math.max(1e-3, Math.abs(b));
        if (off > 0) differing++;
        most = Math.max(most, off);
      }
      const withBaked = probe();
      stage.scene.environment = target.texture;
      const withFresh = probe();
      stage.scene.environment = null;
      const without = probe();
      stage.scene.environment = shown as unknown as typeof target.texture;
      target.dispose();
      return {
        shown: { isData: !!shown.isDataTexture, mapping: shown.mapping, height: shown.image.height, sameData: shown.image.data.length === baked.length && shown.image.data.every((v, i) => v === baked[i]) },
        cubeUv: THREE.CubeUVReflectionMapping, values: [baked.length, fresh.length], differing, most, withBaked, withFresh, without,
      };
    });
    expect(found.shown).toEqual({ isData: true, mapping: found.cubeUv, height: 512, sameData: true });
    expect(found.values).toEqual([384 * 512 * 4, 384 * 512 * 4]);
    // Exact under SwiftShader; another WebGL may round a texel differently, not more.
    expect(found.most, `${found.differing} texels differ`).toBeLessThan(2 ** -9);
    expect(found.withBaked.lit).toBeGreaterThan(1000);
    expect(Math.abs(found.withBaked.lit - found.withFresh.lit)).toBeLessThanOrEqual(found.withFresh.lit / 1000);
    found.withBaked.mean.forEach((c, i) => expect(c).toBeCloseTo(found.withFresh.mean[i], 0));
    // The environment shows in this picture: without it the model is darker.
    expect(found.without.mean[0] + found.without.mean[1] + found.without.mean[2]).toBeLessThan(found.withBaked.mean[0] + found.withBaked.mean[1] + found.withBaked.mean[2] - 3);
    console.log(`environment: ${found.differing} texels differ; checksums ${found.withBaked.checksum} / ${found.withFresh.checksum}`);
  });
}
