import type { ByteReader, Quat } from '@relic3d/core';
import { bool, countOf, fixedString, lstr, type Chunk, type ReadContext } from './chunk.js';
import type {
  LodBody,
  LodCollider,
  LodColliderSet,
  LodGeom,
  LodJoint,
  LodLight,
  LodLightScheme,
  LodMorphCollection,
  LodMorphCollections,
  LodMorphFrames,
  LodMorphMeshFrames,
  LodPhysics,
  LodProxy,
  LodProxyItem,
  LodScreenshot,
} from './types.js';

/** Names separated by CR LF; the n-th name belongs to the n-th record. */
function splitNames(text: string, count: number): string[] {
  const parts = text.length ? text.split('\r\n') : [];
  return Array.from({ length: count }, (_, i) => parts[i] ?? '');
}

/** `PHS1` (Count 2): ODE bodies, geoms and joints (spec §7.1). */
export function readPhysics(chunk: Chunk): LodPhysics {
  const r = chunk.data;
  const physType = r.u8();
  const bodyNamesLength = countOf(r, 1, 'body-name bytes');
  const geomNamesLength = countOf(r, 1, 'geom-name bytes');
  const meshLinksCount = countOf(r, 4, 'mesh links');
  const bodyCount = countOf(r, 78, 'bodies');
  const geomCount = countOf(r, 70, 'geoms');
  const jointCount = countOf(r, 101, 'joints');
  const bodyNames = splitNames(fixedString(r, bodyNamesLength, 'body names'), bodyCount);
  const geomNames = splitNames(fixedString(r, geomNamesLength, 'geom names'), geomCount);
  const meshLinks = Array.from(r.i32Array(meshLinksCount, 'mesh links'));
  r.count(bodyCount * 78 + geomCount * 70 + jointCount * 101, 1, 'physics records');
  const bodies: LodBody[] = [];
  for (let i = 0; i < bodyCount; i++) {
    bodies.push({
      type: r.u8(),
      name: bodyNames[i],
      position: r.vec3(),
      scale: r.vec3(),
      rotation: r.quat(),
      axis: r.i32(),
      mass: r.f32(),
      density: r.f32(),
      tagFloat: r.f32(),
      enabled: bool(r),
      gravity: bool(r),
      finiteRotMode: bool(r),
      autoDisable: bool(r),
      autoDisableDefaults: bool(r),
      autoDisableLinearThreshold: r.f32(),
      autoDisableAngularThreshold: r.f32(),
      autoDisableTime: r.f32(),
      autoDisableSteps: r.i32(),
    });
  }
  const geoms: LodGeom[] = [];
  for (let i = 0; i < geomCount; i++) {
    geoms.push({
      type: r.u8(),
      name: geomNames[i],
      bodyIndex: r.i32(),
      position: r.vec3(),
      scale: r.vec3(),
      rotation: r.quat(),
      axis: r.i32(),
      mass: r.f32(),
      density: r.f32(),
      meshLink: r.i32(),
      meshLinkCount: r.i32(),
      tagFloat: r.f32(),
      enabled: bool(r),
    });
  }
  const joints: LodJoint[] = [];
  for (let i = 0; i < jointCount; i++) {
    joints.push({
      type: r.u8(),
      bodyIndex: [r.i32(), r.i32()],
      axis: [r.quat(), r.quat()],
      position: r.vec3(),
      params: {
        loStop: r.f32(),
        hiStop: r.f32(),
        vel: r.f32(),
        fMax: r.f32(),
        fudgeFactor: r.f32(),
        bounce: r.f32(),
        cfm: r.f32(),
        stopERP: r.f32(),
        stopCFM: r.f32(),
        suspensionERP: r.f32(),
        suspensionCFM: r.f32(),
      },
      tagFloat: r.f32(),
    });
  }
  return { physType, meshLinks, bodies, geoms, joints };
}

function readLight(r: ByteReader): LodLight {
  return {
    enabled: bool(r),
    style: r.u8(),
    position: r.vec3(),
    spotDirection: r.vec3(),
    ambient: r.vec4(),
    diffuse: r.vec4(),
    specular: r.vec4(),
    spotCutOff: r.f32(),
    spotExponent: r.f32(),
    constAtt: r.f32(),
    linearAtt: r.f32(),
    quadAtt: r.f32(),
  };
}

/** `LIG1` (Count 8): one scheme of eight OpenGL lights (spec §7.2). */
export function readLightScheme(chunk: Chunk): LodLightScheme {
  const r = chunk.data;
  const name = lstr(r, 'light scheme name');
  r.need(8 * 94, 'eight light records');
  const lights: LodLight[] = [];
  for (let i = 0; i < 8; i++) lights.push(readLight(r));
  return { name, lights };
}

/** Names stored as a length array then one string. */
function readNameList(r: ByteReader, count: number, what: string): string[] {
  const lengths = Array.from(r.i32Array(count, `${what} name lengths`));
  return lengths.map((n) => fixedString(r, n, `${what} name`));
}

/** `PXI1`: a proxy tree; the record size (54 or 56) follows from the chunk Size (spec §7.3). */
export function readProxy(chunk: Chunk): LodProxy {
  const r = chunk.data;
  const count = countOf(r, 4 + 54, 'proxy items');
  const names = readNameList(r, count, 'proxy item');
  const recordSize = count === 0 ? 56 : r.remaining / count;
  if (count > 0 && recordSize !== 54 && recordSize !== 56) {
    r.fail(`${count} proxy records of 54 or 56 bytes`, `${r.remaining} bytes`, 'BAD_SIZE');
  }
  const items: LodProxyItem[] = [];
  for (let i = 0; i < count; i++) {
    const parentIndex = r.i16();
    const gap = recordSize === 56 ? r.i16() : undefined;
    const item: LodProxyItem = {
      name: names[i],
      parentIndex,
      sourceMeshIndex: r.i16(),
      reserved: [r.i16(), r.i16(), r.i16(), r.i16()],
      position: r.vec3(),
      rotation: r.quat(),
      scale: r.vec3(),
      visible: bool(r),
      expanded: bool(r),
    };
    if (gap !== undefined) item.gap = gap;
    items.push(item);
  }
  return { meshIndex: chunk.count, recordSize, items };
}

/** `COL1`: one set of skeleton colliders (spec §7.4). */
export function readColliderSet(chunk: Chunk): LodColliderSet {
  const r = chunk.data;
  const name = lstr(r, 'collider set name');
  const count = r.count(chunk.count, 4 + 124, 'colliders');
  const names = readNameList(r, count, 'collider');
  const colliders: LodCollider[] = [];
  const axis = (): { axis: Quat; minAngle: number; maxAngle: number } => ({ axis: r.quat(), minAngle: r.f32(), maxAngle: r.f32() });
  r.count(count, 124, 'collider records');
  for (let i = 0; i < count; i++) {
    colliders.push({
      name: names[i],
      boneId: r.i16(),
      type: r.u8(),
      matrix: r.mat4(),
      tag: r.i32(),
      tagFloat: r.f32(),
      visible: bool(r),
      jointAxis: [axis(), axis()],
    });
  }
  return { name, colliders };
}

/** `IMG1`: the screenshot (spec §2.2). */
export function readScreenshot(chunk: Chunk): LodScreenshot {
  const r = chunk.data;
  const type = r.i32();
  const name = lstr(r, 'screenshot name');
  const length = countOf(r, 1, 'screenshot bytes');
  return { type, name, data: r.u8Array(length, 'screenshot data') };
}

/** `MAN1` with a given collection-record size; throws a FormatError when the layout does not fit. */
function readMorphCollectionsAs(chunk: Chunk, recordSize: 28 | 32): LodMorphCollections {
  const r = chunk.data;
  r.seek(0);
  const morphCollType = r.i32();
  const count = r.count(chunk.count, recordSize, 'morph collections');
  const heads = [];
  for (let i = 0; i < count; i++) {
    const nameLen = r.i32();
    const colliderNameLen = r.i32();
    const boneCount = r.i32();
    const animCount = r.i32();
    const gap = recordSize === 32 ? r.i32() : undefined;
    heads.push({ nameLen, colliderNameLen, boneCount, animCount, gap, parentId: r.i32(), parentBone: r.i32(), proxyId: r.i32() });
  }
  const collections: LodMorphCollection[] = [];
  const boneRecords = heads.map((h) => {
    r.count(h.boneCount, 8, 'morph collection bones');
    return Array.from({ length: h.boneCount }, () => ({ nameLen: r.i32(), parentId: r.i32() }));
  });
  const animRecords = heads.map((h) => {
    r.count(h.animCount, 13, 'morph collection animations');
    return Array.from({ length: h.animCount }, () => ({ nameLen: r.i32(), mode: r.u8(), interval: r.i32(), frameCount: r.i32() }));
  });
  heads.forEach((h, i) => {
    const name = fixedString(r, h.nameLen, 'collection name');
    const colliderName = fixedString(r, h.colliderNameLen, 'collection collider name');
    const bones = boneRecords[i].map((b) => ({ name: fixedString(r, b.nameLen, 'collection bone name'), parentId: b.parentId }));
    const animations = animRecords[i].map((a) => ({ name: fixedString(r, a.nameLen, 'collection animation name'), mode: a.mode, interval: a.interval, frameCount: a.frameCount }));
    const collection: LodMorphCollection = {
      name,
      colliderName,
      boneCount: h.boneCount,
      animCount: h.animCount,
      parentId: h.parentId,
      parentBone: h.parentBone,
      proxyId: h.proxyId,
      bones,
      animations,
      matrices: new Float32Array(0),
      colliders: new Float32Array(0),
    };
    if (h.gap !== undefined) collection.gap = h.gap;
    collections.push(collection);
  });
  const frameTotal = (c: LodMorphCollection) => c.animations.reduce((s, a) => s + a.frameCount, 0);
  for (const c of collections) {
    const frames = frameTotal(c);
    if (!(frames >= 0)) r.fail('non-negative morph frame counts', String(frames), 'BAD_COUNT');
    c.matrices = r.f32Array(c.boneCount * frames * 12, 'morph matrices').slice();
  }
  for (const c of collections) c.colliders = r.f32Array(frameTotal(c) * 10, 'morph colliders').slice();
  if (!r.eof) r.fail('the end of MAN1', `${r.remaining} bytes left`, 'BAD_SIZE');
  return { morphCollType, recordSize, collections };
}

/**
 * `MAN1` (spec §6.1). The seed's offsets leave a 4-byte gap in the collection record, so the record
 * is 28 or 32 bytes: the one whose layout ends exactly at the chunk end wins.
 */
export function readMorphCollections(chunk: Chunk, ctx: ReadContext): LodMorphCollections | undefined {
  let firstError: unknown;
  for (const size of [28, 32] as const) {
    try {
      return readMorphCollectionsAs(chunk, size);
    } catch (e) {
      firstError ??= e;
    }
  }
  ctx.sink.warn('LOD_MORPH_LAYOUT', `MAN1 fits neither a 28- nor a 32-byte collection record (${(firstError as Error).message}); skipped`, chunk.offset);
  return undefined;
}

/** `MMD1`: per-frame vertex positions of morph-animated meshes (spec §6.2). */
export function readMorphFrames(chunk: Chunk, ctx: ReadContext): LodMorphFrames {
  const r = chunk.data;
  const morphCollType = r.i32();
  const count = r.count(chunk.count, 20, 'morph meshes');
  const heads = Array.from({ length: count }, () => ({
    frameCount: r.i32(),
    vertexCount: r.i32(),
    meshIndex: r.i32(),
    meshNameLen: r.i32(),
    collectionNameLen: r.i32(),
  }));
  const names = heads.map((h) => [fixedString(r, h.meshNameLen, 'morph mesh name'), fixedString(r, h.collectionNameLen, 'morph collection name')]);
  const totalAt = r.absoluteOffset;
  const totalVertexCount = r.i32();
  const meshes: LodMorphMeshFrames[] = heads.map((h, i) => {
    if (h.frameCount < 0 || h.vertexCount < 0) r.fail('non-negative morph frame and vertex counts', `${h.frameCount} × ${h.vertexCount}`, 'BAD_COUNT');
    return {
      frameCount: h.frameCount,
      vertexCount: h.vertexCount,
      meshIndex: h.meshIndex,
      meshName: names[i][0],
      collectionName: names[i][1],
      vertices: r.f32Array(h.frameCount * h.vertexCount * 3, 'morph vertices').slice(),
    };
  });
  const sum = meshes.reduce((s, m) => s + m.frameCount * m.vertexCount, 0);
  if (sum !== totalVertexCount) ctx.sink.warn('LOD_COUNT_MISMATCH', `MMD1 total vertex count is ${totalVertexCount}, records give ${sum}`, totalAt);
  return { morphCollType, totalVertexCount, meshes };
}
