import type * as THREE from 'three';

/**
 * Shows one LOD level of a THREE.LOD and stops distance switching, or (`'auto'`) restores it.
 */
export function setLodLevel(lod: THREE.LOD, level: number | 'auto'): void {
  if (level === 'auto') {
    lod.autoUpdate = true;
    return;
  }
  lod.autoUpdate = false;
  const keep = Math.max(0, Math.min(level, lod.levels.length - 1));
  lod.levels.forEach((l, k) => { l.object.visible = k === keep; });
}
