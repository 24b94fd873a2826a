#!/usr/bin/env node
// Bakes the viewer's studio environment map (src/stage/environment.ts): RoomEnvironment prefiltered
// by three's PMREM in Chromium's WebGL, read back as half floats, gzipped into
// src/stage/room-environment.cubeuv.gz. Run again after a three upgrade (`pnpm bake-environment`);
// the e2e tests fail while the baked map differs from a fresh one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const dir = path.resolve(import.meta.dirname, '..');
const out = path.join(dir, 'src/stage/room-environment.cubeuv.gz');
const executablePath = [process.env.RELIC3D_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(Boolean);

const server = await createServer({ root: dir, configFile: path.join(dir, 'vite.config.ts'), logLevel: 'error' });
await server.listen();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
try {
  const page = await browser.newPage();
  await page.goto(`${server.resolvedUrls.local[0]}?warm=off&timing=off`, { timeout: 120_000 });
  await page.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 120_000 });
  const halves = Uint16Array.from(await page.evaluate(() => {
    const { environment, stage } = window.__viewer;
    const target = environment.generate(stage.renderer);
    const texels = Array.from(environment.read(stage.renderer, target));
    target.dispose();
    return texels;
  }));
  const bytes = gzipSync(Buffer.from(halves.buffer), { level: 9 });
  writeFileSync(out, bytes);
  console.log(`${path.relative(dir, out)}: ${halves.length / 4} texels, ${bytes.length} bytes`);
} finally {
  await browser.close();
  await server.close();
}
