import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter, WarningSink, WriteError, codePage, codePageEncoder, fixedName, isWriteError, outputBaseName, serializeError } from '../src/index.js';
import { createScene } from '../src/scene/create.js';

describe('ByteWriter', () => {
  it('writes little-endian values that ByteReader reads back', () => {
    const w = new ByteWriter(16);
    w.u8(250).i8(-2).u16(65534).i16(-300).u32(0xfffffffe).i32(-7).f32(1.5).f32s([2.25, -0.5]);
    w.fixed(Uint8Array.of(65, 66), 4).bytes(Uint8Array.of(9, 8)).zeros(3);
    const at = w.length;
    w.u32(0);
    w.patchU32(at, 1234);
    const bytes = w.result();
    expect(bytes.length).toBe(1 + 1 + 2 + 2 + 4 + 4 + 4 + 8 + 4 + 2 + 3 + 4);
    const r = new ByteReader(bytes, { format: 'test' });
    expect([r.u8(), r.i8(), r.u16(), r.i16(), r.u32(), r.i32(), r.f32(), r.f32(), r.f32()]).toEqual([250, -2, 65534, -300, 0xfffffffe, -7, 1.5, 2.25, -0.5]);
    expect([...bytes.subarray(26, 35)]).toEqual([65, 66, 0, 0, 9, 8, 0, 0, 0]);
    expect(new DataView(bytes.buffer).getUint32(35, true)).toBe(1234);
  });
});

describe('ByteWriter.finish', () => {
  it('hands over a nearly full buffer without a copy, copies a mostly empty one', () => {
    const full = new ByteWriter(64).zeros(60);
    const view = full.finish();
    expect([view.length, view.buffer.byteLength]).toEqual([60, 64]);
    const sparse = new ByteWriter(1024).u32(7).finish();
    expect([sparse.length, sparse.buffer.byteLength]).toEqual([4, 4]);
  });
});

describe('codePageEncoder', () => {
  it('is the inverse of the decoder for Windows-1252, Windows-1251 and EUC-KR (Flyff CP949)', () => {
    for (const [page, text] of [['windows-1252', 'Café €5'], ['windows-1251', 'Кость_01'], ['euc-kr', '몬스터 본']] as const) {
      const { bytes, lossy } = codePageEncoder(page).encode(text);
      expect(lossy).toBe(false);
      expect(codePage(page).decode(bytes)).toBe(text);
    }
    expect([...codePageEncoder('euc-kr').encode('몬').bytes]).toEqual([0xb8, 0xf3]);
  });
  it('marks characters the page lacks', () => {
    const { bytes, lossy } = codePageEncoder('windows-1252').encode('a몬b');
    expect(lossy).toBe(true);
    expect(String.fromCharCode(...bytes)).toBe('a?b');
  });
});

describe('fixedName', () => {
  it('cuts on a character boundary and warns', () => {
    const sink = new WarningSink('test');
    const bytes = fixedName('몬스터', 6, codePageEncoder('euc-kr'), sink, 'joint name');
    expect(bytes.length).toBe(4);
    expect(sink.list.map((w) => w.code)).toEqual(['WRITE_NAME_TRUNCATED']);
    expect(fixedName('short', 32, codePageEncoder(), sink, 'x')).toEqual(Uint8Array.from('short', (c) => c.charCodeAt(0)));
  });

  it('cuts a 100,000-character name with work bounded by the field, not the name (issue 26 fuzz: it was quadratic)', () => {
    const inner = codePageEncoder('euc-kr');
    let encodedChars = 0;
    const counting = { name: inner.name, encode: (t: string) => ((encodedChars += t.length), inner.encode(t)) };
    const sink = new WarningSink('test');
    const name = '갑'.repeat(50_000) + 'a'.repeat(50_000);
    const bytes = fixedName(name, 32, counting, sink, 'material name');
    expect([...bytes]).toEqual([...inner.encode('갑'.repeat(15)).bytes]);
    // The whole name once (to know it is too long), then at most the field's characters.
    expect(encodedChars).toBeLessThanOrEqual(name.length + 2 * 32);
    expect(sink.list[0].message.length).toBeLessThan(400);
  });
});

describe('WriteError', () => {
  it('says which limit and by how much', () => {
    const e = new WriteError({ format: 'ms3d', code: 'OVER_LIMIT', limit: 'vertices', value: 70000, max: 65534, where: 'mesh "Body"' });
    expect(e.message).toBe(`ms3d: 70000 vertices exceed the format's limit of 65534 by 4466 (mesh "Body")`);
    expect(isWriteError(e)).toBe(true);
    expect(e.max).toBe(65534);
  });
});

describe('outputBaseName', () => {
  it('never leaves the output folder', () => {
    const scene = createScene('ms3d');
    expect(outputBaseName(scene, { name: '../../etc/passwd.o3d' })).toBe('passwd');
    expect(outputBaseName(scene, { name: '..' })).toBe('model');
    expect(outputBaseName(scene)).toBe('model');
  });
});

describe('serializeError of a WriteError', () => {
  it('keeps the limit, the value, the maximum and where', () => {
    const e = new WriteError({ format: 'o3d', code: 'OVER_LIMIT', limit: 'bones per palette', value: 40, max: 28, where: 'block 2' });
    expect(serializeError(e)).toEqual({ name: 'WriteError', message: e.message, code: 'OVER_LIMIT', format: 'o3d', limit: 'bones per palette', value: 40, max: 28, where: 'block 2' });
  });
});
