import * as THREE from 'three';
import type { Interpolation } from '@relic3d/core';

/**
 * glTF CUBICSPLINE: per key [inTangent, value, outTangent], Hermite with tangents scaled by the
 * key interval. three's own InterpolateSmooth is a different spline, so tracks get this one.
 */
export class CubicSplineInterpolant extends THREE.Interpolant {
  constructor(
    times: ArrayLike<number>,
    values: ArrayLike<number>,
    valueSize: number,
    result?: ArrayLike<number>,
    private readonly quaternion = false,
  ) {
    super(times as never, values as never, valueSize, result as never);
  }

  protected copySampleValue_(index: number): ArrayLike<number> {
    const result = this.resultBuffer as unknown as Float32Array;
    const values = this.sampleValues as unknown as Float32Array;
    const size = this.valueSize;
    const offset = index * size * 3 + size;
    for (let i = 0; i < size; i++) result[i] = values[offset + i];
    return result;
  }

  protected interpolate_(i1: number, t0: number, t: number, t1: number): ArrayLike<number> {
    const result = this.resultBuffer as unknown as Float32Array;
    const values = this.sampleValues as unknown as Float32Array;
    const size = this.valueSize;
    const td = t1 - t0;
    const p = (t - t0) / td;
    const pp = p * p;
    const ppp = pp * p;
    const offset1 = i1 * size * 3;
    const offset0 = offset1 - size * 3;
    const s2 = -2 * ppp + 3 * pp;
    const s3 = ppp - pp;
    const s0 = 1 - s2;
    const s1 = s3 - pp + p;
    for (let i = 0; i < size; i++) {
      const p0 = values[offset0 + size + i];
      const m0 = values[offset0 + 2 * size + i] * td;
      const p1 = values[offset1 + size + i];
      const m1 = values[offset1 + i] * td;
      result[i] = s0 * p0 + s1 * m0 + s2 * p1 + s3 * m1;
    }
    if (this.quaternion) {
      const l = Math.hypot(result[0], result[1], result[2], result[3]) || 1;
      for (let i = 0; i < 4; i++) result[i] /= l;
    }
    return result;
  }
}

type Factory = ((this: THREE.KeyframeTrack, result?: unknown) => THREE.Interpolant) & { isCubicSpline?: boolean };

/** Applies a core interpolation mode to a three track. */
export function applyInterpolation(track: THREE.KeyframeTrack, interpolation: Interpolation): THREE.KeyframeTrack {
  if (interpolation === 'STEP') {
    track.setInterpolation(THREE.InterpolateDiscrete);
  } else if (interpolation === 'CUBICSPLINE') {
    const quaternion = track instanceof THREE.QuaternionKeyframeTrack;
    const factory: Factory = function (this: THREE.KeyframeTrack, result?: unknown) {
      return new CubicSplineInterpolant(this.times, this.values, this.getValueSize() / 3, result as ArrayLike<number>, quaternion);
    };
    factory.isCubicSpline = true;
    (track as unknown as { createInterpolant: Factory }).createInterpolant = factory;
  } else {
    track.setInterpolation(THREE.InterpolateLinear);
  }
  return track;
}

/** The core interpolation a track uses (inverse of `applyInterpolation`). */
export function interpolationOf(track: THREE.KeyframeTrack): Interpolation {
  if (((track as unknown as { createInterpolant: Factory }).createInterpolant).isCubicSpline) return 'CUBICSPLINE';
  return track.getInterpolation() === THREE.InterpolateDiscrete ? 'STEP' : 'LINEAR';
}
