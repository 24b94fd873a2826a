import './style.css';
import * as THREE from 'three';
import { computeBounds, type Bounds, type Scene, type Warning } from '@relic3d/core';
import { sceneStats, toThree, type ThreeScene } from '@relic3d/three';
import { Stage } from './stage.js';
import { samples, type Sample } from './samples.js';
import { bytesOf, fromDrop, fromInput, modelsIn, type FileSet } from './files.js';
import type { FromWorker, ToWorker, WireError } from './protocol.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const h = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const el = Object.assign(document.createElement(tag), props) as HTMLElementTagNameMap[K];
  el.append(...children);
  return el;
};
const fmt = (n: number, digits = 3) => (Math.abs(n) >= 1000 ? n.toFixed(0) : Number(n.toPrecision(digits)).toString());
const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;

type Status = 'idle' | 'loading' | 'ready' | 'error';
interface Timing {
  /** Medians of warm runs (ms). */
  wasmMs: number;
  jsMs: number;
  runs: number;
  repeat: number;
}
const state: {
  loads: number;
  status: Status;
  scene?: Scene;
  model?: ThreeScene;
  name?: string;
  /** The first, cold parse (ms): shown only in the timing's tooltip. */
  firstParseMs?: number;
  timing?: Timing;
  path?: string;
  format?: { id: string; name: string };
} = { loads: 0, status: 'idle' };

const stage = new Stage($<HTMLCanvasElement>('canvas'));
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
let nextId = 1;
const pending = new Map<number, (message: FromWorker) => void>();
worker.onmessage = (event: MessageEvent<FromWorker>) => {
  const message = event.data;
  if (message.type === 'timing') {
    if (message.id === currentLoad) {
      const { wasmMs, jsMs, runs, repeat } = message;
      state.timing = { wasmMs, jsMs, runs, repeat };
      renderTiming();
    }
    return;
  }
  pending.get(message.id)?.(message);
  pending.delete(message.id);
};
const ask = (message: ToWorker, transfer: Transferable[] = []) =>
  new Promise<FromWorker>((resolve) => {
    pending.set(message.id, resolve);
    worker.postMessage(message, transfer);
  });
let currentLoad = 0;

// ---------- loading ----------

/**
 * Time the worker may spend timing WASM against TypeScript after each parse. Automated browsers
 * (the e2e tests, which do not check the numbers) get a short one, so the runs do not compete with
 * the software renderer for the CPU.
 */
const TIMING_BUDGET_MS = navigator.webdriver ? 150 : 1500;

interface Source {
  name: string;
  bytes: Uint8Array;
  files?: Record<string, Uint8Array>;
  baseUrl?: string;
  companions?: string[];
  sample?: Sample;
  label?: string;
}

/** Companions: dropped files by base name (any case), else fetched next to the URL (only listed names, when a listing is known). */
function makeResolver(files: Record<string, Uint8Array>, baseUrl?: string, listing?: string[]) {
  const byName = new Map(Object.entries(files).map(([k, v]) => [baseName(k).toLowerCase(), v]));
  const listed = listing && new Set(listing.map((n) => baseName(n).toLowerCase()));
  return async (name: string) => {
    const found = byName.get(baseName(name).toLowerCase());
    if (found || !baseUrl) return found;
    if (listed && !listed.has(baseName(name).toLowerCase())) return undefined;
    try {
      const response = await fetch(new URL(encodeURIComponent(baseName(name)), baseUrl));
      return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
    } catch {
      return undefined;
    }
  };
}

async function load(source: Source): Promise<void> {
  const id = nextId++;
  currentLoad = id;
  setStatus('loading', `Parsing ${baseName(source.name)}…`);
  hideError();
  const files = source.files ?? {};
  // A downloaded file is not needed here again: hand its buffer over instead of copying 50 MB.
  const transfer = Object.keys(files).length === 0 && source.bytes.byteOffset === 0 ? [source.bytes.buffer] : [];
  const reply = await ask({ type: 'parse', id, name: baseName(source.name), bytes: source.bytes, files, baseUrl: source.baseUrl, companions: source.companions, timingBudgetMs: TIMING_BUDGET_MS }, transfer);
  if (id !== currentLoad) return;
  if (reply.type === 'error') {
    showError(reply.error, source.name);
    setStatus('error');
    return;
  }
  if (reply.type !== 'parsed') return;
  const scene = reply.scene;
  const model = toThree(scene, { resolve: makeResolver(files, source.baseUrl, source.companions) });
  const bounds = computeBounds(scene);
  stage.show(model, framingBounds(scene, bounds));
  $('follow-row').classList.toggle('disabled', !stage.canFollow);
  $<HTMLSelectElement>('up-axis').value = 'y';
  Object.assign(state, { scene, model, name: baseName(source.name), firstParseMs: reply.ms, timing: undefined, path: reply.path, format: reply.format });
  renderTitle(source);
  renderTree(scene, model);
  renderClips(model);
  renderLod(model);
  renderBounds(bounds);
  renderWarnings([...scene.warnings]);
  renderStats();
  renderTiming();
  $<HTMLButtonElement>('export').disabled = false;
  document.querySelectorAll<HTMLElement>('.samples button').forEach((b) => b.classList.toggle('active', b.dataset.format === source.sample?.format));
  setStatus('ready');
  model.ready.then(() => {
    if (state.model === model && model.warnings.length) renderWarnings([...scene.warnings, ...model.warnings]);
  });
}

/** The longest clip's pose over its first seconds, so the view starts on the moving model (rest bounds without animation). */
function framingBounds(scene: Scene, rest: Bounds): Bounds {
  if (!scene.animations.length) return rest;
  const out: Bounds = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  const clip = scene.animations.reduce((best, c, i) => (c.duration > scene.animations[best].duration ? i : best), 0);
  const duration = scene.animations[clip].duration;
  const vertices = sceneStats(scene).vertices;
  const samples = vertices > 200_000 ? 1 : vertices > 20_000 ? 4 : 10;
  // The first seconds only: a long clip may walk far away, and the view should start on the model.
  const span = Math.min(duration, 3);
  for (let k = 0; k < samples; k++) {
    const posed = computeBounds(scene, { animation: clip, time: (span * k) / samples });
    if (!(posed.min[0] <= posed.max[0])) continue;
    for (let a = 0; a < 3; a++) {
      out.min[a] = Math.min(out.min[a], posed.min[a]);
      out.max[a] = Math.max(out.max[a], posed.max[a]);
    }
  }
  return out.min[0] <= out.max[0] ? out : rest;
}

async function loadUrl(url: string, extra: Partial<Source> = {}): Promise<void> {
  setStatus('loading', `Downloading ${baseName(url)}…`);
  const absolute = new URL(url, location.href);
  try {
    const response = await fetch(absolute);
    if (!response.ok) throw new Error(`${absolute.pathname} answered ${response.status} ${response.statusText}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await load({ name: decodeURIComponent(baseName(absolute.pathname)), bytes, baseUrl: absolute.href, ...extra });
  } catch (error) {
    showError({ name: 'Error', message: (error as Error).message }, url);
    setStatus('error');
  }
}

async function loadFiles(set: FileSet): Promise<void> {
  const models = modelsIn(set);
  const picker = $('folder-models');
  picker.replaceChildren();
  if (!models.length) {
    // Not a known extension: let detection decide on the first file (and show its error).
    const first = [...set.keys()][0];
    if (!first) return;
    const files = await bytesOf(set);
    return load({ name: first, bytes: files[first], files });
  }
  const files = await bytesOf(set);
  if (models.length > 1) {
    const select = h('select', { className: 'folder-select', title: 'Models in this folder' });
    for (const m of models) select.append(h('option', { value: m }, m));
    select.onchange = () => load({ name: select.value, bytes: files[select.value], files });
    picker.append(h('div', { className: 'label' }, `${models.length} models in folder`), select);
  }
  await load({ name: models[0], bytes: files[models[0]], files });
}

async function loadSample(sample: Sample): Promise<void> {
  await loadUrl(sample.file, { sample, companions: sample.companions ?? [] });
}

// ---------- panels ----------

function setStatus(status: Status, text?: string): void {
  state.status = status;
  if (status === 'ready' || status === 'error') state.loads++;
  document.body.dataset.status = status;
  $('loading').hidden = status !== 'loading';
  if (text) $('loading-text').textContent = text;
}

function showError(error: WireError, fileName: string): void {
  $('error').hidden = false;
  $('error').querySelector('.badge')!.textContent = error.name === 'FormatError' ? 'FormatError' : 'Error';
  $('error-code').textContent = error.code ?? '';
  $('error-message').textContent = error.message;
  const fields = $('error-fields');
  fields.replaceChildren();
  const add = (k: string, v: string | number | undefined) => v !== undefined && fields.append(h('dt', {}, k), h('dd', { className: 'mono' }, String(v)));
  add('file', baseName(fileName));
  add('format', error.format);
  if (error.offset !== undefined) add('offset', `${error.offset} (0x${error.offset.toString(16)})`);
  add('expected', error.expected);
  add('found', error.found);
}

function hideError(): void {
  $('error').hidden = true;
}

function renderTitle(source: Source): void {
  const title = $('model-title');
  title.replaceChildren(h('strong', {}, baseName(source.name)), h('span', { className: 'tag' }, state.format?.name ?? ''));
  const credit = $('credit');
  credit.replaceChildren();
  const sample = source.sample;
  if (sample) {
    const parts: (Node | string)[] = [h('span', { className: 'credit-title' }, sample.title), h('br'), sample.credit, ' · '];
    parts.push(sample.licenseUrl ? h('a', { href: sample.licenseUrl, target: '_blank', rel: 'noopener' }, sample.license) : sample.license);
    if (sample.sourceUrl) parts.push(' · ', h('a', { href: sample.sourceUrl, target: '_blank', rel: 'noopener' }, 'source'));
    credit.append(...parts);
  } else {
    credit.append(h('span', { className: 'credit-title' }, baseName(source.name)), h('br'), 'your file — parsed locally, nothing is uploaded');
  }
}

const ICONS: Record<string, string> = { bone: '◆', mesh: '▲', lod: '◈', camera: '▣', light: '✦', node: '○' };

function renderTree(scene: Scene, model: ThreeScene): void {
  const tree = $('tree');
  tree.replaceChildren();
  const item = (i: number, depth: number): HTMLLIElement => {
    const node = scene.nodes[i];
    const kind = node.lods?.length ? 'lod' : node.joint ? 'bone' : node.mesh !== undefined ? 'mesh' : node.camera !== undefined ? 'camera' : node.light !== undefined ? 'light' : 'node';
    const row = h('div', { className: `tree-row ${kind}`, title: `node ${i}` }, h('span', { className: 'icon' }, ICONS[kind]), h('span', { className: 'tree-name' }, node.name || `node ${i}`));
    if (node.mesh !== undefined) {
      const mesh = scene.meshes[node.mesh];
      const v = mesh?.primitives.reduce((n, p) => n + p.attributes.POSITION.length / 3, 0) ?? 0;
      row.append(h('span', { className: 'tree-meta' }, `${v} v`));
    }
    const li = h('li', {}, row);
    row.onclick = () => {
      tree.querySelectorAll('.tree-row.selected').forEach((r) => r.classList.remove('selected'));
      row.classList.add('selected');
      stage.select(model.nodes[i]);
    };
    if (node.children.length) {
      const ul = h('ul');
      if (depth > 2 && node.children.length) li.classList.add('collapsed');
      row.prepend(h('span', { className: 'twisty', onclick: (e: Event) => { e.stopPropagation(); li.classList.toggle('collapsed'); } }, '▾'));
      for (const c of node.children) if (scene.nodes[c]) ul.append(item(c, depth + 1));
      li.append(ul);
    } else row.prepend(h('span', { className: 'twisty' }, ''));
    return li;
  };
  for (const r of scene.roots) if (scene.nodes[r]) tree.append(item(r, 0));
}

const clipsSelect = $<HTMLSelectElement>('clips');
const scrub = $<HTMLInputElement>('scrub');
const playButton = $<HTMLButtonElement>('play');
let scrubbing = false;

function renderClips(model: ThreeScene): void {
  clipsSelect.replaceChildren();
  const has = model.clips.length > 0;
  $('anim-panel').classList.toggle('disabled', !has);
  if (!has) {
    clipsSelect.append(h('option', {}, 'no animation'));
    stage.play(undefined);
    // Nothing left over from the previous model's clip.
    scrub.value = '0';
    $('time').textContent = '0.00 s';
    playButton.textContent = '▶';
  }
  model.clips.forEach((clip, i) => clipsSelect.append(h('option', { value: String(i) }, `${clip.name || `clip ${i}`} · ${clip.duration.toFixed(2)} s`)));
  clipsSelect.disabled = !has;
  // Start on the longest clip: single-frame "bind pose" clips do not show anything moving.
  const first = model.clips.reduce((best, c, i) => (c.duration > (model.clips[best]?.duration ?? -1) ? i : best), 0);
  if (has) {
    clipsSelect.value = String(first);
    playClip(first);
  }
}

function playClip(index: number): void {
  const clip = state.model?.clips[index];
  stage.play(clip);
  scrub.max = String(clip?.duration || 1);
  playButton.textContent = '❚❚';
}

clipsSelect.onchange = () => playClip(Number(clipsSelect.value));
playButton.onclick = () => {
  stage.playing = !stage.playing;
  playButton.textContent = stage.playing ? '❚❚' : '▶';
};
scrub.oninput = () => {
  scrubbing = true;
  stage.seek(Number(scrub.value));
};
scrub.onchange = () => (scrubbing = false);
$<HTMLInputElement>('speed').oninput = (e) => {
  stage.speed = Number((e.target as HTMLInputElement).value);
  $('speed-value').textContent = `${stage.speed.toFixed(1)}×`;
};
$<HTMLInputElement>('follow').onchange = (e) => (stage.follow = (e.target as HTMLInputElement).checked);
$<HTMLSelectElement>('up-axis').onchange = (e) => stage.setZUp((e.target as HTMLSelectElement).value === 'z');
for (const flag of ['skeleton', 'wireframe', 'normals'] as const) {
  $<HTMLInputElement>(`show-${flag}`).onchange = (e) => stage.setFlag(flag, (e.target as HTMLInputElement).checked);
}

function renderLod(model: ThreeScene): void {
  const select = $<HTMLSelectElement>('lod');
  select.replaceChildren(h('option', { value: 'auto' }, 'auto (distance)'));
  const levels = Math.max(0, ...model.lodObjects.map((l) => l.levels.length));
  for (let i = 0; i < levels; i++) select.append(h('option', { value: String(i) }, `level ${i}${i === 0 ? ' (finest)' : ''}`));
  select.disabled = levels === 0;
  $('lod-row').classList.toggle('disabled', levels === 0);
  select.onchange = () => stage.setLod(select.value === 'auto' ? 'auto' : Number(select.value));
}

function renderBounds(bounds: { min: number[]; max: number[] }): void {
  const dl = $('bounds');
  dl.replaceChildren();
  if (!(bounds.min[0] <= bounds.max[0])) {
    dl.append(h('dt', {}, 'empty'), h('dd', {}, '—'));
    return;
  }
  const v = (a: number[]) => a.map((x) => fmt(x)).join(', ');
  const size = bounds.max.map((x, i) => x - bounds.min[i]);
  dl.append(h('dt', {}, 'min'), h('dd', { className: 'mono' }, v(bounds.min)), h('dt', {}, 'max'), h('dd', { className: 'mono' }, v(bounds.max)), h('dt', {}, 'size'), h('dd', { className: 'mono' }, v(size)));
}

function renderWarnings(warnings: Warning[]): void {
  $('warnings-panel').hidden = warnings.length === 0;
  $('warning-count').textContent = String(warnings.length);
  const list = $('warnings');
  list.replaceChildren(...warnings.slice(0, 50).map((w) => h('li', { title: w.code }, h('span', { className: 'mono code' }, w.code), ' ', w.message)));
}

const ms = (t: number) => `${t < 10 ? t.toFixed(2) : t < 100 ? t.toFixed(1) : t.toFixed(0)} ms`;

/** Parse time on each path: medians of warm runs measured by the worker after the model is shown. */
function renderTiming(): void {
  const box = $('timing');
  const timing = state.timing;
  const wasm = state.path && state.path !== 'js';
  box.dataset.state = timing ? 'done' : 'measuring';
  const cold = state.firstParseMs === undefined ? '' : `first (cold) parse ${ms(state.firstParseMs)}`;
  if (!timing) {
    $('timing-note').textContent = 'measuring warm runs…';
    $('timing-values').replaceChildren(h('span', { className: 'timing-cold' }, cold));
    box.title = 'The first parse includes JIT and WASM warm-up, so it is not compared.';
    return;
  }
  const runs = `median of ${timing.runs} warm run${timing.runs === 1 ? '' : 's'}`;
  $('timing-note').textContent = runs;
  const cell = (label: string, value: string, className = '') =>
    h('div', { className: `timing-cell ${className}` }, h('span', { className: 'timing-label' }, label), h('span', { className: 'timing-value mono' }, value));
  if (!wasm) {
    $('timing-values').replaceChildren(cell('TypeScript', ms(timing.jsMs)), cell('WASM', 'unavailable', 'muted'));
  } else {
    const ratio = timing.jsMs / Math.max(timing.wasmMs, 1e-6);
    $('timing-values').replaceChildren(
      cell(`WASM ${state.path}`, ms(timing.wasmMs), ratio >= 1 ? 'faster' : ''),
      cell('TypeScript', ms(timing.jsMs), ratio < 1 ? 'faster' : ''),
      cell('TS ÷ WASM', `${ratio.toFixed(ratio >= 10 ? 0 : 1)}×`, 'ratio'),
    );
  }
  box.title =
    `Each path (kernels: 'wasm' and 'js') parsed once to warm up, then ${timing.runs} time${timing.runs === 1 ? '' : 's'} in alternating order` +
    `${timing.repeat > 1 ? `, each run averaging ${timing.repeat} parses` : ''}; ${runs}. ${cold}.`;
}

let fps = 0;
function renderStats(): void {
  if (!state.scene) return;
  const s = sceneStats(state.scene);
  const dl = $('stats');
  const rows: [string, string][] = [
    ['format', `${state.format?.id ?? ''}${state.scene.version !== undefined ? ` v${state.scene.version}` : ''}`],
    ['vertices', s.vertices.toLocaleString('en')],
    ['triangles', s.triangles.toLocaleString('en')],
    ['draw calls', String(stage.drawCalls())],
    ['meshes / nodes', `${s.meshes} / ${s.nodes}`],
    ['materials / textures', `${s.materials} / ${s.textures}`],
    ['joints', String(s.joints)],
    ['clips', String(s.clips)],
    ['fps', fps ? fps.toFixed(0) : '…'],
  ];
  dl.replaceChildren(...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', { className: 'mono', id: `stat-${k.split(' ')[0]}` }, v)]));
}

// Live values: time, scrubber, draw calls, fps.
let frames = 0, since = performance.now();
stage.onFrame = () => {
  frames++;
  const now = performance.now();
  if (now - since > 500) {
    fps = (frames * 1000) / (now - since);
    frames = 0;
    since = now;
    renderStats();
  }
  if (stage.action) {
    const t = stage.time;
    $('time').textContent = `${t.toFixed(2)} s`;
    if (!scrubbing) scrub.value = String(t);
  }
};

// ---------- header: samples, open, export ----------

async function buildSamplePicker(): Promise<void> {
  const nav = $('samples');
  let generated: string[] = [];
  try {
    const response = await fetch('samples/generated/index.json');
    if (response.ok) generated = ((await response.json()) as { file: string }[]).map((g) => g.file);
  } catch {
    generated = [];
  }
  for (const sample of samples) {
    const available = !sample.generated || generated.includes(baseName(sample.file));
    const button = h('button', { className: 'sample', disabled: !available, title: available ? sample.title : `${sample.title} (not built yet)` }, h('span', { className: 'fmt' }, sample.label), h('span', { className: 'sample-name' }, sample.short));
    button.dataset.format = sample.format;
    button.onclick = () => {
      history.replaceState(null, '', `?sample=${sample.format}`);
      void loadSample(sample);
    };
    nav.append(button);
  }
}

$<HTMLInputElement>('open-file').onchange = (e) => void loadFiles(fromInput((e.target as HTMLInputElement).files));
$<HTMLInputElement>('open-folder').onchange = (e) => void loadFiles(fromInput((e.target as HTMLInputElement).files));
$('error-close').onclick = hideError;

$<HTMLButtonElement>('export').onclick = async () => {
  if (!state.scene) return;
  const button = $<HTMLButtonElement>('export');
  button.disabled = true;
  button.textContent = 'Exporting…';
  const reply = await ask({ type: 'export', id: nextId++ });
  button.disabled = false;
  button.textContent = 'Export .glb';
  if (reply.type === 'error') return showError(reply.error, state.name ?? 'scene');
  if (reply.type !== 'glb') return;
  const url = URL.createObjectURL(new Blob([reply.bytes as BlobPart], { type: 'model/gltf-binary' }));
  const a = h('a', { href: url, download: `${(state.name ?? 'scene').replace(/\.[^.]+$/, '')}.glb` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

// Drag and drop anywhere.
let dragDepth = 0;
addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; $('drop').hidden = false; });
addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; $('drop').hidden = true; } });
addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', async (e: DragEvent) => {
  e.preventDefault();
  dragDepth = 0;
  $('drop').hidden = true;
  if (e.dataTransfer) await loadFiles(await fromDrop(e.dataTransfer));
});

// ---------- start ----------

/** Hooks for the end-to-end tests (and the curious, from the console). */
declare global {
  interface Window {
    __viewer: {
      state: typeof state;
      stage: Stage;
      probe(): ReturnType<Stage['probe']>;
      loadBytes(name: string, bytes: Uint8Array): Promise<void>;
      THREE: typeof THREE;
    };
  }
}
window.__viewer = { state, stage, probe: () => stage.probe(), loadBytes: (name, bytes) => load({ name, bytes }), THREE };

await buildSamplePicker();
const params = new URLSearchParams(location.search);
const url = params.get('url');
const chosen = samples.find((s) => s.format === params.get('sample')) ?? samples[0];
if (url) await loadUrl(url);
else await loadSample(chosen);
