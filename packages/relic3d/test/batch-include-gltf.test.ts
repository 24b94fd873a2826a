// `relic3d batch --include-gltf`: a folder's .glb files are converted only when asked for.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toGlb } from '@relic3d/gltf';
import { folderResolver, parseFile } from '../src/node.js';
import { corpus, hasCorpus, jobs, run } from './cli-helpers.js';
import { tmp } from './run-cli.js';

describe.runIf(hasCorpus)('relic3d batch and glTF inputs', () => {
  it('skips a .glb without --include-gltf and converts it with it (MANIFEST: Woman4.ms3d has 3450 triangles)', async () => {
    const dir = tmp('batch-gltf');
    const input = path.join(dir, 'in');
    mkdirSync(input);
    const file = corpus('ms3d', 'glscene__Woman4.ms3d');
    writeFileSync(path.join(input, 'woman.glb'), await toGlb(await parseFile(file), { resolve: folderResolver(path.dirname(file)) }));

    const skipped = await run('batch', input, '--out', path.join(dir, 'out-default'), '--jobs', jobs, '--json', path.join(dir, 'default.json'));
    expect(skipped.code).toBe(0);
    expect(existsSync(path.join(dir, 'out-default', 'woman.glb'))).toBe(false);

    const converted = await run('batch', input, '--out', path.join(dir, 'out'), '--jobs', jobs, '--include-gltf');
    expect(converted.code, converted.stderr).toBe(0);
    const info = await run('info', path.join(dir, 'out', 'woman.glb'), '--json');
    expect(JSON.parse(info.stdout)).toMatchObject({ format: 'gltf', triangles: 3450, joints: 31 });
  }, 120_000);
});
