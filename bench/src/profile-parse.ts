// Profiles one format's parse of the cached generated file: `node --cpu-prof --import tsx src/profile-parse.ts ase`.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ready } from '@relic3d/kernels';
import { loadParsers } from './parsers.js';

const format = process.argv[2];
const dir = path.join(os.tmpdir(), 'relic3d-bench');
const file = readdirSync(dir).find((f) => f.endsWith(`mb-${format}`) && !f.includes('assimp'));
if (!file) throw new Error(`run the bench first to generate a ${format} file`);
await ready();
const parse = (await loadParsers())[format]!;
const bytes = new Uint8Array(readFileSync(path.join(dir, file)));
for (let i = 0; i < 3; i++) await parse(bytes, { fileName: file });
