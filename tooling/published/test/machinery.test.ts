// The docs test's own rules: which blocks run, what a console comparison tolerates (timings, `...`)
// and what it does not (any other content).
import { describe, expect, it } from 'vitest';
import { firstMismatch, matches, normaliseLine, sessions } from '../src/console.js';
import { mentions } from '../src/fixtures.js';
import { codeBlocks, shellWords } from '../src/markdown.js';

describe('codeBlocks', () => {
  const readme = [
    '# x',
    '```ts',
    "console.log('a');",
    '```',
    '',
    '<!-- no-run: needs a GPU -->',
    '```js',
    'draw();',
    '```',
    '1. a list item:',
    '   <!-- run-args: a.ms3d "b c" -->',
    '   ```ts',
    '   run(process.argv[2]);',
    '   ```',
    '<!-- throws: BAD_COUNT -->',
    '',
    '```typescript',
    'fail();',
    '```',
    '```',
    '$ relic3d info a.ms3d',
    'format ms3d',
    '```',
    '```sh',
    'npm install relic3d',
    '```',
    '````md',
    '```ts',
    'inner();',
    '```',
    '````',
  ].join('\n');
  const blocks = codeBlocks(readme, 'README.md');

  it('finds every fenced block with its line, language and kind', () => {
    expect(blocks.map((b) => [b.line, b.lang, b.kind])).toEqual([
      [2, 'ts', 'script'],
      [7, 'js', 'script'],
      [12, 'ts', 'script'],
      [17, 'typescript', 'script'],
      [20, '', 'console'],
      [24, 'sh', 'other'],
      [27, 'md', 'other'],
    ]);
  });

  it('reads the directives above a block, and only the ones directly above it', () => {
    expect(blocks.map((b) => b.noRun)).toEqual([undefined, 'needs a GPU', undefined, undefined, undefined, undefined, undefined]);
    expect(blocks[2]!.args).toEqual(['a.ms3d', 'b c']);
    expect(blocks[2]!.code).toBe('run(process.argv[2]);');
    expect(blocks[3]!.throws).toBe('BAD_COUNT');
    expect(blocks[6]!.code).toBe('```ts\ninner();\n```');
  });

  it('rejects an unclosed fence', () => {
    expect(() => codeBlocks('```ts\nx();\n', 'X.md')).toThrow('X.md:1: unclosed code fence');
  });

  it('splits words like a shell', () => {
    expect(shellWords(`info 'a b.ms3d' "c \\"d\\"" e`)).toEqual(['info', 'a b.ms3d', 'c "d"', 'e']);
  });
});

describe('console sessions', () => {
  it('splits commands (without their # comment) from their output', () => {
    expect(sessions('$ relic3d info a.ms3d   # a comment\nformat ms3d\n\n$ relic3d detect b\nb: ms3d\n')).toEqual([
      { commandLine: 'relic3d info a.ms3d', words: ['relic3d', 'info', 'a.ms3d'], expected: ['format ms3d'] },
      { commandLine: 'relic3d detect b', words: ['relic3d', 'detect', 'b'], expected: ['b: ms3d'] },
    ]);
  });

  it('normalises timings only: milliseconds and elapsed seconds, not clip lengths or counts', () => {
    expect(normaliseLine('[21/24] ok   o3d  a.o3d → a.glb (231 ms, 1 warning)  ')).toBe('[21/24] ok   o3d  a.o3d → a.glb (<ms>, 1 warning)');
    expect(normaliseLine('relic3d batch: 24 models, 22 converted in 11.99 s')).toBe('relic3d batch: 24 models, 22 converted in <s>');
    expect(normaliseLine('animations Woman4 (142.2 s, 62 channels)')).toBe('animations Woman4 (142.2 s, 62 channels)');
    expect(normaliseLine('ms3d           21         21       0')).toBe('ms3d           21         21       0');
  });

  it('matches timings and `...` runs, and nothing else', () => {
    const expected = ['[1/3] ok a (5 ms)', '...', 'done in 1.5 s'];
    expect(matches(expected, ['[1/3] ok a (120 ms)', '[2/3] ok b (3 ms)', '[3/3] ok c (1 ms)', 'done in 40.25 s'])).toBe(true);
    expect(matches(expected, ['[1/3] ok a (120 ms)', 'done in 2 s'])).toBe(true);
    expect(matches(expected, ['[1/3] ok a (120 ms, 1 warning)', 'done in 2 s'])).toBe(false);
    expect(matches(expected, ['[1/3] ok a (120 ms)', 'done in 2 s', 'one more line'])).toBe(false);
    expect(matches(['warnings   0'], ['warnings   1'])).toBe(false);
    expect(matches(['a', '...'], ['a'])).toBe(true);
    expect(matches(['a'], [])).toBe(false);
  });

  it('says where the output departs', () => {
    expect(firstMismatch(['a', '...', 'c', 'd'], ['a', 'b', 'c', 'x'])).toBe('expected line 4\n    d\nbut output line 4 is\n    x');
    expect(firstMismatch(['a'], ['a', 'b'])).toBe('the output goes on after the expected end:\n    b');
  });
});

describe('fixtures', () => {
  it('are found where the text uses the name as a path or path segment', () => {
    expect(mentions("readFileSync('Woman4.ms3d')", 'Woman4.ms3d')).toBe(true);
    expect(mentions('relic3d detect ase/assimp__TestFormatDetection', 'ase')).toBe(true);
    expect(mentions("parseO3dFile('Model/mvr_AiBatt.o3d')", 'Model')).toBe(true);
    expect(mentions('relic3d batch in --out out', 'in')).toBe(true);
    expect(mentions("import { parse } from '@relic3d/lod'", 'lod')).toBe(true);
    expect(mentions('const inputs = names.map(parse)', 'in')).toBe(false);
    expect(mentions('glscene__Woman4.ms3d', 'Woman4.ms3d')).toBe(false);
    expect(mentions('model.ase2', 'model.ase')).toBe(false);
  });
});
