// Skins: joints (marked `joint` on their nodes), inverse bind matrices (identity where the file
// gives none or non-finite ones) and the skeleton root.
import type { Skin } from '@relic3d/core';
import { floats } from './accessors.js';
import type { ImportContext } from './context.js';
import { extrasWithout, textOf } from './values.js';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** One scene skin per glTF skin, in glTF order. */
export function createSkins(ctx: ImportContext): void {
  ctx.root.listSkins().forEach((g, s) => {
    const label = `skin '${textOf(g.getName()) || s}'`;
    const joints: number[] = [];
    for (const joint of g.listJoints()) {
      const j = ctx.nodes.get(joint);
      if (j === undefined) continue;
      joints.push(j);
      ctx.scene.nodes[j].joint = true;
    }
    if (!joints.length) ctx.warn('GLTF_SKIN_EMPTY', `${label} has no joints`);
    const ibm = new Float32Array(joints.length * 16);
    const accessor = g.getInverseBindMatrices();
    let missing = joints.length;
    if (accessor) {
      const values = accessor.getElementSize() === 16 ? floats(ctx, accessor).data : undefined;
      if (!values) ctx.warn('GLTF_SKIN_FIXED', `${label}: inverse bind matrices are not MAT4; identities used`);
      else {
        const n = Math.min(joints.length, values.length / 16);
        ibm.set(values.subarray(0, n * 16));
        missing = joints.length - n;
        // Non-finite matrices (floats made them 0) are no transform at all: identity, as if missing.
        let replaced = 0;
        for (let k = 0; k < n; k++) {
          let finite = true;
          for (let c = 0; c < 16 && finite; c++) if (!Number.isFinite(accessor.getArray()![k * 16 + c])) finite = false;
          if (!finite) {
            ibm.set(IDENTITY, k * 16);
            replaced++;
          }
        }
        if (replaced) ctx.warn('GLTF_SKIN_FIXED', `${label}: ${replaced} inverse bind matrices are not finite; identities used`);
        if (missing) ctx.warn('GLTF_SKIN_FIXED', `${label}: ${missing} joints have no inverse bind matrix; identities used`);
      }
    }
    // Without an accessor glTF means identities.
    for (let k = joints.length - missing; k < joints.length; k++) ibm.set(IDENTITY, k * 16);
    const skin: Skin = { joints, inverseBindMatrices: ibm };
    const name = textOf(g.getName());
    if (name) skin.name = name;
    const skeleton = g.getSkeleton();
    if (skeleton && ctx.nodes.has(skeleton)) skin.skeleton = ctx.nodes.get(skeleton);
    const extras = extrasWithout(g.getExtras());
    if (extras) skin.extras = extras;
    ctx.skins.set(g, ctx.scene.skins.push(skin) - 1);
  });
}
