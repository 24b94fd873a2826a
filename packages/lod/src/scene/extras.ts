import type { Scene } from '@relic3d/core';
import type { LodFile } from '../file.js';
import type { Axis } from './axes.js';
import { imageMimeType } from './images.js';

/** What the scene model has no place for: file-level fields, raw blocks and unknown chunks. */
export function buildExtras(file: LodFile, scene: Scene, axis: Axis): void {
  const extras = scene.extras;
  extras.signature = file.signature;
  extras.upAxis = axis.up;
  extras.lod = { size: file.lod.size, count: file.lod.count };
  extras.chunkOrder = file.chunkOrder;
  extras.materialsType = file.materialLibraries.map((l) => l.materialsType);
  if (file.skeleton) extras.skeleton = { skelType: file.skeleton.skelType, boneCount: file.skeleton.bones.length };
  if (file.info) extras.info = file.info.text ?? { count: file.info.count, data: file.info.data, userChunks: file.info.userChunks };
  if (file.screenshot) {
    const mimeType = imageMimeType(file.screenshot.data, file.screenshot.name);
    extras.screenshot = { type: file.screenshot.type, name: file.screenshot.name, image: { ...(mimeType ? { mimeType } : {}), data: file.screenshot.data } };
  }
  if (file.morphCollections) extras.morphCollections = file.morphCollections;
  if (file.morphFrames) extras.morphFrames = { morphCollType: file.morphFrames.morphCollType, meshes: file.morphFrames.meshes.map(({ vertices: _v, ...rest }) => rest) };
  if (file.shaderLibraries.length) extras.shaders = file.shaderLibraries;
  if (file.unknownChunks.length) extras.unknownChunks = file.unknownChunks;
  if (file.extraLodBlocks) extras.extraLodBlocks = file.extraLodBlocks;
  if (file.trailingBytes) extras.trailingBytes = file.trailingBytes;
}
