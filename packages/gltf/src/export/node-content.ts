// What each node draws: its mesh (with the node's carry baked in when it has one), skin, morph
// weights, camera and light. Nodes under an LOD level that was not chosen draw nothing.
import type { ExportContext } from './context.js';
import { createCameras } from './cameras.js';
import { createLights } from './lights.js';
import { bakedMesh, meshFor } from './meshes.js';
import { finiteOr } from './sanitize.js';

/** Gives every node its mesh, skin, morph weights, camera and light. */
export function attachContent(ctx: ExportContext): void {
  // Joint limit per mesh: the smallest skin among the nodes that draw it with a skin.
  const jointLimit = new Map<number, number>();
  ctx.scene.nodes.forEach((node) => {
    if (node.mesh === undefined || node.skin === undefined || (ctx.skins[node.skin] ?? null) === null) return;
    const n = ctx.scene.skins[node.skin].joints.length;
    jointLimit.set(node.mesh, Math.min(jointLimit.get(node.mesh) ?? Infinity, n));
  });
  const gltfLights = createLights(ctx);
  const cameras = createCameras(ctx);

  const users = new Map<number, number>();
  ctx.scene.nodes.forEach((node, i) => {
    if (node.mesh !== undefined && !ctx.hiddenByLod.has(i)) users.set(node.mesh, (users.get(node.mesh) ?? 0) + 1);
  });
  ctx.scene.nodes.forEach((node, i) => {
    const g = ctx.json.nodes[i];
    if (ctx.hiddenByLod.has(i)) return;
    if (node.camera !== undefined && cameras[node.camera] !== undefined) g.camera = cameras[node.camera];
    if (node.light !== undefined && gltfLights[node.light] !== undefined) {
      g.extensions = { ...(g.extensions as object | undefined), KHR_lights_punctual: { light: gltfLights[node.light] } };
    }
    if (node.mesh === undefined || !ctx.scene.meshes[node.mesh]) return;
    const carry = ctx.plan.nodes[i].carry;
    // glTF, like the scene, draws skinned primitives with the joints alone: the carry is in the bind matrices.
    const withSkin = node.skin !== undefined && (ctx.skins[node.skin] ?? null) !== null;
    const rigid = ctx.scene.meshes[node.mesh].primitives.some((p) => !(withSkin && p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0));
    const mesh =
      carry && rigid
        ? bakedMesh(ctx, node.mesh, i, carry.linear, (users.get(node.mesh) ?? 0) > 1, withSkin, jointLimit.get(node.mesh))
        : meshFor(ctx, node.mesh, jointLimit.get(node.mesh));
    if (mesh === null) return;
    g.mesh = mesh;
    const primitives = ctx.json.meshes[mesh].primitives as { attributes: Record<string, number> }[];
    const skinned = primitives.some((p) => p.attributes.JOINTS_0 !== undefined);
    const skin = node.skin !== undefined ? ctx.skins[node.skin] : undefined;
    if (skin !== undefined && skin !== null && skinned) g.skin = skin;
    else if (skin !== undefined && skin !== null) ctx.warn('GLTF_SKIN_UNUSED', `node '${node.name}' has a skin but its mesh has no joint weights; the skin is not bound`);
    const targets = ctx.targetCounts[mesh];
    if (node.weights?.length) {
      if (node.weights.length === targets) g.weights = node.weights.map((w) => finiteOr(w, 0));
      else ctx.warn('GLTF_WEIGHTS_COUNT', `node '${node.name}' has ${node.weights.length} morph weights for ${targets} targets; left out`);
    }
  });
}
