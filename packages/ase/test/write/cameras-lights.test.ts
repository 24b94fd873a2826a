// Cameras and lights: their objects, Max's settings, targets as the second *NODE_TM.
import { describe, expect, it } from 'vitest';
import { close, codes, nodeNamed, numbers, values, worldOf, write } from './helpers.js';
import { viewersScene } from './scenes.js';

describe('cameras and lights', () => {
  const scene = viewersScene();
  const w = write(scene);

  it('are written without warnings and read back in place', () => {
    expect(codes(w)).toEqual([]);
    for (const name of ['Cam', 'Cam.Target', 'Free', 'Bulb', 'Spot', 'Sun', 'Floor']) close(worldOf(w.back, name), worldOf(scene, name), 2e-4, name);
  });

  it('a target camera: CAMERA_TYPE Target, two *NODE_TM, the target read back as its node', () => {
    expect(values(w.text, 'CAMERA_TYPE')).toEqual([['Target'], ['Free']]);
    const names = values(w.text, 'NODE_NAME').map((v) => v.join(' '));
    expect(names.filter((n) => n === '"Cam.Target"')).toHaveLength(1);
    expect(w.back.nodes[nodeNamed(w.back, 'Cam')].extras?.target).toBe(nodeNamed(w.back, 'Cam.Target'));
    // Target distance: from (0, 2, 20) to (0, 0, −10).
    expect(numbers(w.text, 'CAMERA_TDIST')[0][0]).toBeCloseTo(Math.hypot(2, 30), 3);
  });

  it('camera settings: Max’s horizontal fov, clipping planes as HITHER/YON', () => {
    const [cam, free] = w.back.cameras;
    expect(cam.yfov).toBeCloseTo(0.6, 4);
    expect([cam.znear, cam.zfar]).toEqual([0.5, 500]);
    expect(free.yfov).toBeCloseTo(1, 4);
    expect(free.zfar).toBeUndefined();
    expect(numbers(w.text, 'CAMERA_FOV')[0][0]).toBeCloseTo(2 * Math.atan((Math.tan(0.3) * 4) / 3), 4);
  });

  it('lights: Omni, Free spot, Directional with colour, intensity, range and cone angles', () => {
    expect(values(w.text, 'LIGHT_TYPE')).toEqual([['Omni'], ['Free'], ['Directional']]);
    const [bulb, spot, sun] = w.back.lights;
    expect([bulb.type, spot.type, sun.type]).toEqual(['point', 'spot', 'directional']);
    close(bulb.color, [1, 0.5, 0.25]);
    expect([bulb.intensity, bulb.range, sun.intensity]).toEqual([2, 40, 3]);
    expect(spot.innerConeAngle).toBeCloseTo(0.3, 4);
    expect(spot.outerConeAngle).toBeCloseTo(0.5, 4);
    // Max writes full cone angles in degrees.
    expect(numbers(w.text, 'LIGHT_FALLOFF')[0][0]).toBeCloseTo(57.2958, 3);
  });
});
