/** The physics chunk's raw structure (lod.md §7), part of `LodFile` (file.ts). */
import type { Quat, Vec3 } from '@relic3d/core';

export interface LodBody {
  type: number;
  name: string;
  position: Vec3;
  scale: Vec3;
  rotation: Quat;
  axis: number;
  mass: number;
  density: number;
  tagFloat: number;
  enabled: boolean;
  gravity: boolean;
  finiteRotMode: boolean;
  autoDisable: boolean;
  autoDisableDefaults: boolean;
  autoDisableLinearThreshold: number;
  autoDisableAngularThreshold: number;
  autoDisableTime: number;
  autoDisableSteps: number;
}

/** A physics geom: it shares a body's leading fields, as the file does (lod.md §7.1). */
export interface LodGeom {
  type: number;
  name: string;
  bodyIndex: number;
  position: Vec3;
  scale: Vec3;
  rotation: Quat;
  axis: number;
  mass: number;
  density: number;
  meshLink: number;
  meshLinkCount: number;
  tagFloat: number;
  enabled: boolean;
}

export interface LodJoint {
  type: number;
  bodyIndex: [number, number];
  axis: [Quat, Quat];
  position: Vec3;
  /** dParamLoStop … dParamSuspensionCFM, in table order. */
  params: {
    loStop: number;
    hiStop: number;
    vel: number;
    fMax: number;
    fudgeFactor: number;
    bounce: number;
    cfm: number;
    stopERP: number;
    stopCFM: number;
    suspensionERP: number;
    suspensionCFM: number;
  };
  tagFloat: number;
}

export interface LodPhysics {
  physType: number;
  meshLinks: number[];
  bodies: LodBody[];
  geoms: LodGeom[];
  joints: LodJoint[];
}
