import { describe, expect, it } from 'vitest';
import { ByteReader, FormatError, codePage, isFormatError } from '../src/index.js';

function bytesOf(...values: number[]): Uint8Array {
  return Uint8Array.from(values);
}

function thrown(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error('expected a FormatError');
}

describe('ByteReader reads', () => {
  it('reads little-endian scalars', () => {
    const buf = new ArrayBuffer(27);
    const v = new DataView(buf);
    v.setUint8(0, 0xfe);
    v.setInt8(1, -2);
    v.setUint16(2, 0xbeef, true);
    v.setInt16(4, -1234, true);
    v.setUint32(6, 0xdeadbeef, true);
    v.setInt32(10, -123456, true);
    v.setFloat32(14, 1.5, true);
    v.setFloat64(18, Math.PI, true);
    const r = new ByteReader(new Uint8Array(buf), { format: 'test' });
    expect([r.u8(), r.i8(), r.u16(), r.i16(), r.u32(), r.i32(), r.f32(), r.f64()]).toEqual([
      0xfe, -2, 0xbeef, -1234, 0xdeadbeef, -123456, 1.5, Math.PI,
    ]);
    expect(r.remaining).toBe(1);
    expect(r.eof).toBe(false);
    r.u8();
    expect(r.eof).toBe(true);
  });

  it('honours the view byteOffset', () => {
    const backing = bytesOf(9, 9, 9, 1, 0, 0, 0);
    const r = new ByteReader(backing.subarray(3), { format: 'test' });
    expect(r.u32()).toBe(1);
    expect(r.length).toBe(4);
  });

  it('reads vectors, quaternions and matrices', () => {
    const f = new Float32Array([1, 2, 3, 4, ...Array.from({ length: 16 }, (_, i) => i)]);
    const r = new ByteReader(new Uint8Array(f.buffer), { format: 'test' });
    expect(r.vec2()).toEqual([1, 2]);
    r.seek(0);
    expect(r.vec3()).toEqual([1, 2, 3]);
    r.seek(0);
    expect(r.quat()).toEqual([1, 2, 3, 4]);
    const m = r.mat4();
    expect(Array.from(m)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(m.buffer).not.toBe(f.buffer); // matrices are copies
  });

  it('bulk reads are zero-copy when aligned and copied otherwise', () => {
    const backing = new Uint8Array(4 + 12 + 1 + 12);
    const dv = new DataView(backing.buffer);
    [1, 2, 3].forEach((x, i) => dv.setFloat32(4 + i * 4, x, true));
    [4, 5, 6].forEach((x, i) => dv.setFloat32(17 + i * 4, x, true));
    const r = new ByteReader(backing, { format: 'test' });
    r.skip(4);
    const aligned = r.f32Array(3);
    expect(Array.from(aligned)).toEqual([1, 2, 3]);
    expect(aligned.buffer).toBe(backing.buffer);
    r.skip(1);
    const unaligned = r.f32Array(3);
    expect(Array.from(unaligned)).toEqual([4, 5, 6]);
    expect(unaligned.buffer).not.toBe(backing.buffer);
  });

  it('reads u8/u16/i16/u32/i32 arrays', () => {
    const r = new ByteReader(bytesOf(1, 2, 3, 0, 0xff, 0xff, 5, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff), { format: 'test' });
    expect(Array.from(r.u8Array(2))).toEqual([1, 2]);
    expect(Array.from(r.u16Array(1))).toEqual([3]);
    expect(Array.from(r.i16Array(1))).toEqual([-1]);
    expect(Array.from(r.u32Array(1))).toEqual([5]);
    expect(Array.from(r.i32Array(1))).toEqual([-2]);
  });

  it('reads fixed, C and length-prefixed strings through a code page', () => {
    const text = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
    const r = new ByteReader(bytesOf(...text('abc'), 0, 0x41, ...text('full'), ...text('hi'), 0, 3, 0, 0, 0, ...text('xyz'), 2, ...text('ok')), {
      format: 'test',
    });
    expect(r.string(5)).toBe('abc'); // cut at the first NUL, rest skipped
    expect(r.string(4)).toBe('full'); // a full field has no NUL
    expect(r.cstring()).toBe('hi');
    expect(r.lengthString('u32')).toBe('xyz');
    expect(r.lengthString('u8')).toBe('ok');
  });

  it('decodes Windows-1252, CP1251 and GBK', () => {
    expect(new ByteReader(bytesOf(0xe9, 0x80), { format: 't' }).string(2)).toBe('é€');
    expect(new ByteReader(bytesOf(0xcf, 0xf0, 0xe8), { format: 't', codePage: 'windows-1251' }).string(3)).toBe('При');
    expect(new ByteReader(bytesOf(0xc4, 0xe3, 0xba, 0xc3), { format: 't', codePage: 'gbk' }).string(4)).toBe('你好');
    const custom = { name: 'upper', decode: (b: Uint8Array) => String.fromCharCode(...b).toUpperCase() };
    expect(new ByteReader(bytesOf(0x61, 0x62), { format: 't', codePage: custom }).string(2)).toBe('AB');
    expect(codePage('windows-1252').name).toBe('windows-1252');
  });

  it('reads and expects tags and magic bytes', () => {
    const r = new ByteReader(bytesOf(...Array.from('NODEMESHG3D', (c) => c.charCodeAt(0)), 0), { format: 'mdl' });
    expect(r.tag()).toBe('NODE');
    r.expectTag('MESH');
    r.expectBytes('G3D\0');
    expect(r.eof).toBe(true);
  });

  it('gives sub-readers whose errors carry absolute offsets', () => {
    const r = new ByteReader(new Uint8Array(10), { format: 'lod' });
    r.skip(4);
    const sub = r.sub(4);
    expect(r.offset).toBe(8);
    sub.skip(4);
    const e = thrown(() => sub.u8());
    expect(e.offset).toBe(8);
    expect(sub.absoluteOffset).toBe(8);
  });

  it('peeks without moving', () => {
    const r = new ByteReader(bytesOf(7, 0, 0, 0), { format: 't' });
    expect(r.peekU8()).toBe(7);
    expect(r.peekU32()).toBe(7);
    expect(r.offset).toBe(0);
  });
});

describe('ByteReader error paths', () => {
  const empty = () => new ByteReader(new Uint8Array(0), { format: 'fmt' });
  const scalarReads: [string, (r: ByteReader) => unknown][] = [
    ['u8', (r) => r.u8()],
    ['i8', (r) => r.i8()],
    ['u16', (r) => r.u16()],
    ['i16', (r) => r.i16()],
    ['u32', (r) => r.u32()],
    ['i32', (r) => r.i32()],
    ['f32', (r) => r.f32()],
    ['f64', (r) => r.f64()],
    ['vec2', (r) => r.vec2()],
    ['vec3', (r) => r.vec3()],
    ['vec4', (r) => r.vec4()],
    ['quat', (r) => r.quat()],
    ['mat4', (r) => r.mat4()],
    ['tag', (r) => r.tag()],
    ['string', (r) => r.string(4)],
    ['cstring', (r) => r.cstring()],
    ['lengthString', (r) => r.lengthString()],
    ['u8Array', (r) => r.u8Array(1)],
    ['u16Array', (r) => r.u16Array(1)],
    ['i16Array', (r) => r.i16Array(1)],
    ['u32Array', (r) => r.u32Array(1)],
    ['i32Array', (r) => r.i32Array(1)],
    ['f32Array', (r) => r.f32Array(1)],
    ['sub', (r) => r.sub(1)],
    ['skip', (r) => r.skip(1)],
    ['peekU8', (r) => r.peekU8()],
    ['peekU32', (r) => r.peekU32()],
  ];
  it.each(scalarReads)('%s past the end throws a FormatError, not a RangeError', (_name, read) => {
    const e = thrown(() => read(empty()));
    expect(e.format).toBe('fmt');
    expect(e.offset).toBe(0);
    expect(['TRUNCATED', 'BAD_COUNT']).toContain(e.code);
    expect(isFormatError(e)).toBe(true);
  });

  it('a partial read does not move the cursor', () => {
    const r = new ByteReader(bytesOf(1, 2, 3), { format: 't' });
    thrown(() => r.u32());
    expect(r.offset).toBe(0);
    expect(r.u16()).toBe(0x0201);
  });

  it('count() refuses 2^31 items in a 100-byte input before allocating', () => {
    const r = new ByteReader(new Uint8Array(100), { format: 'ms3d' });
    const before = process.memoryUsage().arrayBuffers;
    const e = thrown(() => r.f32Array(2 ** 31));
    expect(e.code).toBe('BAD_COUNT');
    expect(e.expected).toContain('2147483648');
    expect(e.found).toBe('100 bytes left');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1 << 20);
    expect(thrown(() => r.count(2 ** 31, 1)).code).toBe('BAD_COUNT');
    expect(r.count(25, 4, 'floats')).toBe(25);
  });

  it('countI32/countU32 read a count and point errors at the count field', () => {
    const r = new ByteReader(bytesOf(0, 0, 5, 0, 0, 0, 1, 2), { format: 't' });
    r.skip(2);
    const e = thrown(() => r.countI32(4, 'floats'));
    expect(e.offset).toBe(2);
    expect(e.expected).toBe('5 floats (20 bytes)');
    const neg = new ByteReader(bytesOf(0xff, 0xff, 0xff, 0xff), { format: 't' });
    expect(thrown(() => neg.countI32(1)).found).toBe('-1');
    expect(new ByteReader(bytesOf(2, 0, 0, 0, 9, 9), { format: 't' }).countU32(1)).toBe(2);
    expect(thrown(() => new ByteReader(new Uint8Array(4), { format: 't' }).count(9, 1, 'x', 77)).offset).toBe(77);
  });

  it('count() refuses negative and fractional counts', () => {
    const r = new ByteReader(new Uint8Array(8), { format: 't' });
    expect(thrown(() => r.count(-1, 4)).code).toBe('BAD_COUNT');
    expect(thrown(() => r.count(1.5, 1)).code).toBe('BAD_COUNT');
    expect(thrown(() => r.u8Array(-3)).code).toBe('BAD_COUNT');
  });

  it('seek() refuses offsets outside the input', () => {
    const r = new ByteReader(new Uint8Array(8), { format: 't' });
    expect(thrown(() => r.seek(9)).code).toBe('BAD_SIZE');
    expect(thrown(() => r.seek(-1)).code).toBe('BAD_SIZE');
    expect(r.seek(8).eof).toBe(true);
  });

  it('cstring without a NUL and a length prefix past the end fail', () => {
    expect(thrown(() => new ByteReader(bytesOf(65, 66), { format: 't' }).cstring()).code).toBe('TRUNCATED');
    const e = thrown(() => new ByteReader(bytesOf(200, 0, 0, 0, 65), { format: 't' }).lengthString('u32'));
    expect(e.code).toBe('BAD_COUNT');
    expect(e.offset).toBe(0);
    expect(thrown(() => new ByteReader(bytesOf(0xff, 0xff, 0xff, 0xff), { format: 't' }).lengthString('i32')).code).toBe('BAD_COUNT');
  });

  it('expectTag names what it found and where', () => {
    const r = new ByteReader(bytesOf(0, 0, 0x4d, 0x53, 0x45, 0x54), { format: 'mdl' });
    r.skip(2);
    const e = thrown(() => r.expectTag('PRIM'));
    expect(e.message).toBe("mdl: expected 'PRIM' at offset 2, found 'MSET'");
    expect(e.code).toBe('BAD_TAG');
  });

  it('expectBytes reports a bad or short signature', () => {
    const short = thrown(() => new ByteReader(bytesOf(0x4c), { format: 'lod' }).expectBytes('LODka3D1'));
    expect(short.code).toBe('BAD_MAGIC');
    const bad = thrown(() => new ByteReader(bytesOf(...Array.from('LODka3D2', (c) => c.charCodeAt(0))), { format: 'lod' }).expectBytes('LODka3D1'));
    expect(bad.found).toBe("'LODka3D2'");
    expect(bad.message).toContain('offset 0');
  });

  it('fail() and control bytes in messages', () => {
    const r = new ByteReader(bytesOf(1, 2), { format: 'x' });
    const e = thrown(() => r.fail('a version from 3 to 4', '9', 'BAD_VERSION'));
    expect(e.code).toBe('BAD_VERSION');
    const tag = thrown(() => new ByteReader(bytesOf(1, 2, 3, 4), { format: 'x' }).expectTag('NODE'));
    expect(tag.found).toBe("'\\x01\\x02\\x03\\x04'");
  });
});

describe('FormatError', () => {
  it('carries format, offset, expected, found and a stable code', () => {
    const e = new FormatError({ format: 'o3d', offset: 12, expected: 'a version from 20 to 22', found: '18', code: 'BAD_VERSION' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('FormatError');
    expect(e.message).toBe('o3d: expected a version from 20 to 22 at offset 12, found 18');
    expect(e.toJSON()).toMatchObject({ format: 'o3d', offset: 12, code: 'BAD_VERSION', found: '18' });
    expect(isFormatError(e)).toBe(true);
    expect(isFormatError(new RangeError('x'))).toBe(false);
    const custom = new FormatError({ format: 'a', offset: 0, expected: 'x', found: 'y', code: 'EMPTY', message: 'custom' });
    expect(custom.message).toBe('custom');
    // Survives structured cloning by shape (workers send errors as plain objects).
    const clone = Object.assign(new Error(e.message), { name: 'FormatError', offset: 12, format: 'o3d' });
    expect(isFormatError(clone)).toBe(true);
  });

  it('serializes to plain data that keeps the FormatError fields', async () => {
    const { serializeError } = await import('../src/index.js');
    const e = new FormatError({ format: 'lod', offset: 9, expected: 'LODka3D1', found: "'LODka3D2'", code: 'BAD_MAGIC' });
    const plain = structuredClone(serializeError(e));
    expect(plain).toEqual({ name: 'FormatError', message: e.message, code: 'BAD_MAGIC', offset: 9, format: 'lod', expected: 'LODka3D1', found: "'LODka3D2'" });
    expect(serializeError(new RangeError('r'))).toEqual({ name: 'RangeError', message: 'r' });
    expect(serializeError('boom')).toEqual({ name: 'Error', message: 'boom' });
  });
});
