// `pnpm --filter @relic3d/bench bench:codepage`: why core decodes names with TextDecoder and
// encodes them with its own table (issue 30 item 14). Decoding: the platform's TextDecoder against
// the ASCII shortcut core used to take (String.fromCharCode on bytes below 0x80). Encoding: core's
// codePageEncoder against iconv-lite, on the names a writer encodes. Interleaved, CPU time, one run.
import iconv from 'iconv-lite';
import { codePage, codePageEncoder } from '@relic3d/core';
import { fmt, rng, timeInterleaved } from './timing.js';

const NAMES = 20_000;
const random = rng(7);
const asciiNames = Array.from({ length: NAMES }, (_, i) => `Bip01_Spine${i % 9}_Bone${Math.floor(random() * 1e6)}`);
const koreanNames = Array.from({ length: NAMES }, (_, i) => `몬스터_갑옷_${i}`);
const encodedAscii = asciiNames.map((n) => new TextEncoder().encode(n));

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}
function asciiShortcut(bytes: Uint8Array, decode: (b: Uint8Array) => string): string {
  return isAscii(bytes) ? String.fromCharCode.apply(null, bytes as unknown as number[]) : decode(bytes);
}

export interface CodePageRow {
  page: string;
  job: string;
  ours: number;
  other: number;
  otherName: string;
}

export function benchCodePages(): CodePageRow[] {
  const rows: CodePageRow[] = [];
  for (const page of ['windows-1252', 'euc-kr', 'gbk', 'windows-1251']) {
    const decoder = codePage(page);
    const [textDecoder, shortcut] = timeInterleaved([
      () => encodedAscii.forEach((b) => decoder.decode(b)),
      () => encodedAscii.forEach((b) => asciiShortcut(b, decoder.decode)),
    ]);
    rows.push({ page, job: `decode ${NAMES} ASCII names`, ours: textDecoder, other: shortcut, otherName: 'ASCII shortcut' });
  }
  for (const [page, iconvName, names] of [
    ['windows-1252', 'win1252', asciiNames],
    ['euc-kr', 'cp949', koreanNames],
  ] as const) {
    const encoder = codePageEncoder(page);
    const [ours, other] = timeInterleaved([() => names.forEach((n) => encoder.encode(n)), () => names.forEach((n) => iconv.encode(n, iconvName))]);
    rows.push({ page, job: `encode ${NAMES} names`, ours, other, otherName: 'iconv-lite' });
  }
  return rows;
}

export function codePageTable(rows: CodePageRow[]): string {
  const lines = ['| page | job | relic3d ms | other | other ms | other ÷ relic3d |', '|---|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.page} | ${r.job} | ${fmt(r.ours)} | ${r.otherName} | ${fmt(r.other)} | ${fmt(r.other / r.ours)} |`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(codePageTable(benchCodePages()));
