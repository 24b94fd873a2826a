import { baseNameOf, defaultMaterial, type Scene } from '@relic3d/core';
import type { MdlParseOptions } from '../file.js';
import { companionName } from './paths.js';

/**
 * One scene material per distinct material path. The `.mat` file itself is external JSON: its name
 * for the resolver is kept in `extras.materialFile`, and `applyMaterialFiles` reads it when the
 * caller's resolver has it.
 */
export class MaterialTable {
  private readonly byPath = new Map<string, number>();
  constructor(
    private readonly scene: Scene,
    private readonly options: MdlParseOptions,
  ) {}

  /** Material index for a path; undefined for '' (no material). */
  get(path: string): number | undefined {
    if (path === '') return undefined;
    let index = this.byPath.get(path);
    if (index === undefined) {
      index = this.scene.materials.length;
      const name = baseNameOf(path).replace(/\.mat$/i, '') || path;
      const material = defaultMaterial(name);
      material.extras = { materialPath: path, materialFile: companionName(path, '', this.options.baseFolder) };
      this.scene.materials.push(material);
      this.byPath.set(path, index);
    }
    return index;
  }
}
