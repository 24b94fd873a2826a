// What each node draws: its mesh, skin, morph weights, camera and light.
import type { ImportContext } from './context.js';

/** Gives every node its mesh, skin, default morph weights, camera and light. */
export function attachContent(ctx: ImportContext): void {
  ctx.gltfNodes.forEach((g, i) => {
    const node = ctx.scene.nodes[i];
    const mesh = g.getMesh();
    if (mesh) node.mesh = ctx.meshes.get(mesh);
    const skin = g.getSkin();
    if (skin) {
      const s = ctx.skins.get(skin)!;
      // A skin without joints skins nothing (and the mesh's weights were left out).
      if (ctx.scene.skins[s].joints.length) node.skin = s;
      else ctx.warn('GLTF_SKIN_EMPTY', `node '${node.name}' has a skin without joints; not bound`);
    }
    const camera = g.getCamera();
    if (camera) node.camera = ctx.cameras.get(camera);
    const light = g.getExtension('KHR_lights_punctual');
    if (light && ctx.lights.has(light)) node.light = ctx.lights.get(light);
    const weights = g.getWeights();
    if (weights.length) {
      const targets = node.mesh !== undefined ? (ctx.scene.meshes[node.mesh].primitives[0]?.targets?.length ?? 0) : 0;
      if (weights.length === targets) node.weights = weights.map((w) => (Number.isFinite(w) ? w : 0));
      else ctx.warn('GLTF_WEIGHTS_COUNT', `node '${node.name}' has ${weights.length} morph weights for ${targets} targets; left out`);
    }
  });
}
