import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A workspace package that is published (not `private`). */
export interface PublicPackage {
  name: string;
  version: string;
  /** Absolute folder in the repository. */
  dir: string;
  /** Subpaths of its `exports` map that are modules (`.`, `./node`, …; not `./package.json`). */
  entries: string[];
  /** Its `bin` map: command → file. */
  bin: Record<string, string>;
  /** File name `pnpm pack` gives its tarball. */
  tarball: string;
}

/** Module specifier of an entry: `relic3d` + `./node` → `relic3d/node`. */
export const specifier = (name: string, entry: string): string => (entry === '.' ? name : `${name}/${entry.slice(2)}`);

/** Every public package of the workspace folders, by name. */
export function publicPackages(): PublicPackage[] {
  const found: PublicPackage[] = [];
  for (const group of ['packages', 'apps', 'tooling']) {
    const groupDir = path.join(repoRoot, group);
    if (!existsSync(groupDir)) continue;
    for (const folder of readdirSync(groupDir).sort()) {
      const file = path.join(groupDir, folder, 'package.json');
      if (!existsSync(file)) continue;
      const json = JSON.parse(readFileSync(file, 'utf8'));
      if (json.private) continue;
      const exportsMap: Record<string, unknown> = json.exports ?? { '.': json.main };
      const bin: Record<string, string> = typeof json.bin === 'string' ? { [json.name]: json.bin } : (json.bin ?? {});
      found.push({
        name: json.name,
        version: json.version,
        dir: path.dirname(file),
        entries: Object.keys(exportsMap).filter((key) => !key.endsWith('.json')),
        bin,
        tarball: `${json.name.replace(/^@/, '').replace('/', '-')}-${json.version}.tgz`,
      });
    }
  }
  return found;
}

/** A dependency range the repository itself uses (so the consumer project installs the same line). */
export function repoRange(dependency: string): string {
  for (const pkg of [path.join(repoRoot, 'package.json'), ...publicPackages().map((p) => path.join(p.dir, 'package.json'))]) {
    const json = JSON.parse(readFileSync(pkg, 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      const range = json[field]?.[dependency];
      if (typeof range === 'string' && !range.startsWith('workspace:')) return range;
    }
  }
  throw new Error(`no package of the repository depends on ${dependency}`);
}
