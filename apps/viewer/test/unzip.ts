// Test-only: a minimal ZIP reader (stored and deflated entries), independent of src/zip.ts and fflate (zlib inflates and checks CRCs).
import { crc32 as zlibCrc32, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';

/** A minimal reader: the end record, the central directory, each local header and its data. */
export function unzipAll(archive: Uint8Array): Record<string, Uint8Array> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  expect(at + size).toBe(end);
  const out: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const method = view.getUint16(at + 10, true);
    expect([0, 8]).toContain(method); // stored or deflated
    const crc = view.getUint32(at + 16, true);
    const packed = view.getUint32(at + 20, true);
    const length = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(archive.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = archive.subarray(dataAt, dataAt + packed);
    const data = method === 8 ? new Uint8Array(inflateRawSync(raw)) : raw;
    expect(data.length, name).toBe(length);
    expect(zlibCrc32(data) >>> 0, name).toBe(crc);
    out[name] = data;
    at += 46 + nameLength;
  }
  return out;
}

