// A store-only ZIP (no compression): several exported files in one download, no dependency.
// Layout per APPNOTE 6.3: local header + data for each file, the central directory, its end record.

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as ZIP stores it. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date fields of `date` (local time, 2-second steps, years 1980–2107). */
function dosTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** General purpose flag bit 11: the names are UTF-8. */
const UTF8 = 0x0800;
const MAX32 = 0xffffffff;

/**
 * The files as one store-only ZIP archive, in the given order, names as UTF-8. Refuses what a
 * plain ZIP cannot hold (over 65,535 files or 4 GiB: ZIP64 is not written) and names that are
 * not plain file names (an archive must not unpack outside its folder).
 */
export function zip(files: Record<string, Uint8Array>, modified = new Date()): Uint8Array {
  const entries = Object.entries(files);
  if (entries.length > 0xffff) throw new Error(`a ZIP without ZIP64 holds 65,535 files; ${entries.length} given`);
  const encoder = new TextEncoder();
  const { time, date } = dosTime(modified);
  const records = entries.map(([name, data]) => {
    if (!name || name === '.' || name === '..' || /[\\/:\u0000-\u001f]/.test(name)) throw new Error(`refusing the ZIP entry name '${name}': not a plain file name`);
    return { name: encoder.encode(name), data, crc: crc32(data), offset: 0 };
  });
  const localSize = records.reduce((sum, r) => sum + 30 + r.name.length + r.data.length, 0);
  const centralSize = records.reduce((sum, r) => sum + 46 + r.name.length, 0);
  if (localSize + centralSize + 22 > MAX32) throw new Error('a ZIP without ZIP64 holds 4 GiB; the files are larger');
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v: number) => { view.setUint16(at, v, true); at += 2; };
  const u32 = (v: number) => { view.setUint32(at, v >>> 0, true); at += 4; };
  const put = (bytes: Uint8Array) => { out.set(bytes, at); at += bytes.length; };

  for (const r of records) {
    r.offset = at;
    u32(LOCAL);
    u16(10); // version needed: 1.0, stored
    u16(UTF8);
    u16(0); // method: stored
    u16(time);
    u16(date);
    u32(r.crc);
    u32(r.data.length); // compressed size
    u32(r.data.length);
    u16(r.name.length);
    u16(0); // extra field length
    put(r.name);
    put(r.data);
  }
  const central = at;
  for (const r of records) {
    u32(CENTRAL);
    u16(0x031e); // made by: Unix, 3.0 (so the mode below is read)
    u16(10);
    u16(UTF8);
    u16(0);
    u16(time);
    u16(date);
    u32(r.crc);
    u32(r.data.length);
    u32(r.data.length);
    u16(r.name.length);
    u16(0); // extra
    u16(0); // comment
    u16(0); // disk number
    u16(0); // internal attributes
    u32((0o100644 << 16) >>> 0); // external attributes: a regular file, rw-r--r--
    u32(r.offset);
    put(r.name);
  }
  u32(END);
  u16(0); // this disk
  u16(0); // disk with the central directory
  u16(records.length);
  u16(records.length);
  u32(centralSize);
  u32(central);
  u16(0); // comment length
  return out;
}
