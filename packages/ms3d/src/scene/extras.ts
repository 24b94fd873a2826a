import type { Extras } from '@relic3d/core';
import type { Ms3dFile, Ms3dGroup } from '../file.js';

/** Scene facts with no scene field: header, editor state, trailer, per-vertex editor data. */
export function sceneExtras(file: Ms3dFile): Extras {
  const extras: Extras = {
    animationFps: file.animationFps,
    currentTime: file.currentTime,
    totalFrames: file.totalFrames,
    trailer: file.trailer.slice(),
    vertexFlags: file.vertices.flags,
    vertexReferenceCounts: file.vertices.referenceCounts,
    // As stored: JOINTS_0/WEIGHTS_0 hold them only after the viewer's rules and renormalising.
    vertexBoneIds: file.vertices.boneIds,
  };
  if (file.comments) {
    extras.comments = file.comments;
    if (file.comments.model !== undefined) extras.modelComment = file.comments.model;
  }
  if (file.vertexExtra) {
    extras.vertexExtraSubVersion = file.vertexExtra.subVersion;
    extras.vertexExtraBoneIds = file.vertexExtra.boneIds;
    extras.vertexExtraWeights = file.vertexExtra.weights;
    extras.vertexExtraWords = file.vertexExtra.extra;
  }
  if (file.jointExtra) extras.jointExtraSubVersion = file.jointExtra.subVersion;
  if (file.modelExtra) extras.modelExtra = file.modelExtra;
  if (file.unreadBytes) extras.unreadBytes = file.unreadBytes;
  return extras;
}

/** What an empty group says: it has no primitive to carry it. */
export function emptyGroupExtras(file: Ms3dFile, group: Ms3dGroup, g: number): Extras {
  const extras: Extras = { name: group.name, groupIndex: g, flags: group.flags, materialIndex: group.materialIndex };
  const comment = file.comments?.groups.find((c) => c.index === g);
  if (comment) extras.comment = comment.text;
  return extras;
}
