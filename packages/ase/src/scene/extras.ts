import type { Scene } from '@relic3d/core';
import type { AseFile, AseNodeTM, AseObject } from '../file.js';

/** What the file says that has no scene field: scene-wide values, then each node's. */
export function fillExtras(scene: Scene, file: AseFile): void {
  const x = scene.extras;
  x.encoding = file.encoding;
  if (file.comment !== undefined) x.comment = file.comment;
  const s = file.scene;
  if (s) {
    if (s.filename !== undefined) x.sceneFilename = s.filename;
    if (s.firstFrame !== undefined) x.firstFrame = s.firstFrame;
    if (s.lastFrame !== undefined) x.lastFrame = s.lastFrame;
    if (s.frameSpeed !== undefined) x.frameSpeed = s.frameSpeed;
    if (s.ticksPerFrame !== undefined) x.ticksPerFrame = s.ticksPerFrame;
    if (s.backgroundStatic) x.background = s.backgroundStatic;
    if (s.ambientStatic) x.ambient = s.ambientStatic;
    if (Object.keys(s.extras).length) x.sceneUnknown = s.extras;
  }
  if (file.declaredMaterials !== undefined) x.materialCount = file.declaredMaterials;
  if (Object.keys(file.extras).length) Object.assign(x, file.extras);
  if (s?.filename) scene.name = s.filename;
}

export function nodeExtras(obj: AseObject, tm: AseNodeTM | undefined): Record<string, unknown> {
  const x: Record<string, unknown> = { kind: obj.kind };
  if (obj.type !== undefined) x[obj.kind === 'helper' ? 'helperClass' : 'type'] = obj.type;
  if (obj.boundingBox) x.boundingBox = obj.boundingBox;
  if (obj.visibilityTrack !== undefined) x.visibilityTrack = obj.visibilityTrack;
  if (obj.wireframeColor) x.wireframeColor = obj.wireframeColor;
  if (obj.materialRef !== undefined) x.materialRef = obj.materialRef;
  if (obj.parent !== undefined) x.parentName = obj.parent;
  if (tm) {
    if (!tm.rows) x.emptyNodeTM = true;
    if (tm.inheritPos) x.inherit = { pos: tm.inheritPos, rot: tm.inheritRot, scl: tm.inheritScl };
  }
  if (obj.settingsAnimation) x.settingsAnimation = obj.settingsAnimation;
  const animationExtras = obj.animations.filter((a) => Object.keys(a.extras).length).map((a) => ({ nodeName: a.nodeName, ...a.extras }));
  if (animationExtras.length) x.tmAnimation = animationExtras;
  if (obj.mesh?.extras && Object.keys(obj.mesh.extras).length) x.mesh = obj.mesh.extras;
  if (Object.keys(obj.extras).length) Object.assign(x, obj.extras);
  return x;
}
