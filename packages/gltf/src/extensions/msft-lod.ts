import {
  Extension,
  ExtensionProperty,
  PropertyType,
  RefList,
  type IProperty,
  type Node,
  type Nullable,
  type ReaderContext,
  type WriterContext,
} from '@gltf-transform/core';

export const MSFT_LOD = 'MSFT_lod';

interface ILod extends IProperty {
  lods: RefList<Node>;
}

/**
 * MSFT_lod on a node: the node itself is the most detailed level, `lods` lists the coarser levels
 * in order. Viewers without the extension simply show the node (level 0).
 */
export class Lod extends ExtensionProperty<ILod> {
  static override EXTENSION_NAME = MSFT_LOD;
  declare extensionName: typeof MSFT_LOD;
  declare propertyType: 'Lod';
  declare parentTypes: [PropertyType.NODE];

  protected init(): void {
    this.extensionName = MSFT_LOD;
    this.propertyType = 'Lod';
    this.parentTypes = [PropertyType.NODE];
  }

  protected override getDefaults(): Nullable<ILod> {
    return Object.assign(super.getDefaults() as IProperty, { lods: new RefList<Node>() });
  }

  /** Coarser levels, level 1 first. */
  listLods(): Node[] {
    return this.listRefs('lods');
  }

  addLod(node: Node): this {
    return this.addRef('lods', node);
  }
}

/** glTF-Transform has no MSFT_lod; this reads and writes it. */
export class MSFTLod extends Extension {
  static override EXTENSION_NAME = MSFT_LOD;
  override readonly extensionName = MSFT_LOD;

  createLod(): Lod {
    return new Lod(this.document.getGraph());
  }

  read(context: ReaderContext): this {
    const nodeDefs = context.jsonDoc.json.nodes ?? [];
    nodeDefs.forEach((nodeDef, nodeIndex) => {
      const def = nodeDef.extensions?.[MSFT_LOD] as { ids?: number[] } | undefined;
      if (!def || !Array.isArray(def.ids)) return;
      const lod = this.createLod();
      for (const id of def.ids) {
        const target = context.nodes[id];
        if (target) lod.addLod(target);
      }
      context.nodes[nodeIndex].setExtension(MSFT_LOD, lod);
    });
    return this;
  }

  write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    for (const node of this.document.getRoot().listNodes()) {
      const lod = node.getExtension<Lod>(MSFT_LOD);
      if (!lod) continue;
      const nodeIndex = context.nodeIndexMap.get(node);
      if (nodeIndex === undefined || !json.nodes) continue;
      const ids = lod.listLods().map((n) => context.nodeIndexMap.get(n)).filter((i): i is number => i !== undefined);
      const nodeDef = json.nodes[nodeIndex];
      nodeDef.extensions = nodeDef.extensions ?? {};
      nodeDef.extensions[MSFT_LOD] = { ids };
    }
    return this;
  }
}
