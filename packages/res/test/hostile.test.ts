// Reproducers for hostile packs: each gets a typed FormatError naming what and where, never a read
// outside the pack, a hang or an untyped error.
import { describe, expect, it } from 'vitest';
import { FormatError } from '@relic3d/core';
import { rawHeaderSize, rawResPack, type RawResEntry } from '@relic3d/fixtures/res';
import { expectHardened } from '@relic3d/test-harness';
import { openRes, writeRes } from '../src/index.js';

const formatError = (bytes: Uint8Array): FormatError => {
  try {
    openRes(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error('the pack opened');
};

/** A pack with one entry `name` of 4 bytes right after the header. */
const oneEntry = (entry: Partial<RawResEntry> & { name: string }, extra: Partial<Parameters<typeof rawResPack>[0]> = {}) => {
  const start = 6 + rawHeaderSize([entry.name]);
  return rawResPack({ key: 0x21, entries: [{ size: 4, offset: start, ...entry }], bodies: Uint8Array.of(1, 2, 3, 4), ...extra });
};

describe('hostile .res packs', () => {
  it('a sane one-entry pack opens (the reproducers below differ from it in one field)', () => {
    expect(openRes(oneEntry({ name: 'ok.o3d' })).entries).toEqual([{ name: 'ok.o3d', size: 4, time: 0, offset: 6 + 9 + 2 + 6 + 12 }]);
  });

  it('a header size past the end, negative or below the header start', () => {
    for (const headerSize of [10_000, -1, 0x7fffffff, 3]) {
      const e = formatError(oneEntry({ name: 'a.o3d' }, { headerSize }));
      expect(e.code).toBe('BAD_SIZE');
      expect(e.offset).toBe(2);
      expect(e.found).toBe(String(headerSize));
    }
  });

  it('a header size shorter than the entries it holds', () => {
    const e = formatError(oneEntry({ name: 'a.o3d' }, { headerSize: 20 }));
    expect(e.code).toBe('BAD_COUNT');
  });

  it('a file count that the header cannot hold (65,535 entries in 30 bytes)', () => {
    const e = formatError(oneEntry({ name: 'a.o3d' }, { count: 0xffff }));
    expect(e).toMatchObject({ code: 'BAD_COUNT', found: '65535' });
  });

  it('an offset or a size past the end of the pack, a negative size, a body inside the header', () => {
    const start = 6 + rawHeaderSize(['a.o3d']);
    for (const lie of [{ offset: start + 1 }, { size: 5 }, { size: -1 }, { offset: 0 }, { offset: 0x7fffffff }, { offset: -8 }]) {
      const e = formatError(oneEntry({ name: 'a.o3d', ...lie }));
      expect(['BAD_INDEX', 'BAD_SIZE']).toContain(e.code);
      expect(e.message).toMatch(/a\.o3d/);
    }
  });

  it('names that climb, name a subfolder or a drive, hold NUL or control characters, or are empty', () => {
    for (const name of ['..', '../x.o3d', 'a/b.o3d', 'a\\b.o3d', 'C:x.o3d', 'a\0.o3d', 'a\x1b[2J.o3d', '.']) {
      const e = formatError(oneEntry({ name }));
      expect(e.code, name).toBe('BAD_VALUE');
      expect(e.found).toContain(JSON.stringify(name));
    }
    expect(formatError(oneEntry({ name: 'x', nameLength: 0 })).code).toBe('BAD_SIZE');
  });

  it('a name length that runs past the header', () => {
    const e = formatError(oneEntry({ name: 'a.o3d', nameLength: 400 }));
    expect(e.code).toBe('BAD_SIZE');
  });

  it('two entries with one name in different case', () => {
    const names = ['a.o3d', 'A.O3D'];
    const start = 6 + rawHeaderSize(names);
    const e = formatError(rawResPack({ entries: names.map((name) => ({ name, size: 0, offset: start })) }));
    expect(e.found).toMatch(/A\.O3D.*twice/);
  });

  it('an encrypted flag other than 0 or 1, a truncated preamble, an empty file', () => {
    expect(formatError(oneEntry({ name: 'a.o3d' }, { flag: 7 })).offset).toBe(1);
    expect(formatError(Uint8Array.of(1, 0, 9)).code).toBe('TRUNCATED');
    expect(formatError(new Uint8Array()).code).toBe('EMPTY');
  });

  it('private-server schemes are named, not read as garbage', () => {
    // AES "GoW": flag u8, header size i32 (a multiple of 16), AES-enciphered header.
    const gow = new Uint8Array(6 + 64 + 100);
    gow[0] = 1;
    new DataView(gow.buffer).setInt32(1, 64, true);
    gow.fill(0xa7, 5);
    expect(formatError(gow)).toMatchObject({ code: 'UNSUPPORTED', found: expect.stringMatching(/GoW/) });
    // AES "Azure": CRC u16, version i16, flag u8, header size i32, CRC names.
    const azure = new Uint8Array(9 + 48 + 10);
    azure.set([0x34, 0x12, 2, 0, 1]);
    new DataView(azure.buffer).setInt32(5, 48, true);
    azure.fill(0xc3, 9);
    expect(formatError(azure)).toMatchObject({ code: 'UNSUPPORTED', found: expect.stringMatching(/Azure/) });
  });

  it('65,535 empty entries (the most a pack holds) open quickly; two such packs make more than 100,000', () => {
    const names = Array.from({ length: 0xffff }, (_, i) => `e${i}.dds`);
    const files = names.map((name) => ({ name, bytes: new Uint8Array() }));
    const bytes = writeRes(files, { key: 9 });
    const pack = openRes(bytes); // the test's timeout is the hang guard (a wall-time bound failed under load)
    expect(pack.entries.length).toBe(0xffff);
    expect(pack.read('e65534.dds').length).toBe(0);
    expect(() => writeRes([...files, { name: 'one-more.dds', bytes: new Uint8Array() }])).toThrow(/65535/);
  });

  it('mutated and truncated packs throw only FormatError, within the time and memory budgets', async () => {
    const pack = writeRes(
      [
        { name: 'mvr_a.o3d', bytes: new Uint8Array(300).map((_, i) => i * 7), time: 1_200_000_000 },
        { name: 'mvr_a.chr', bytes: new Uint8Array(90).fill(3) },
        { name: 'mvr_a_stand.ani', bytes: new Uint8Array(50).fill(5) },
      ],
      { key: 0x4d, encrypted: true },
    );
    const read = (bytes: Uint8Array) => {
      const opened = openRes(bytes);
      for (const entry of opened.entries) opened.read(entry);
      return opened;
    };
    await expectHardened(read, pack);
  });
});
