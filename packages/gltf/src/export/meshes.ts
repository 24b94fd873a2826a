// Meshes: primitives with their attributes, indices, joint weights, morph targets and materials.
import { ATTRIBUTE_SIZES, math, type Mesh, type Primitive } from '@relic3d/core';
import { accessor, attributeAccessor, indicesFor, interleaveVertices, vec3Bounds } from './accessors.js';
import type { ExportContext } from './context.js';
import { materialFor } from './materials.js';
import type { Json } from './output.js';
import { finiteOr, finiteValues } from './sanitize.js';
import { skinWeights } from './skins.js';
import { transformTangents, transformVectors } from './transforms.js';

const MODES = { POINTS: 0, LINES: 1, LINE_LOOP: 2, LINE_STRIP: 3, TRIANGLES: 4 } as const;

/** Scene mesh `index` as it is, built once however many nodes draw it (null: nothing drawable). */
export function meshFor(ctx: ExportContext, index: number, jointLimit: number | undefined): number | null {
  if (ctx.meshes.has(index)) return ctx.meshes.get(index)!;
  const mesh = buildMesh(ctx, ctx.scene.meshes[index], ctx.scene.meshes[index].name || `mesh_${index}`, jointLimit);
  ctx.meshes.set(index, mesh);
  return mesh;
}

/**
 * Mesh `index` as node `node` draws it after its carry (scene world = glTF world · carry): the
 * primitives it does not skin are transformed by the carry, normals and tangents with it. A copy
 * named after the node when other nodes draw the mesh too.
 */
export function bakedMesh(ctx: ExportContext, index: number, node: number, carry: Float64Array, shared: boolean, skinned: boolean, jointLimit: number | undefined): number | null {
  const source = ctx.scene.meshes[index];
  const normalMatrix = math.transpose(math.invert(carry, new Float64Array(16)) ?? math.identity(new Float64Array(16)), new Float64Array(16));
  const flip = math.determinant3(carry) < 0 ? -1 : 1;
  const primitives = source.primitives.map((prim): Primitive => {
    const a = prim.attributes;
    if (skinned && a.JOINTS_0 && a.WEIGHTS_0) return prim;
    const attributes = { ...a };
    if (a.POSITION) attributes.POSITION = transformVectors(a.POSITION, carry);
    // Normals by the inverse transpose; lengths are made unit with the other checks.
    if (a.NORMAL) attributes.NORMAL = transformVectors(a.NORMAL, normalMatrix);
    if (a.TANGENT) attributes.TANGENT = transformTangents(a.TANGENT, carry, flip);
    const targets = prim.targets?.map((target) => ({
      ...target,
      ...(target.POSITION ? { POSITION: transformVectors(target.POSITION, carry) } : {}),
      ...(target.NORMAL ? { NORMAL: transformVectors(target.NORMAL, normalMatrix) } : {}),
      ...(target.TANGENT ? { TANGENT: transformVectors(target.TANGENT, carry) } : {}),
    }));
    return { ...prim, attributes, ...(targets ? { targets } : {}) };
  });
  const name = source.name || `mesh_${index}`;
  const nodeName = ctx.scene.nodes[node].name || `node_${node}`;
  return buildMesh(ctx, { ...source, primitives }, shared ? `${name} (for ${nodeName})` : name, jointLimit);
}

/** A primitive being written, with what the mesh-level checks need. */
interface Written {
  def: Json;
  attributes: Record<string, number>;
  targets: Record<string, number>[];
  count: number;
}

function buildMesh(ctx: ExportContext, source: Mesh, name: string, jointLimit: number | undefined): number | null {
  const primitives: Written[] = [];
  let targetNames: (string | undefined)[] | undefined;
  source.primitives.forEach((prim, p) => {
    const label = `mesh '${source.name}' primitive ${p}`;
    const positions = prim.attributes.POSITION;
    const count = positions && positions.length % 3 === 0 ? positions.length / 3 : 0;
    const mode = prim.mode ?? 'TRIANGLES';
    const indices = prim.indices && count ? indicesFor(ctx, prim.indices, count, mode, label) : prim.indices;
    const elements = indices ? indices.length : count;
    if (!count || !elements) {
      ctx.warn('GLTF_PRIMITIVE_EMPTY', `${label} has no ${count ? 'indices' : 'vertices'}; left out`);
      return;
    }
    const written: Record<string, number> = {};
    const attributes = prim.attributes as unknown as Record<string, Float32Array | Uint16Array | undefined>;
    for (const name of Object.keys(attributes)) {
      const data = attributes[name];
      if (!data || name === 'JOINTS_0' || name === 'WEIGHTS_0') continue;
      const size = (ATTRIBUTE_SIZES as Record<string, number>)[name] ?? 3;
      if (!(data instanceof Float32Array) || data.length !== count * size) {
        ctx.warn('GLTF_ATTRIBUTE_SKIPPED', `${label}: ${name} has ${data.length} values for ${count} vertices of ${size}; left out`);
        continue;
      }
      written[name] = attributeAccessor(ctx, name, data, label);
    }
    const { JOINTS_0, WEIGHTS_0 } = prim.attributes;
    if (JOINTS_0 && WEIGHTS_0) {
      if (jointLimit === undefined || jointLimit === 0) {
        ctx.warn('GLTF_SKIN_MISSING', `${label} has joint weights but no node draws it with a skin; weights left out`);
      } else if (JOINTS_0.length !== count * 4 || WEIGHTS_0.length !== count * 4) {
        ctx.warn('GLTF_ATTRIBUTE_SKIPPED', `${label}: joint weights for ${WEIGHTS_0.length / 4} vertices of ${count}; left out`);
      } else {
        const clean = skinWeights(ctx, JOINTS_0, WEIGHTS_0, jointLimit, label);
        written.JOINTS_0 = accessor(ctx, clean.joints, 4, `joints:${jointLimit}`);
        written.WEIGHTS_0 = accessor(ctx, clean.weights, 4, `weights:${jointLimit}`);
      }
    }
    if (ctx.options.interleave) interleaveVertices(ctx, Object.values(written), count);
    const def: Json = { attributes: written };
    if (indices) def.indices = accessor(ctx, indices, 1, 'indices');
    if (mode !== 'TRIANGLES') def.mode = MODES[mode];
    const targets: Record<string, number>[] = [];
    prim.targets?.forEach((target, t) => {
      const gt: Record<string, number> = {};
      for (const key of ['POSITION', 'NORMAL', 'TANGENT'] as const) {
        const data = target[key];
        if (!data || written[key] === undefined) continue;
        if (data.length !== count * 3) {
          ctx.warn('GLTF_ATTRIBUTE_SKIPPED', `${label}: morph target ${t} ${key} has ${data.length} values for ${count} vertices; left out`);
          continue;
        }
        gt[key] = accessor(ctx, data, 3, `target:${key}`, (array) => {
          const fixed = ctx.finite ? { data: array, replaced: 0 } : finiteValues(array);
          if (fixed.replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite morph target ${key} values replaced by 0`);
          return key === 'POSITION' ? { data: fixed.data, ...vec3Bounds(fixed.data) } : fixed.data;
        });
      }
      if (Object.keys(gt).length === 0) gt.POSITION = zeroTarget(ctx, count);
      targets.push(gt);
    });
    if (prim.targets?.length && prim.targets.length > (targetNames?.length ?? 0)) targetNames = prim.targets.map((t) => t.name);
    if (prim.material !== undefined) {
      const material = materialFor(ctx, prim.material, prim);
      if (material !== undefined) def.material = material;
    }
    const extras = ctx.extras(prim.extras);
    if (extras) def.extras = extras;
    primitives.push({ def, attributes: written, targets, count });
  });
  if (primitives.length === 0) return null;
  // glTF needs the same number of morph targets on every primitive of a mesh.
  let targets = 0;
  for (const g of primitives) targets = Math.max(targets, g.targets.length);
  let padded = 0;
  if (targets) {
    for (const g of primitives) {
      for (let t = g.targets.length; t < targets; t++, padded++) g.targets.push({ POSITION: zeroTarget(ctx, g.count) });
      g.def.targets = g.targets;
    }
  }
  if (padded) ctx.warn('GLTF_TARGETS_PADDED', `mesh '${source.name}': ${padded} empty morph targets added so every primitive has ${targets}`);
  const mesh: Json = { name, primitives: primitives.map((g) => g.def) };
  if (source.weights?.length === targets && targets) mesh.weights = source.weights.map((w) => finiteOr(w, 0));
  const extras = ctx.extras(source.extras, targetNames?.some((n) => n) ? { targetNames } : undefined);
  if (extras) mesh.extras = extras;
  ctx.json.meshes.push(mesh);
  ctx.targetCounts.push(targets);
  return ctx.json.meshes.length - 1;
}

/** A morph target that moves nothing (one zero array per export and vertex count). */
function zeroTarget(ctx: ExportContext, count: number): number {
  let zeros = ctx.zeroTargets.get(count);
  if (!zeros) ctx.zeroTargets.set(count, (zeros = new Float32Array(count * 3)));
  return accessor(ctx, zeros, 3, 'target:POSITION', (data) => ({ data, min: [0, 0, 0], max: [0, 0, 0] }));
}
