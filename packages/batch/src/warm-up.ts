// A batch worker's warm-up, run while the main thread scans the folder: the first file of each
// format otherwise pays for compiling its reader, the kernels and the exporter (see
// bench/README.md, "batch" — the boot time per worker).
import { addNode, createScene, defaultMaterial, type Resolver, type Scene } from '@relic3d/core';
import { formats, writers } from '@relic3d/formats';
import { toGlb } from '@relic3d/gltf';
import { ready } from '@relic3d/kernels';

/** A skinned, animated quad on two joints: the paths a game's monsters and player parts take. */
export function warmUpScene(): Scene {
  const scene = createScene('warm-up');
  const root = addNode(scene, { name: 'Bip01', joint: true, translation: [0, 0, 0] });
  const tip = addNode(scene, { name: 'Bip01_Tip', joint: true, translation: [0, 1, 0] }, root);
  addNode(scene, { name: 'body', mesh: 0, skin: 0 });
  scene.materials.push({ ...defaultMaterial('skin'), baseColorTexture: { texture: 0 } });
  scene.textures.push({ uri: 'warm-up.dds' });
  scene.meshes.push({
    name: 'body',
    primitives: [
      {
        attributes: {
          POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
          NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
          TEXCOORD_0: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]),
          JOINTS_0: new Uint16Array([0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
          WEIGHTS_0: new Float32Array([0.75, 0.25, 0, 0, 0.75, 0.25, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
        },
        indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
        material: 0,
      },
    ],
  });
  scene.skins.push({ name: 'skin', joints: [root, tip], inverseBindMatrices: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1]) });
  const times = new Float32Array([0, 1 / 30, 2 / 30]);
  scene.animations.push({
    name: 'stand',
    duration: 2 / 30,
    channels: [
      { node: tip, path: 'rotation', interpolation: 'LINEAR', times, values: new Float32Array([0, 0, 0, 1, 0, 0, 0.0998, 0.995, 0, 0, 0, 1]) },
      { node: tip, path: 'translation', interpolation: 'LINEAR', times, values: new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0]) },
    ],
  });
  return scene;
}

/**
 * Writes the warm-up scene in every format, reads each back and exports it, in memory. Best
 * effort: a format that refuses it is simply not warmed. Returns the formats that were.
 */
export async function warmUp(kernels?: 'wasm' | 'js'): Promise<string[]> {
  if (kernels !== 'js') await ready();
  const warmed: string[] = [];
  for (const writer of writers) {
    try {
      const { files } = writer.write(warmUpScene());
      const names = Object.keys(files);
      const main = names.find((n) => n.toLowerCase().endsWith(writer.extension)) ?? names[0];
      const byName = new Map(names.map((n) => [n.toLowerCase(), files[n]]));
      const resolve = ((name: string) => byName.get(name.toLowerCase().replace(/^.*[\\/]/, ''))) as Resolver;
      resolve.list = () => names;
      const format = formats.find((f) => f.id === writer.id);
      if (!format) continue;
      const scene = await format.parse(files[main], { fileName: main, resolve, kernels });
      await toGlb(scene, { resolve });
      warmed.push(writer.id);
    } catch {
      /* not warmed: the first real file of this format pays instead */
    }
  }
  return warmed;
}
