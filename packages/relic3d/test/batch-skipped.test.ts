// Issue 26: the batch report lists what it did not convert and why, special entries included; a
// FIFO named like a model is never opened (opening one for reading would wait forever).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aseFile, geom } from '@relic3d/fixtures/ase';
import { run, tmp } from './run-cli.js';

function triangleAse(): string {
  const tri = { vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as [number, number, number][], faces: [[0, 1, 2]] as [number, number, number][] };
  return aseFile([geom('Tri', tri)]);
}

describe('relic3d batch: skipped entries', () => {
  it('reports FIFOs, sockets, folders named like models and symlinks leaving the folder or leading nowhere under skipped, with the reason', async () => {
    const base = tmp('batch-skipped');
    const dir = path.join(base, 'in');
    mkdirSync(path.join(dir, 'x.o3d'), { recursive: true });
    writeFileSync(path.join(dir, 'tri.ase'), triangleAse(), 'latin1');
    writeFileSync(path.join(dir, 'skin.png'), 'png');
    writeFileSync(path.join(dir, 'x.o3d', 'notes.txt'), 'a folder, not a model');
    writeFileSync(path.join(base, 'outside.ms3d'), 'outside the folder');
    execFileSync('mkfifo', [path.join(dir, 'pipe.o3d'), path.join(dir, 'stream')]);
    symlinkSync(path.join(base, 'outside.ms3d'), path.join(dir, 'escape.ms3d'));
    symlinkSync('/dev/null', path.join(dir, 'null.lod'));
    symlinkSync('nowhere.ase', path.join(dir, 'gone.ase'));
    symlinkSync('pipe.o3d', path.join(dir, 'pipe-link.mdl'));
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, 'sock.ase'), resolve));
    try {
      const report = path.join(base, 'report.json');
      const result = await run('batch', dir, '--out', path.join(base, 'out'), '--jobs', '0', '--json', report);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const json = JSON.parse(readFileSync(report, 'utf8'));
      expect(json.summary).toMatchObject({ files: 1, converted: 1, skipped: 10 });
      const byFile = Object.fromEntries(json.skipped.map((s: { file: string; reason: string }) => [s.file, s.reason]));
      expect(byFile).toEqual({
        'skin.png': 'a companion, image or other known non-model file',
        'x.o3d/notes.txt': 'a companion, image or other known non-model file',
        'escape.ms3d': 'a symlink that leaves the folder',
        'gone.ase': 'a symlink that leads nowhere (ENOENT)',
        'null.lod': 'a symlink that leaves the folder',
        'pipe-link.mdl': 'a symlink to a FIFO (never opened)',
        'pipe.o3d': 'a FIFO (never opened)',
        'sock.ase': 'a socket',
        stream: 'a FIFO (never opened)',
        'x.o3d/': 'a folder named like a model',
      });
      // The text summary names the unusual ones, not the companions.
      expect(result.stdout).toContain('skipped, never opened or not a model file:\n');
      expect(result.stdout).toContain('  pipe.o3d: a FIFO (never opened)\n');
      expect(result.stdout).toContain('  x.o3d/: a folder named like a model\n');
      expect(result.stdout).not.toContain('  skin.png:');
    } finally {
      server.close();
    }
  }, 60_000);
});
