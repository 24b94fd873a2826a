/**
 * An object's geometry as a mesh: one primitive per material block, each with its own compact
 * vertex set and bone palette (docs/formats/o3d.md §2.4, §5.3). The file's arrays are only read.
 */
import { mirrorZ, zeroNonFinite, type Primitive } from '@relic3d/core';
import { OBJECT_SKIN, type O3dGeometry, type O3dMaterialBlock, type O3dObject } from '../file.js';
import { warnOnce, type BuildContext } from './context.js';
import { countNotFinite } from './finite.js';
import { material } from './materials.js';
import { skinWeights } from './skin.js';
import { vertexRecordsOf } from '../read/vertex-records.js';
import { columnsWhole, compactBlock, gatherVertices, isIdentity, vertexCountOf } from './vertices.js';

export function addMesh(ctx: BuildContext, object: O3dObject, name: string): { index: number; skinned: boolean } | undefined {
  const g = object.geometry;
  const vertexCount = vertexCountOf(g);
  // The parse's records hold the weights (read from there); other geometries carry columns.
  const skinData = object.type === OBJECT_SKIN && (g.skinRecords !== undefined || (g.weights && g.boneIndices));
  const skinned = !!skinData && !!ctx.skeleton;
  if (skinData && !ctx.skeleton) {
    warnOnce(ctx, 'O3D_NO_SKELETON', 'skinned objects have no skeleton (pass the .chr through options.skeleton or resolve); drawn in the bind pose');
  }
  checkVertexMap(ctx, g, name);

  const blocks = usableBlocks(ctx, g, name);
  const primitives: Primitive[] = [];
  const remap = new Int32Array(vertexCount).fill(-1);
  // Once a block has used every vertex in stored order, each non-finite vertex value has been
  // counted: the blocks after it share those vertices and count none again.
  let allCounted = false;
  for (const block of blocks) {
    const compact = compactBlock(g.indices, block, vertexCount, remap, ctx.kernels);
    if (compact.dropped) ctx.sink.warn('O3D_INDEX_RANGE', `${name}: ${compact.dropped} triangles index past the ${vertexCount} vertices; dropped`);
    if (!compact.indices.length) continue;
    const source = compact.source;
    const inOrder = isIdentity(source, vertexCount);
    let attributes: Primitive['attributes'];
    let notFinite: number;
    if (inOrder && !vertexRecordsOf(g) && columnsWhole(g, vertexCount)) {
      attributes = { POSITION: mirrorZ(g.positions), NORMAL: mirrorZ(g.normals), TEXCOORD_0: finiteOrCopy(g.uvs) };
      notFinite = zeroNonFinite(attributes.POSITION) + zeroNonFinite(attributes.NORMAL!) + zeroNonFinite(attributes.TEXCOORD_0!);
    } else ({ attributes, notFinite } = gatherVertices(g, source, ctx.kernels));
    if (!allCounted) countNotFinite(ctx, 'vertex values', notFinite);
    if (inOrder) allCounted = true;
    const primitive: Primitive = { attributes, indices: compact.indices };
    if (skinned) {
      const packed = skinWeights(ctx, object, block, source, name);
      primitive.attributes.JOINTS_0 = packed.joints;
      primitive.attributes.WEIGHTS_0 = packed.weights;
    }
    const index = material(ctx, object, g.materials, block);
    if (index !== undefined) primitive.material = index;
    primitive.extras = {
      textureId: block.textureId,
      effect: block.effect,
      amount: block.amount,
      startIndex: block.startIndex,
      primitiveCount: block.primitiveCount,
      useBones: Array.from(block.useBones),
    };
    primitives.push(primitive);
  }
  if (!primitives.length) return undefined;
  const index = ctx.scene.meshes.length;
  ctx.scene.meshes.push({ name, primitives });
  return { index, skinned };
}

/** The vertex-buffer → vertex-list map is not used; one that points past the list is reported. */
function checkVertexMap(ctx: BuildContext, g: O3dGeometry, name: string): void {
  const listCount = g.vertexList.length / 3;
  const map = g.vertexMap;
  let bad = 0;
  for (let i = 0, n = map.length; i < n; i++) if (map[i] >= listCount) bad++;
  if (bad) {
    ctx.sink.warn(
      'O3D_VERTEX_MAP_RANGE',
      `${name}: ${bad} vertex-buffer entries map past the ${listCount}-entry vertex list; the map is not used (the render vertices are complete)`,
    );
  }
}

/** Material blocks validated against the index buffer; a whole-mesh block when there are none. */
function usableBlocks(ctx: BuildContext, g: O3dGeometry, name: string): O3dMaterialBlock[] {
  const triangles = Math.floor(g.indices.length / 3);
  if (!g.blocks.length) {
    return [{ startIndex: 0, primitiveCount: triangles, textureId: 0, effect: 0, amount: 0, useBones: new Int32Array(0) }];
  }
  const out: O3dMaterialBlock[] = [];
  g.blocks.forEach((block, i) => {
    const ok =
      Number.isInteger(block.startIndex) &&
      block.startIndex >= 0 &&
      block.primitiveCount >= 0 &&
      block.startIndex + block.primitiveCount * 3 <= g.indices.length;
    if (ok) out.push(block);
    else {
      ctx.sink.warn(
        'O3D_BLOCK_RANGE',
        `${name}: material block ${i} (start ${block.startIndex}, ${block.primitiveCount} triangles) lies outside the ${g.indices.length} indices; skipped`,
      );
    }
  });
  return out;
}

/** The file's array itself when every value is finite (the scene only reads it), else a copy to scrub. */
function finiteOrCopy(values: Float32Array): Float32Array {
  for (let i = 0, n = values.length; i < n; i++) if (!Number.isFinite(values[i])) return values.slice();
  return values;
}
