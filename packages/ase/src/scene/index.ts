import { Z_UP_TO_Y_UP, createScene, type Mesh, type Scene, type WarningSink } from '@relic3d/core';
import { FORMAT_ID, type AseFile, type AseParseOptions } from '../file.js';
import { buildAnimation } from './animation.js';
import { IDENTITY, det3, inv, mul, rowsToMatrix, type M4 } from './axes.js';
import { camera, light } from './cameras-lights.js';
import { fillExtras } from './extras.js';
import { MaterialTable } from './materials.js';
import { buildMesh } from './mesh.js';
import { collectNodes, linkHierarchy, localMatrices, worldMatrices } from './nodes.js';
import { shapeMesh } from './shapes.js';
import { vouchFinite } from './scrub-once.js';
import { boneJoints } from './skin.js';

/**
 * The scene of a raw ASE file (never modified). `inputBytes`: the size of the file, which bounds how
 * many animation samples the scene may make.
 */
export function buildAseScene(file: AseFile, options: AseParseOptions, sink: WarningSink, inputBytes: number): Scene {
  const scene = createScene(FORMAT_ID, file.version);
  fillExtras(scene, file);
  const materials = new MaterialTable(scene, file, sink);

  const { entries, yInv } = collectNodes(scene, file);
  const nodes = scene.nodes;
  const world = worldMatrices(nodes, entries, sink);
  const byName = linkHierarchy(scene, entries, sink);
  const locals = localMatrices(nodes, world);

  // Meshes, shapes, cameras, lights.
  for (const e of entries) {
    const node = nodes[e.node];
    const obj = e.obj;
    // World (Max) → node-local scene axes: G⁻¹ · C = Y⁻¹ · W⁻¹ (only geometry needs it).
    const toLocalOf = (w: M4) => {
      const wInv = inv(w) ?? IDENTITY;
      return e.yInverse ? mul(Z_UP_TO_Y_UP, wInv) : wInv;
    };
    if (obj.kind === 'geom' && obj.mesh) {
      const w = rowsToMatrix(e.tm?.rows);
      const ref = obj.materialRef !== undefined ? materials.material(obj.materialRef) : undefined;
      if (obj.materialRef !== undefined && !ref) sink.warn('ASE_BAD_MATERIAL_REF', `object '${node.name}': *MATERIAL_REF ${obj.materialRef} names no material`, obj.offset);
      const wire = !ref && obj.wireframeColor ? materials.wireframe(obj.wireframeColor) : undefined;
      const mesh = buildMesh({
        name: node.name,
        mesh: obj.mesh,
        toLocal: toLocalOf(w),
        normalToLocal: e.yInverse ? Z_UP_TO_Y_UP : IDENTITY,
        mirrored: det3(w) < 0,
        materialOf: (id) => (ref ? materials.resolve(ref, id, node.name) : wire),
        useFileNormals: options.fileNormals !== false,
        kernels: options.kernels,
        offset: obj.offset,
        frames: obj.meshFrames,
        boneJoints: obj.mesh.weights ? boneJoints(scene, obj, e.node, byName, world, sink) : undefined,
        sink,
      });
      if (mesh) node.mesh = pushMesh(scene, mesh);
    } else if (obj.kind === 'shape' && obj.shapeLines?.length) {
      const mesh = shapeMesh(node.name, obj, toLocalOf(rowsToMatrix(e.tm?.rows)));
      if (mesh) node.mesh = pushMesh(scene, mesh);
    } else if (obj.kind === 'camera') {
      node.camera = scene.cameras.length;
      scene.cameras.push(camera(obj, node.name, options));
    } else if (obj.kind === 'light') {
      node.light = scene.lights.length;
      scene.lights.push(light(obj, node.name));
    }
    if (e.target !== undefined) node.extras = { ...node.extras, target: e.target };
  }

  buildAnimation(scene, file, inputBytes, entries, locals, yInv, sink);
  vouchFinite(scene, sink);
  return scene;
}

function pushMesh(scene: Scene, mesh: Mesh): number {
  scene.meshes.push(mesh);
  return scene.meshes.length - 1;
}
