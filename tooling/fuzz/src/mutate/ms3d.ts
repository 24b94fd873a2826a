// MS3D: a fixed layout of u16-counted sections (spec ms3d.md). The walker finds every count,
// index, name and key time; mutations lie in counts (the group triangle lists among them), point
// indices past their arrays, make joint parents cycle and key times disorder, and drop NULs.
import type { Mutator, Random } from '../types.js';
import { HOSTILE_FLOATS, lieFor, pick, randInt, view } from './bytes.js';

export type Ms3dFieldKind = 'count16' | 'count32' | 'vertexIndex' | 'triangleIndex' | 'boneId' | 'material' | 'name' | 'parent' | 'keyTime' | 'float' | 'subVersion' | 'length' | 'index32';

export interface Ms3dField {
  at: number;
  kind: Ms3dFieldKind;
  /** What the field counts or names, for labels. */
  what: string;
}

export interface Ms3dLayout {
  fields: Ms3dField[];
  /** Offsets of the joint name fields (32 bytes), for parent lies. */
  jointNames: number[];
  vertexCount: number;
  triangleCount: number;
}

/** Walks the layout as far as the bytes go (no throwing: a cut file gives the fields before the cut). */
export function ms3dLayout(bytes: Uint8Array): Ms3dLayout {
  const v = view(bytes);
  const fields: Ms3dField[] = [];
  const jointNames: number[] = [];
  const layout = { fields, jointNames, vertexCount: 0, triangleCount: 0 };
  let at = 14;
  const has = (n: number) => at + n <= bytes.length;
  const u16 = (kind: Ms3dFieldKind, what: string) => {
    fields.push({ at, kind, what });
    const n = v.getUint16(at, true);
    at += 2;
    return n;
  };
  const i32 = (kind: Ms3dFieldKind, what: string) => {
    fields.push({ at, kind, what });
    const n = v.getInt32(at, true);
    at += 4;
    return n;
  };
  if (!has(2)) return layout;
  const nv = (layout.vertexCount = u16('count16', 'vertices'));
  for (let i = 0; i < nv; i++, at += 15) {
    if (!has(15)) return layout;
    if (i < 64) fields.push({ at: at + 1, kind: 'float', what: `vertex ${i} x` }, { at: at + 13, kind: 'boneId', what: `vertex ${i} bone` });
  }
  if (!has(2)) return layout;
  const nt = (layout.triangleCount = u16('count16', 'triangles'));
  for (let i = 0; i < nt; i++, at += 70) {
    if (!has(70)) return layout;
    if (i < 64) {
      for (let c = 0; c < 3; c++) fields.push({ at: at + 2 + c * 2, kind: 'vertexIndex', what: `triangle ${i} corner ${c}` });
      fields.push({ at: at + 8, kind: 'float', what: `triangle ${i} normal` }, { at: at + 44, kind: 'float', what: `triangle ${i} s` });
    }
  }
  if (!has(2)) return layout;
  const ng = u16('count16', 'groups');
  for (let g = 0; g < ng; g++) {
    if (!has(35)) return layout;
    fields.push({ at: at + 1, kind: 'name', what: `group ${g} name` });
    at += 33;
    const n = u16('count16', `group ${g} triangle indices`);
    for (let k = 0; k < n; k++, at += 2) {
      if (!has(2)) return layout;
      if (k < 16) fields.push({ at, kind: 'triangleIndex', what: `group ${g} triangle ${k}` });
    }
    if (!has(1)) return layout;
    fields.push({ at, kind: 'material', what: `group ${g} material` });
    at += 1;
  }
  if (!has(2)) return layout;
  const nm = u16('count16', 'materials');
  for (let m = 0; m < nm; m++, at += 361) {
    if (!has(361)) return layout;
    fields.push({ at, kind: 'name', what: `material ${m} name` }, { at: at + 100, kind: 'float', what: `material ${m} transparency` }, { at: at + 105, kind: 'name', what: `material ${m} texture` });
  }
  if (!has(12)) return layout;
  fields.push({ at, kind: 'float', what: 'fps' }, { at: at + 4, kind: 'float', what: 'current time' });
  at += 8;
  i32('count32', 'total frames');
  if (!has(2)) return layout;
  const nj = u16('count16', 'joints');
  for (let j = 0; j < nj; j++) {
    if (!has(93)) return layout;
    jointNames.push(at + 1);
    fields.push({ at: at + 33, kind: 'parent', what: `joint ${j} parent` }, { at: at + 65, kind: 'float', what: `joint ${j} rotation` });
    at += 89;
    const nRot = u16('count16', `joint ${j} rotation keys`);
    const nPos = u16('count16', `joint ${j} position keys`);
    for (let k = 0; k < nRot + nPos; k++, at += 16) {
      if (!has(16)) return layout;
      if (k < 8) fields.push({ at, kind: 'keyTime', what: `joint ${j} key ${k} time` }, { at: at + 4, kind: 'float', what: `joint ${j} key ${k} value` });
    }
  }
  // Trailer: comments, vertex extra, joint extra, model extra (each behind a sub-version).
  if (!has(4)) return layout;
  if (i32('subVersion', 'comments') !== 1) return layout;
  for (const list of ['group', 'material', 'joint']) {
    if (!has(4)) return layout;
    const n = i32('count32', `${list} comments`);
    for (let c = 0; c < n; c++) {
      if (!has(8)) return layout;
      fields.push({ at, kind: 'index32', what: `${list} comment ${c} index` });
      at += 4;
      const len = i32('length', `${list} comment ${c} length`);
      if (len < 0 || !has(len)) return layout;
      at += len;
    }
  }
  if (!has(4)) return layout;
  const models = i32('count32', 'model comments');
  for (let c = 0; c < models; c++) {
    if (!has(4)) return layout;
    const len = i32('length', 'model comment length');
    if (len < 0 || !has(len)) return layout;
    at += len;
  }
  if (!has(4)) return layout;
  const sv = i32('subVersion', 'vertex extra');
  const size = sv === 1 ? 6 : sv === 2 ? 10 : sv === 3 ? 14 : 0;
  if (!size) return layout;
  for (let i = 0; i < nv && has(size); i++, at += size) if (i < 32) fields.push({ at, kind: 'boneId', what: `vertex extra ${i} bone` });
  if (!has(4)) return layout;
  if (i32('subVersion', 'joint extra') !== 1) return layout;
  at += nj * 12;
  if (has(4)) i32('subVersion', 'model extra');
  return layout;
}

function lieAt(bytes: Uint8Array, f: Ms3dField, random: Random, layout: Ms3dLayout): { bytes: Uint8Array; label: string } {
  const out = bytes.slice();
  const v = view(out);
  let value: string;
  switch (f.kind) {
    case 'count16': {
      const n = v.getUint16(f.at, true);
      const x = random() < 0.5 ? pick(random, [0, 1, 0xffff, 0xfffe, n + 1, n - 1, n * 2]) : lieFor(random, n);
      v.setUint16(f.at, x & 0xffff, true);
      value = String(x & 0xffff);
      break;
    }
    case 'vertexIndex':
    case 'triangleIndex': {
      const limit = f.kind === 'vertexIndex' ? layout.vertexCount : layout.triangleCount;
      const x = pick(random, [limit, limit + 1, 0xffff, 0xfffe, 0]);
      v.setUint16(f.at, x & 0xffff, true);
      value = String(x & 0xffff);
      break;
    }
    case 'boneId':
    case 'material': {
      const x = pick(random, [0x7f, 0x80, 0xff, 0xfe, 1, 2, 127]);
      out[f.at] = x;
      value = String(x);
      break;
    }
    case 'name': {
      // No NUL in the whole field, or control characters (escape sequences) and path climbs.
      const text = pick(random, ['A'.repeat(40), '\x1b[2J\x1b[H all OK', '..\\..\\..\\etc\\passwd', '/etc/passwd', '']);
      for (let i = 0; i < 32 && f.at + i < out.length; i++) out[f.at + i] = i < text.length ? text.charCodeAt(i) : 0;
      value = JSON.stringify(text);
      break;
    }
    case 'parent': {
      // Another joint's name (often a child: a cycle), the joint's own name, or an unknown one.
      const names = layout.jointNames;
      const from = names.length ? pick(random, names) : f.at;
      const self = f.at - 32;
      const src = random() < 0.3 ? self : from;
      out.copyWithin(f.at, src, src + 32);
      value = src === self ? 'itself' : `name@${src}`;
      break;
    }
    case 'keyTime':
    case 'float': {
      const x = f.kind === 'keyTime' && random() < 0.4 ? pick(random, [-1, 1e9, -1e9, 0]) : pick(random, HOSTILE_FLOATS);
      v.setFloat32(f.at, x, true);
      value = String(x);
      break;
    }
    default: {
      const n = v.getInt32(f.at, true);
      const x = f.kind === 'subVersion' ? pick(random, [0, 1, 2, 3, 4, -1]) : lieFor(random, n);
      v.setInt32(f.at, x, true);
      value = String(x);
    }
  }
  return { bytes: out, label: `ms3d.${f.kind} ${f.what}@${f.at}→${value}` };
}

const fieldLie: Mutator = (bytes, random) => {
  const layout = ms3dLayout(bytes);
  if (!layout.fields.length) return undefined;
  // Counts first: half of the lies go to a count field.
  const counts = layout.fields.filter((f) => f.kind === 'count16' || f.kind === 'count32' || f.kind === 'length');
  const f = random() < 0.5 && counts.length ? pick(random, counts) : pick(random, layout.fields);
  return lieAt(bytes, f, random, layout);
};

/** Several lies of the same kind at once (e.g. every group triangle index, or two parents into a cycle). */
const fieldLies: Mutator = (bytes, random) => {
  const layout = ms3dLayout(bytes);
  if (!layout.fields.length) return undefined;
  const kind = pick(random, layout.fields).kind;
  const same = layout.fields.filter((f) => f.kind === kind);
  let out = bytes;
  const labels: string[] = [];
  const n = 2 + randInt(random, 6);
  for (let i = 0; i < n; i++) {
    const m = lieAt(out, pick(random, same), random, layout);
    out = m.bytes;
    labels.push(m.label);
  }
  return { bytes: out, label: labels.join('; ') };
};

export const ms3dMutators: Mutator[] = [fieldLie, fieldLie, fieldLies];
