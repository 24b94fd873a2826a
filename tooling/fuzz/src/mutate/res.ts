// Flyff `.res` packs (docs/formats/res.md): the header is enciphered, so mutations decipher it,
// lie in one field (header size, flag, key, count, a name's length or bytes, a size, a time, an
// offset), and encipher it again; names become the hostile ones (`..`, separators, drives, control
// characters, a duplicate in another case). Registered with the fuzzer's targets by the lead.
import { decipherTable, encipherTable } from '@relic3d/res';
import type { Mutator, Random } from '../types.js';
import { lieFor, pick, randInt, setI32, view } from './bytes.js';

/** Field offsets (inside the deciphered header) of each entry a lenient walk finds. */
export interface ResEntryFields {
  nameLength: number;
  name: number;
  size: number;
  time: number;
  offset: number;
}

/** The deciphered header and its entries' fields (4-byte time_t when `timeBytes` is not given). */
export function resFields(bytes: Uint8Array, timeBytes: 4 | 8 = 4): { header: Uint8Array; entries: ResEntryFields[] } | undefined {
  if (bytes.length < 15) return undefined;
  const size = Math.min(view(bytes).getInt32(2, true), bytes.length - 6);
  if (size < 9) return undefined;
  const table = decipherTable(bytes[0]);
  const header = bytes.slice(6, 6 + size).map((b) => table[b]);
  const entries: ResEntryFields[] = [];
  const count = header[7] | (header[8] << 8);
  let at = 9;
  for (let i = 0; i < count && at + 2 <= header.length; i++) {
    const length = header[at] | (header[at + 1] << 8);
    const name = at + 2;
    const sizeAt = name + length;
    if (sizeAt + 8 + timeBytes > header.length) break;
    entries.push({ nameLength: at, name, size: sizeAt, time: sizeAt + 4, offset: sizeAt + 4 + timeBytes });
    at = sizeAt + 8 + timeBytes;
  }
  return { header, entries };
}

/** `bytes` with `header` (deciphered, same length) enciphered back in place of the old one. */
function withHeader(bytes: Uint8Array, header: Uint8Array): Uint8Array {
  const table = encipherTable(bytes[0]);
  const out = bytes.slice();
  out.set(header.map((b) => table[b]), 6);
  return out;
}

function editEntry(bytes: Uint8Array, random: Random, edit: (header: Uint8Array, entry: ResEntryFields, all: ResEntryFields[]) => string | undefined): { bytes: Uint8Array; label: string } | undefined {
  const fields = resFields(bytes, random() < 0.8 ? 4 : 8);
  if (!fields?.entries.length) return undefined;
  const entry = pick(random, fields.entries);
  const label = edit(fields.header, entry, fields.entries);
  return label === undefined ? undefined : { bytes: withHeader(bytes, fields.header), label };
}

const HOSTILE_NAMES = ['..', '../', '..\\', '/', '\\', 'C:', ':', '\0', '\x1b[2J', '\x7f', '\n'];

const headerSizeLie: Mutator = (bytes, random) => {
  if (bytes.length < 6) return undefined;
  const lie = lieFor(random, view(bytes).getInt32(2, true));
  return { bytes: setI32(bytes.slice(), 2, lie), label: `res.headerSize ${lie}` };
};

const flagOrKeyLie: Mutator = (bytes, random) => {
  if (bytes.length < 2) return undefined;
  const out = bytes.slice();
  const at = randInt(random, 2);
  out[at] = at === 1 ? pick(random, [0, 1, 2, 0xff]) : randInt(random, 256);
  return { bytes: out, label: `res.${at ? 'flag' : 'key'} ${out[at]}` };
};

const countLie: Mutator = (bytes, random) => {
  const fields = resFields(bytes);
  if (!fields) return undefined;
  const count = pick(random, [0, 1, fields.entries.length + 1, 0x7fff, 0x8000, 0xffff]);
  fields.header[7] = count & 0xff;
  fields.header[8] = count >> 8;
  return { bytes: withHeader(bytes, fields.header), label: `res.count ${count}` };
};

const nameLengthLie: Mutator = (bytes, random) =>
  editEntry(bytes, random, (header, entry) => {
    const lie = pick(random, [0, 1, 255, 256, 0x7fff, 0x8000, 0xffff]);
    header[entry.nameLength] = lie & 0xff;
    header[entry.nameLength + 1] = lie >> 8;
    return `res.nameLength ${lie}`;
  });

const hostileName: Mutator = (bytes, random) =>
  editEntry(bytes, random, (header, entry, all) => {
    const length = entry.size - entry.name;
    const donor = all.find((e) => e !== entry && e.size - e.name === length);
    // A duplicate in another case, or a hostile fragment written over the name's start or end.
    if (donor && random() < 0.25) {
      for (let i = 0; i < length; i++) header[entry.name + i] = String.fromCharCode(header[donor.name + i]).toUpperCase().charCodeAt(0);
      return 'res.name duplicate';
    }
    const text = pick(random, HOSTILE_NAMES).slice(0, length);
    const at = random() < 0.5 ? entry.name : entry.size - text.length;
    for (let i = 0; i < text.length; i++) header[at + i] = text.charCodeAt(i);
    return `res.name ${JSON.stringify(text)}`;
  });

const entryFieldLie: Mutator = (bytes, random) =>
  editEntry(bytes, random, (header, entry) => {
    const field = pick(random, ['size', 'time', 'offset'] as const);
    const v = new DataView(header.buffer, header.byteOffset, header.byteLength);
    const lie = lieFor(random, v.getInt32(entry[field], true));
    v.setInt32(entry[field], lie, true);
    return `res.${field} ${lie}`;
  });

const cutBodies: Mutator = (bytes, random) => {
  const size = bytes.length >= 6 ? view(bytes).getInt32(2, true) : -1;
  const start = 6 + size;
  if (size < 0 || start >= bytes.length) return undefined;
  const at = start + randInt(random, bytes.length - start);
  return { bytes: bytes.slice(0, at), label: `res.cut bodies@${at}` };
};

export const resMutators: Mutator[] = [headerSizeLie, flagOrKeyLie, countLie, nameLengthLie, hostileName, hostileName, entryFieldLie, entryFieldLie, cutBodies];
