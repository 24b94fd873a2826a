/**
 * Where the client hangs held items (docs/formats/o3d.md §3, §14): `CBones::LoadBone` finds the
 * hand and forearm bones by name from the seventh character on (after `Bip01 `), case-insensitive;
 * `CModelObject::Render` draws an element parented to bone b with `local × W_b × world`, where local
 * is the `.chr`'s `localRH` (right hand), `localLH` (left hand), `localShield` (left forearm) or
 * `localKnuckle` (right forearm).
 */
import type { ChrFile } from '../file.js';

export type HeldSlot = 'weapon' | 'leftWeapon' | 'shield' | 'knuckle';

const BONE_OF: Record<HeldSlot, string> = { weapon: 'r hand', leftWeapon: 'l hand', shield: 'l forearm', knuckle: 'r forearm' };
const IDENTITY = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** The bone a slot hangs on (−1 when the skeleton has none) and its offset (row-vector D3D matrix). */
export function heldAttachment(chr: ChrFile, slot: HeldSlot): { bone: number; local: Float32Array } {
  const bone = chr.bones.findIndex((b) => b.name.slice(6).toLowerCase() === BONE_OF[slot]);
  const local = slot === 'weapon' ? chr.localRH : slot === 'leftWeapon' ? (chr.localLH ?? IDENTITY) : slot === 'shield' ? chr.localShield : chr.localKnuckle;
  return { bone, local };
}
