import { ByteWriter, WriteError } from '@relic3d/core';
import { encipherTable, mapBytes } from './cipher.js';
import { HEADER_START_BYTES, MAX_ENTRIES, MAX_NAME_BYTES, PREAMBLE_BYTES, RES_FORMAT } from './file.js';
import { entryNameProblem, nameBytes } from './names.js';

/** A file to pack. */
export interface ResInputFile {
  /** Its name in the pack's folder (one segment; the client matches it in lower case). */
  name: string;
  bytes: Uint8Array;
  /** Seconds since 1970 (UTC); default 0, so the same files always give the same pack. */
  time?: number;
}

export interface WriteResOptions {
  /** Cipher key (0–255); default 0. */
  key?: number;
  /** Encipher the bodies too (the header always is); default false. */
  encrypted?: boolean;
  /** `time_t` width: 4 (the retail client) or 8; default 4. */
  timeBytes?: 4 | 8;
  /** The 7-byte version field (ASCII); default empty. */
  version?: string;
}

const refuse = (limit: string, value: number | string, max?: number | string, where?: string) =>
  new WriteError({ format: RES_FORMAT, code: typeof max === 'number' ? 'OVER_LIMIT' : 'UNSUPPORTED', limit, value, max, where });

/** Builds a retail `.res` pack (docs/formats/res.md): entries in the order given, bodies after the header. */
export function writeRes(files: readonly ResInputFile[], options: WriteResOptions = {}): Uint8Array {
  const key = options.key ?? 0;
  const timeBytes = options.timeBytes ?? 4;
  const version = options.version ?? '';
  if (!Number.isInteger(key) || key < 0 || key > 255) throw refuse('key', key, '0 to 255');
  if (timeBytes !== 4 && timeBytes !== 8) throw refuse('time_t width', timeBytes, '4 or 8');
  if (version.length > 7 || [...version].some((c) => c.charCodeAt(0) > 0xff)) throw refuse('version', version, '7 one-byte characters');
  if (files.length > MAX_ENTRIES) throw refuse('files', files.length, MAX_ENTRIES);
  const seen = new Set<string>();
  let headerSize = HEADER_START_BYTES;
  for (const file of files) {
    const problem = entryNameProblem(file.name);
    if (problem) throw refuse('entry name', JSON.stringify(file.name), 'a file name without path separators, drive or control characters', problem);
    if (file.name.length > MAX_NAME_BYTES) throw refuse('name bytes', file.name.length, MAX_NAME_BYTES, file.name);
    if (seen.has(file.name.toLowerCase())) throw refuse('entry name', file.name, 'names unique in any case', 'twice');
    seen.add(file.name.toLowerCase());
    const time = file.time ?? 0;
    if (!Number.isInteger(time) || time < 0 || time > (timeBytes === 4 ? 0xffffffff : Number.MAX_SAFE_INTEGER)) throw refuse('time', time, 'whole seconds the time_t holds', file.name);
    headerSize += 2 + file.name.length + 4 + timeBytes + 4;
  }
  const total = PREAMBLE_BYTES + headerSize + files.reduce((n, f) => n + f.bytes.length, 0);
  if (total > 0x7fffffff) throw refuse('pack bytes', total, 0x7fffffff);

  const header = new ByteWriter(headerSize);
  header.fixed(nameBytes(version), 7).u16(files.length);
  let offset = PREAMBLE_BYTES + headerSize;
  for (const file of files) {
    const time = file.time ?? 0;
    header.i16(file.name.length).bytes(nameBytes(file.name)).i32(file.bytes.length);
    if (timeBytes === 4) header.u32(time);
    else header.u32(time % 2 ** 32).u32(Math.floor(time / 2 ** 32));
    header.i32(offset);
    offset += file.bytes.length;
  }
  const table = encipherTable(key);
  const out = new Uint8Array(total);
  out[0] = key;
  out[1] = options.encrypted ? 1 : 0;
  new DataView(out.buffer).setInt32(2, headerSize, true);
  out.set(mapBytes(header.finish().slice(), table), PREAMBLE_BYTES);
  let at = PREAMBLE_BYTES + headerSize;
  for (const file of files) {
    out.set(file.bytes, at);
    if (options.encrypted) mapBytes(out.subarray(at, at + file.bytes.length), table);
    at += file.bytes.length;
  }
  return out;
}
