// `pnpm --filter @relic3d/bench bench:res`: Flyff .res packs. One entry read from a large pack by
// offset (openResFile) vs the whole pack read first; the 256-byte decipher table vs the client's
// per-byte formula; listing a 65,535-entry pack. Ratios are within one run; the load average is printed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decipherTable, openRes, writeRes } from '@relic3d/res';
import { openResFile } from '@relic3d/res/node';
import { timeInterleaved } from './timing.js';

const mb = Number(process.argv.find((a) => a.startsWith('--mb='))?.slice(5) ?? 128);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' / ');
console.log(`load average before: ${load()}`);

// A pack of 1 MB bodies, enciphered; the entry read is the last one.
const body = new Uint8Array(1 << 20).map((_, i) => (i * 31) & 0xff);
const file = path.join(os.tmpdir(), `relic3d-bench-${process.pid}.res`);
writeFileSync(file, writeRes(Array.from({ length: mb }, (_, i) => ({ name: `e${i}.dds`, bytes: body })), { key: 0x5a, encrypted: true }));
const last = `e${mb - 1}.dds`;

const byOffset = () => {
  const pack = openResFile(file);
  const bytes = pack.read(last);
  pack.close();
  return bytes;
};
const whole = () => openRes(new Uint8Array(readFileSync(file))).read(last);
const [offsetMs, wholeMs] = timeInterleaved([byOffset, whole], 5, 50);
console.log(`one 1 MB entry of a ${mb} MB pack: by offset ${offsetMs.toFixed(2)} ms, whole pack read ${wholeMs.toFixed(2)} ms CPU; ratio ${(wholeMs / offsetMs).toFixed(1)}×`);
rmSync(file);

// Deciphering 16 MB: a table per pack vs the formula per byte.
const data = new Uint8Array(16 << 20).map((_, i) => i & 0xff);
const table = decipherTable(0x5a);
const viaTable = () => {
  const out = data.slice();
  for (let i = 0; i < out.length; i++) out[i] = table[out[i]];
  return out;
};
const viaFormula = () => {
  const out = data.slice();
  for (let i = 0; i < out.length; i++) {
    const x = ~out[i] ^ 0x5a;
    out[i] = ((x << 4) | ((x >> 4) & 0x0f)) & 0xff;
  }
  return out;
};
const [tableMs, formulaMs] = timeInterleaved([viaTable, viaFormula], 5, 50);
console.log(`decipher 16 MB: table ${tableMs.toFixed(1)} ms, formula ${formulaMs.toFixed(1)} ms CPU; formula/table ${(formulaMs / tableMs).toFixed(2)}×`);

// The directory of the largest pack the format allows.
const many = writeRes(Array.from({ length: 0xffff }, (_, i) => ({ name: `entry_${i}.dds`, bytes: new Uint8Array() })), { key: 3 });
const [listMs] = timeInterleaved([() => openRes(many).entries.length], 3, 50);
console.log(`open a 65,535-entry pack (${(many.length / 1e6).toFixed(1)} MB header): ${listMs.toFixed(1)} ms CPU`);
console.log(`load average after: ${load()}`);
