import { BufferUtils, Extension, PropertyType, WriterContext, type Accessor, type GLTF } from '@gltf-transform/core';

/** Per-component bounds of POSITION data, by the array an accessor holds. */
export type PositionBounds = ReadonlyMap<object, { min: number[]; max: number[] }>;

const NAME = 'RELIC3D_separate_vertex_buffers';
const ARRAY_BUFFER = WriterContext.BufferViewTarget.ARRAY_BUFFER;

/**
 * A write-only helper, never named in the output: lays out each vertex attribute as its own tightly
 * packed buffer view, copied in bulk. glTF-Transform's writer otherwise goes through its
 * interleaving loop (a DataView write per component, also for its "separate" layout), which cost
 * more than parsing the file. The result is valid glTF: one accessor per buffer view, no
 * byteStride, 4-byte aligned (every attribute the exporter writes has 4-byte elements or larger).
 */
export class SeparateVertexBuffers extends Extension {
  static override EXTENSION_NAME = NAME;
  override readonly extensionName = NAME;
  override readonly prewriteTypes = [PropertyType.BUFFER];
  private placed: { accessor: number; data: Uint8Array }[] = [];
  /** POSITION bounds the exporter already computed, so the writer need not scan the data again. */
  positionBounds?: PositionBounds;

  read(): this {
    return this;
  }

  override prewrite(context: WriterContext): this {
    const json = context.jsonDoc.json;
    json.accessors ??= [];
    this.placed = [];
    for (const accessor of this.document.getRoot().listAccessors()) {
      if (context.accessorIndexMap.has(accessor) || accessor.getSparse()) continue;
      if (context.getAccessorUsage(accessor) !== WriterContext.BufferViewUsage.ARRAY_BUFFER) continue;
      const buffer = accessor.getBuffer();
      if (!buffer || accessor.getElementSize() * accessor.getComponentSize() < 4) continue;
      const data = BufferUtils.pad(BufferUtils.toView(accessor.getArray()!));
      const index = json.accessors.length;
      json.accessors.push(this.accessorDef(context, accessor));
      context.accessorIndexMap.set(accessor, index);
      let views = context.otherBufferViews.get(buffer);
      if (!views) context.otherBufferViews.set(buffer, (views = []));
      views.push(data);
      this.placed.push({ accessor: index, data });
    }
    return this;
  }

  /** context.createAccessorDef, with POSITION bounds taken from the exporter when it has them. */
  private accessorDef(context: WriterContext, accessor: Accessor): GLTF.IAccessor {
    const bounds = this.positionBounds?.get(accessor.getArray()!);
    const isPosition = () =>
      this.document
        .getGraph()
        .listParentEdges(accessor)
        .some((edge) => edge.getName() === 'attributes' && (edge.getAttributes() as { key?: string }).key === 'POSITION');
    if (!bounds || accessor.getNormalized() || !isPosition()) return context.createAccessorDef(accessor);
    const def = context.createPropertyDef(accessor) as GLTF.IAccessor;
    def.type = accessor.getType();
    def.componentType = accessor.getComponentType();
    def.count = accessor.getCount();
    def.max = bounds.max.map(Math.fround);
    def.min = bounds.min.map(Math.fround);
    return def;
  }

  write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    for (const { accessor, data } of this.placed) {
      const view = context.otherBufferViewsIndexMap.get(data)!;
      json.accessors![accessor].bufferView = view;
      json.bufferViews![view].target = ARRAY_BUFFER;
    }
    this.placed = [];
    // The writer lists every extension it ran; this one leaves nothing in the file to name.
    if (json.extensionsUsed) json.extensionsUsed = json.extensionsUsed.filter((name) => name !== NAME);
    if (json.extensionsRequired) json.extensionsRequired = json.extensionsRequired.filter((name) => name !== NAME);
    return this;
  }
}
