// The README's pack recipe is the one the published tests run (issue 30): one script, public
// packages only, and an install line that does not depend on the clone's folder name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicManifests, tarballName } from '../bin/pack-tarballs.mjs';
import { publicPackages, repoRoot } from '../src/packages.js';

describe('pack:tarballs', () => {
  it('packs the public packages and never a private one', () => {
    const names = publicManifests().map((file) => JSON.parse(readFileSync(file, 'utf8')));
    expect(names.every((m) => !m.private)).toBe(true);
    expect(names.map((m) => m.name)).not.toContain('@relic3d/fixtures');
    expect(names.map((m) => m.name)).not.toContain('@relic3d/test-harness');
    expect(names.map((m) => m.name).sort()).toEqual(publicPackages().map((p) => p.name).sort());
    expect(names.map((m) => tarballName(m.name, m.version)).sort()).toEqual(publicPackages().map((p) => p.tarball).sort());
  });

  it('is what the README tells users to run, and what the published tests install with', () => {
    const scripts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
    expect(scripts['pack:tarballs']).toBe('node tooling/published/bin/pack-tarballs.mjs');
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain('npx -y pnpm@10 pack:tarballs');
    expect(readme).not.toMatch(/--filter '\.\/packages\/\*' pack/);
    expect(readme).not.toContain('../relic3d/tarballs');
    expect(readFileSync(path.join(repoRoot, 'tooling/published/src/install.ts'), 'utf8')).toContain("from '../bin/pack-tarballs.mjs'");
  });
});
