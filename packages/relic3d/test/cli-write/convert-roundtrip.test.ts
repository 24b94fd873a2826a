// `relic3d convert` with the real writers: legacy → legacy and glTF → legacy, read back with
// parseFile; triangle counts and bind bounds equal the source's (from an independent parse of it).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from 'relic3d/node';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { corpus, hasCorpus, run } from '../cli-helpers.js';
import { tmp } from '../run-cli.js';
import { listFiles, realWriters, stubWriters } from './helpers.js';

/** One small model of each format, with what makes it different (texture, skin and clips, LODs). */
const SOURCES = [
  { folder: 'ms3d', file: 'assimp__jeep1.ms3d' }, // 2032 triangles, one texture
  { folder: 'o3d', file: 'mvr_AiBatt.o3d' }, // skinned, 2 clips from its .chr/.ani
  { folder: 'ase', file: 'darkradiant__tiles_two_materials.ase' }, // two materials
  { folder: 'mdl', file: 'circuitchaos__switchlever_v300.mdl' },
  { folder: 'lod', file: 'xtreme3d__TRINITYrage.lod' },
];

const stem = (file: string) => file.replace(/\.[^.]*$/, '');

/** Converts `input` to `output` with the CLI; the written model read back and compared with `expected`. */
async function convertAndCompare(input: string, output: string, expected: ReturnType<typeof sceneFacts>) {
  const result = await run('convert', input, output);
  expect(result.code, `${input} → ${output}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toContain(`→ ${output}`);
  const back = await parseFile(output);
  const differences = compareSceneFacts(expected, sceneFacts(back), { only: ['triangles', 'bounds'] });
  expect(differences, `${path.basename(input)} → ${path.basename(output)}`).toEqual([]);
  return { result, back };
}

describe.runIf(hasCorpus)('relic3d convert: legacy → legacy with the real writers', () => {
  for (const writer of stubWriters) it.skip(`${writer.id}: its writer is not on this branch yet`, () => {});
  for (const writer of realWriters) {
    it(`every format → ${writer.id}, read back with the same triangles and bounds`, async () => {
      const dir = tmp(`roundtrip-${writer.id}`);
      for (const source of SOURCES) {
        const input = corpus(source.folder, source.file);
        const expected = sceneFacts(await parseFile(input));
        const output = path.join(dir, source.folder, `${stem(source.file)}${writer.extension}`);
        const { back } = await convertAndCompare(input, output, expected);
        expect(back.format).toBe(writer.id);
      }
      // Everything each conversion wrote is in its output's folder.
      expect(listFiles(dir).filter((f) => !SOURCES.some((s) => f.startsWith(`${s.folder}/`)))).toEqual([]);
    });
  }
});

describe.runIf(hasCorpus)('relic3d convert: glTF → legacy with the real writers', () => {
  for (const writer of stubWriters) it.skip(`${writer.id}: its writer is not on this branch yet`, () => {});
  for (const writer of realWriters) {
    it(`.glb of every format → ${writer.id}, read back with the source's triangles and bounds`, async () => {
      const dir = tmp(`fromgltf-${writer.id}`);
      for (const source of SOURCES) {
        const input = corpus(source.folder, source.file);
        const expected = sceneFacts(await parseFile(input));
        const glb = path.join(dir, 'glb', `${stem(source.file)}.glb`);
        expect((await run('convert', input, glb)).code).toBe(0);
        const output = path.join(dir, writer.id, `${stem(source.file)}${writer.extension}`);
        const { result } = await convertAndCompare(glb, output, expected);
        expect(result.stdout).toMatch(new RegExp(`^${glb.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(gltf\\) → `));
      }
    });
  }
});
