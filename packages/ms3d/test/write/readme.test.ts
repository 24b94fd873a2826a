// The README's writer warnings table lists exactly the codes the writer can give.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');

it('the README lists every MS3D_WRITE_ warning the writer gives, and no other', () => {
  const source = readdirSync(path.join(root, 'src/write')).map((f) => readFileSync(path.join(root, 'src/write', f), 'utf8')).join('\n');
  const given = new Set([...source.matchAll(/'(MS3D_WRITE_[A-Z_]+)'/g)].map((m) => m[1]));
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('### Writer warnings'), readme.indexOf('## Tests'));
  const listed = new Set([...table.matchAll(/`(MS3D_WRITE_[A-Z_]+)`/g)].map((m) => m[1]));
  expect([...listed].sort()).toEqual([...given].sort());
});
