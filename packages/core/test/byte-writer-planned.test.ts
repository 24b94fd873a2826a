// ByteWriter's planned writes: a ByteCounter pass, then one buffer of that size, with parts placed in it.
import { describe, expect, it } from 'vitest';
import { ByteCounter, ByteReader, ByteWriter, WriteError, isWriteError, type ByteSink } from '../src/index.js';

/** A serialiser in the shape of a format writer's: small fields, a placed bulk part, a part whose size shows only as it is written. */
function serialise(out: ByteSink, values: Float32Array, keepEvery: number): void {
  out.u8(3).i8(-1).u16(513).i16(-2).u32(0xdeadbeef).i32(-5).f32(0.5).f32s([1, 2]).bytes(Uint8Array.of(7, 7)).zeros(2).fixed(Uint8Array.of(65), 3);
  out.place(values.length * 4, (view, at) => {
    for (let k = 0; k < values.length; k++) view.setFloat32(at + k * 4, values[k], true);
  });
  out.placeUpTo(4 * values.length, (view, at) => {
    let n = 0;
    for (let k = 0; k < values.length; k += keepEvery, n++) view.setInt32(at + n * 4, k, true);
    return n * 4;
  });
  out.u8(0xee);
}

describe('ByteWriter: counted, then planned', () => {
  const values = Float32Array.from({ length: 1000 }, (_, k) => k * 0.25 - 17);

  it('writes the bytes a growable writer writes, in one buffer of the counted size', () => {
    const counter = new ByteCounter();
    serialise(counter, values, 3);
    // 33 bytes of fields + 4,000 placed + up to 4,000 + 1.
    expect(counter.length).toBe(33 + 4000 + 4000 + 1);
    const planned = ByteWriter.planned(counter.length, 'test');
    serialise(planned, values, 3);
    const grown = new ByteWriter(16);
    serialise(grown, values, 3);
    // 334 of the 1,000 kept (k = 0, 3, …, 999).
    expect(planned.length).toBe(33 + 4000 + 334 * 4 + 1);
    expect(planned.result()).toEqual(grown.result());
    const r = new ByteReader(planned.result(), { format: 'test' });
    expect([r.u8(), r.i8(), r.u16(), r.i16(), r.u32(), r.i32(), r.f32()]).toEqual([3, -1, 513, -2, 0xdeadbeef, -5, 0.5]);
    r.skip(33 - r.offset);
    expect(r.f32()).toBe(-17);
    r.skip(999 * 4 - 4);
    expect(r.f32()).toBe(999 * 0.25 - 17);
    expect([r.i32(), r.i32()]).toEqual([0, 3]);
  });

  it('finish() hands back the planned buffer itself when the parts filled it', () => {
    const counter = new ByteCounter();
    serialise(counter, values, 1);
    const planned = ByteWriter.planned(counter.length);
    serialise(planned, values, 1);
    expect(planned.length).toBe(counter.length);
    const out = planned.finish();
    expect(out.buffer).toBe(planned.target.buffer);
    expect(out.length).toBe(counter.length);
  });

  it('refuses to write past the plan with a typed error, whatever the write', () => {
    const writes: [string, (w: ByteWriter) => unknown][] = [
      ['u8', (w) => w.u8(1)],
      ['u32', (w) => w.u32(1)],
      ['f32s', (w) => w.f32s([1, 2])],
      ['bytes', (w) => w.bytes(new Uint8Array(5))],
      ['zeros', (w) => w.zeros(5)],
      ['place', (w) => w.place(5, () => undefined)],
      ['claim', (w) => w.claim(5)],
    ];
    for (const [what, write] of writes) {
      const w = ByteWriter.planned(6, 'o3d').u16(9);
      let error: unknown;
      try {
        for (let k = 0; k < 7; k++) write(w);
      } catch (e) {
        error = e;
      }
      expect(error, what).toBeInstanceOf(WriteError);
      expect(isWriteError(error) && [error.format, error.code, error.limit, error.max], what).toEqual(['o3d', 'OVER_LIMIT', 'planned bytes', 6]);
      expect(w.target.length, what).toBe(6);
    }
    expect(() => ByteWriter.planned(8, 'o3d').u32(1).f32s([1, 2])).toThrow('o3d: writing 8 bytes at offset 4 overruns the 8 bytes planned');
  });

  it('refuses a placed part that says it wrote more than it may, or a broken size', () => {
    for (const wrote of [9, -1, 2.5, NaN]) {
      const w = new ByteWriter(64, { format: 'lod' }).u32(1);
      expect(() => w.placeUpTo(8, () => wrote)).toThrow(WriteError);
      expect(w.length).toBe(4);
    }
    const w = new ByteWriter(64).u32(1);
    expect(() => w.claim(-4)).toThrow(WriteError);
    expect(() => w.claim(1.5)).toThrow(WriteError);
    expect(w.length).toBe(4);
  });

  it('claim() gives an offset to write a typed array straight into place, across growth', () => {
    const w = new ByteWriter(16).u32(0xabcd);
    const at = w.claim(values.length * 4);
    expect(at).toBe(4);
    new Float32Array(w.target.buffer, w.target.byteOffset + at, values.length).set(values);
    w.u16(77);
    const r = new ByteReader(w.result(), { format: 'test' });
    expect(r.u32()).toBe(0xabcd);
    expect(r.f32Array(values.length)).toEqual(values);
    expect(r.u16()).toBe(77);
  });

  it('patches only words already written, with a typed error otherwise', () => {
    const w = new ByteWriter(64).u32(0).u32(0);
    w.patchU32(4, 9).patchI32(0, -1);
    expect([...w.result()]).toEqual([255, 255, 255, 255, 9, 0, 0, 0]);
    for (const at of [5, -1, 64, 1.5]) expect(() => w.patchU32(at, 1)).toThrow(WriteError);
  });
});
