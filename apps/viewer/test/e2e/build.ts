// The viewer build every e2e file serves and the Chromium they share, made once per run (vitest's
// globalSetup) rather than once per file: the e2e files run side by side, each in contexts of its own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

export const dir = path.resolve(import.meta.dirname, '../..');
export const artifacts = path.join(dir, 'test-artifacts');
// Under turbo (TURBO_HASH set) the viewer's own build task ran just before, from the same sources
// and config: serve its dist instead of building the same files a second time.
export const builtByTurbo = !!process.env.TURBO_HASH && existsSync(path.join(dir, 'dist', 'index.html'));
export const outDir = builtByTurbo ? path.join(dir, 'dist') : path.join(artifacts, 'dist');
// RELIC3D_CHROMIUM=none pretends there is no browser (to check the skip/fail behaviour).
export const executablePath = process.env.RELIC3D_CHROMIUM === 'none'
  ? undefined
  : [process.env.RELIC3D_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));

/** The e2e test files; a run whose file filters name none of them builds nothing. */
const E2E_FILES = ['test/e2e.test.ts', 'test/e2e-gltf.test.ts', 'test/e2e-browser.test.ts'];

/** How every e2e Chromium starts: software WebGL (SwiftShader), none of the background connections the closed network refuses. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium every e2e file of the run connects to (session.ts). */
    chromiumEndpoint: string;
  }
}

/**
 * globalSetup: builds the viewer unless turbo did, and starts the one Chromium the e2e files share,
 * unless there is no browser or no e2e file runs. Each file connects and opens its own contexts
 * (pages, storage); one browser and GPU process for the three files instead of one each: their
 * start and the first context's were ~5 CPU-s a file (issue #30).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (!executablePath) return;
  // The CLI's file filters (substrings of a path), as vitest keeps them (`filenamePattern`, not public).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (filters?.length && !E2E_FILES.some((f) => filters.some((filter) => path.join(dir, f).includes(filter)))) return;
  if (!builtByTurbo) await build({ root: dir, configFile: path.join(dir, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
