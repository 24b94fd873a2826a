import * as THREE from 'three';
import type { AnimationClip, Scene } from '@relic3d/core';
import { applyInterpolation } from './cubic.js';

const PROPERTY = { translation: 'position', rotation: 'quaternion', scale: 'scale' } as const;

/** A THREE.AnimationClip for a scene clip; track names use the (unique) node object names. */
export function createClip(
  clip: AnimationClip,
  scene: Scene,
  nodes: THREE.Object3D[],
  meshObjectsByNode: Map<number, THREE.Object3D[]>,
  warn: (code: string, message: string) => void,
): THREE.AnimationClip {
  const tracks: THREE.KeyframeTrack[] = [];
  for (const channel of clip.channels) {
    const target = nodes[channel.node];
    if (!target || channel.times.length === 0) continue;
    const times = channel.times;
    const values = channel.values;
    if (channel.path === 'weights') {
      const drawables = meshObjectsByNode.get(channel.node) ?? [];
      const morphed = drawables.filter((d) => (d as THREE.Mesh).morphTargetInfluences?.length);
      if (!morphed.length) {
        warn('ANIMATION_TARGET', `clip '${clip.name}': weights channel on node ${channel.node} has no morph targets`);
        continue;
      }
      for (const drawable of morphed) {
        tracks.push(applyInterpolation(new THREE.NumberKeyframeTrack(`${drawable.name}.morphTargetInfluences`, times, values), channel.interpolation));
      }
      continue;
    }
    const property = PROPERTY[channel.path];
    if (!property) continue;
    const name = `${target.name}.${property}`;
    const track = channel.path === 'rotation'
      ? new THREE.QuaternionKeyframeTrack(name, times, values)
      : new THREE.VectorKeyframeTrack(name, times, values);
    tracks.push(applyInterpolation(track, channel.interpolation));
  }
  const out = new THREE.AnimationClip(clip.name, clip.duration, tracks);
  out.userData = { ...(clip.extras ? { extras: clip.extras } : {}), source: scene.format };
  return out;
}
