/** One GMObject (docs/formats/o3d.md §2.2, §2.5): type, palette, parent, local TM, geometry, TM keys. */
import { LIGHT_BIT, LIMITS, OBJECT_NORMAL, OBJECT_SKIN, type O3dObject } from '../file.js';
import { readGeometry } from './geometry.js';
import { KEY_BYTES, KEY_FLOATS } from './layout.js';
import { own, type Reading } from './reading.js';

export function readObject(reading: Reading, frameCount: number): O3dObject {
  const { r } = reading;
  const at = r.offset;
  const typeRaw = r.u32();
  const type = typeRaw & 0xffff;
  if (type !== OBJECT_NORMAL && type !== OBJECT_SKIN) r.fail('object type 0 (normal) or 1 (skin)', String(type), 'BAD_VALUE', at);
  const nUseAt = r.offset;
  const nUse = r.i32();
  if (nUse < 0 || nUse > LIMITS.palette) r.fail(`an object palette size of 0..${LIMITS.palette}`, String(nUse), 'BAD_COUNT', nUseAt);
  const useBones = own(r.i32Array(nUse, 'object palette'), reading);
  const id = r.i32();
  const parentIndex = r.i32();
  const parentType = parentIndex !== -1 ? r.i32() : -1;
  const localTM = r.mat4();
  const geometry = readGeometry(reading, type === OBJECT_SKIN);
  const object: O3dObject = { typeRaw, type, light: (typeRaw & LIGHT_BIT) !== 0, useBones, id, parentIndex, parentType, localTM, geometry };
  if (type === OBJECT_NORMAL && frameCount > 0) {
    const has = r.i32();
    if (has !== 0) {
      r.count(frameCount, KEY_BYTES, 'object TM keys');
      object.tmAnimation = own(r.f32Array(frameCount * KEY_FLOATS, 'object TM keys'), reading);
    }
  }
  return object;
}
