// Meshes: one scene mesh per glTF mesh, its primitives with attributes, indices (strips and fans
// as triangle lists, indices past the vertices left out), material, morph targets and weights.
import type { Mesh as GMesh, Primitive as GPrimitive } from '@gltf-transform/core';
import type { Mesh, Primitive, PrimitiveMode } from '@relic3d/core';
import { indexArray } from './accessors.js';
import { readAttributes } from './attributes.js';
import type { ImportContext } from './context.js';
import { padTargets, readTargets, targetNames } from './morphs.js';
import { extrasWithout, finiteOr, textOf } from './values.js';

const MODES: PrimitiveMode[] = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP', 'TRIANGLES'];
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

/** One scene mesh per glTF mesh, in glTF order; needs the skins' joint counts (nodes draw meshes with skins). */
export function createMeshes(ctx: ImportContext): void {
  // The joint count each mesh's weights must fit: the smallest skin a node draws it with.
  const limits = new Map<GMesh, number>();
  for (const node of ctx.gltfNodes) {
    const mesh = node.getMesh();
    const joints = node.getSkin()?.listJoints().length ?? 0;
    if (mesh && joints) limits.set(mesh, Math.min(limits.get(mesh) ?? Infinity, joints));
  }
  ctx.root.listMeshes().forEach((g, m) => {
    const mesh = readMesh(ctx, g, m, limits.get(g));
    ctx.meshes.set(g, ctx.scene.meshes.push(mesh) - 1);
  });
}

function readMesh(ctx: ImportContext, g: GMesh, m: number, jointLimit: number | undefined): Mesh {
  const name = textOf(g.getName()) || `mesh_${m}`;
  const names = targetNames(g);
  const primitives: Primitive[] = [];
  g.listPrimitives().forEach((p, k) => {
    const prim = readPrimitive(ctx, p, `mesh '${name}' primitive ${k}`, jointLimit);
    if (!prim) return;
    const targets = readTargets(ctx, p, prim.attributes.POSITION.length / 3, names, `mesh '${name}' primitive ${k}`);
    if (targets.length) prim.targets = targets;
    primitives.push(prim);
  });
  const targets = padTargets(ctx, primitives, names, name);
  const mesh: Mesh = { name, primitives };
  const weights = g.getWeights();
  if (weights.length && targets) {
    if (weights.length === targets) mesh.weights = weights.map((w) => finiteOr(w, 0));
    else ctx.warn('GLTF_WEIGHTS_COUNT', `mesh '${name}' has ${weights.length} default morph weights for ${targets} targets; left out`);
  }
  const extras = extrasWithout(g.getExtras(), 'targetNames');
  if (extras) mesh.extras = extras;
  return mesh;
}

function readPrimitive(ctx: ImportContext, g: GPrimitive, label: string, jointLimit: number | undefined): Primitive | undefined {
  const position = g.getAttribute('POSITION');
  if (!position || position.getElementSize() !== 3 || position.getCount() === 0) {
    ctx.warn('GLTF_PRIMITIVE_DROPPED', `${label} has no VEC3 POSITION; left out`);
    return undefined;
  }
  const count = position.getCount();
  const attributes = readAttributes(ctx, g, count, jointLimit, label);
  if (!attributes.POSITION) {
    ctx.warn('GLTF_PRIMITIVE_DROPPED', `${label}: POSITION could not be read; left out`);
    return undefined;
  }
  const mode = g.getMode();
  const accessor = g.getIndices();
  let indices: Uint16Array | Uint32Array | undefined = accessor ? indexArray(ctx, accessor) : undefined;
  const prim: Primitive = { attributes };
  if (mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN) {
    indices = toTriangleList(indices ?? sequence(count), mode, count);
  } else if (!MODES[mode]) {
    ctx.warn('GLTF_PRIMITIVE_DROPPED', `${label} has mode ${mode}, which is not a glTF mode; left out`);
    return undefined;
  } else if (mode !== 4) prim.mode = MODES[mode];
  const triangles = mode === 4 || mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN;
  if (indices) {
    const kept = validIndices(indices, count, triangles ? 3 : mode === 1 ? 2 : 1);
    if (kept !== indices) {
      ctx.warn('GLTF_INDICES_FIXED', `${label}: ${indices.length - kept.length} indices left out (past the ${count} vertices, or not a whole ${triangles ? 'triangle' : 'line'})`);
      indices = kept;
    }
    if (!indices.length) {
      ctx.warn('GLTF_PRIMITIVE_DROPPED', `${label} has no valid ${triangles ? 'triangle' : 'element'} left; left out`);
      return undefined;
    }
    prim.indices = indices;
  } else if ((triangles && count % 3) || (mode === 1 && count % 2)) {
    const step = triangles ? 3 : 2;
    ctx.warn('GLTF_INDICES_FIXED', `${label}: ${count % step} vertices past the last whole ${triangles ? 'triangle' : 'line'} are not drawn`);
    prim.indices = sequence(count - (count % step));
  }
  const material = g.getMaterial();
  if (material) prim.material = ctx.materials.get(material);
  const extras = extrasWithout(g.getExtras());
  if (extras) prim.extras = extras;
  return prim;
}

function sequence(n: number): Uint16Array | Uint32Array {
  const out = n > 0x10000 ? new Uint32Array(n) : new Uint16Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Strip or fan elements as a triangle list, with the winding glTF gives each triangle. */
function toTriangleList(elements: Uint16Array | Uint32Array, mode: number, count: number): Uint16Array | Uint32Array {
  const n = Math.max(0, elements.length - 2);
  const out = count > 0x10000 ? new Uint32Array(n * 3) : new Uint16Array(n * 3);
  for (let i = 0; i < n; i++) {
    if (mode === TRIANGLE_FAN) {
      out[i * 3] = elements[i + 1];
      out[i * 3 + 1] = elements[i + 2];
      out[i * 3 + 2] = elements[0];
    } else {
      out[i * 3] = elements[i];
      out[i * 3 + 1] = elements[i + 1 + (i % 2)];
      out[i * 3 + 2] = elements[i + 2 - (i % 2)];
    }
  }
  return out;
}

/** `indices` when every group of `group` is whole and below `count`, else a copy of the groups that are. */
function validIndices<T extends Uint16Array | Uint32Array>(indices: T, count: number, group: number): T {
  const whole = indices.length - (indices.length % group);
  let bad = whole !== indices.length;
  for (let i = 0; i < whole && !bad; i++) if (indices[i] >= count) bad = true;
  if (!bad) return indices;
  const out = new (indices.constructor as { new (n: number): T })(whole);
  let n = 0;
  for (let i = 0; i < whole; i += group) {
    let ok = true;
    for (let k = 0; k < group; k++) if (indices[i + k] >= count) ok = false;
    if (!ok) continue;
    for (let k = 0; k < group; k++) out[n++] = indices[i + k];
  }
  return out.slice(0, n) as T;
}
