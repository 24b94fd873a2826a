import './style.css';
import * as THREE from 'three';
import { computeBounds, serializeError, type Bounds, type Scene, type Warning } from '@relic3d/core';
import { missingReason, sceneStats, toThree, type ThreeScene } from '@relic3d/three';
import { Stage } from './stage.js';
import { findSample, samples, type Sample } from './samples.js';
import { fromDrop, fromInput, modelsIn, type FileSet } from './files.js';
import { companionResolver } from './resolver.js';
import { CODE_PAGES } from './codepage.js';
import { compareTimings, type PathTiming } from './timing.js';
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

/** What a load starts from; kept so the code-page control can parse it again. */
interface Source {
  /** The model's path among `files`, or its file name. */
  name: string;
  bytes: Uint8Array;
  /** Dropped or opened files by root-relative path (File objects: read only when asked for). */
  files?: Record<string, Blob | Uint8Array>;
  baseUrl?: string;
  companions?: string[];
  /** O3D motions to fetch beside a URL (`?motions=stand,walk`). */
  motions?: string[];
  sample?: Sample;
}

const state: {
  loads: number;
  status: Status;
  source?: Source;
  scene?: Scene;
  model?: ThreeScene;
  name?: string;
  /** The first, cold parse (ms): shown only in the timing's tooltip. */
  firstParseMs?: number;
  timing?: PathTiming;
  path?: string;
  format?: { id: string; name: string };
  /** The code page the strings were decoded with (what 'auto' chose, too). */
  codePage?: string;
} = { loads: 0, status: 'idle' };

// ---------- failures ----------

/** Test hooks that make one step fail, so the e2e tests can check every failure reaches the panel. */
const faults = { convert: false };

/** Shows a failure: the previous model, its title, stats and credit go, the error panel says why. */
function fail(error: unknown, fileName: string): void {
  clearModel();
  showError(isWire(error) ? error : serializeError(error), fileName);
  setStatus('error');
}

const isWire = (e: unknown): e is WireError => !!e && typeof e === 'object' && !(e instanceof Error) && 'message' in e && 'name' in e;

// ---------- the worker ----------

const stage = new Stage($<HTMLCanvasElement>('canvas'));
stage.onError = (error) => fail(error, state.name ?? 'scene');

let worker: Worker;
let nextId = 1;
const pending = new Map<number, { resolve: (message: FromWorker) => void; reject: (error: Error) => void }>();

function startWorker(): void {
  worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'timing') {
      if (message.id === currentLoad) {
        state.timing = message;
        renderTiming();
      }
      return;
    }
    pending.get(message.id)?.resolve(message);
    pending.delete(message.id);
  };
  // A crash outside any request (a script error, out of memory): every request still open fails.
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    restartWorker(new Error(`the parser worker failed: ${event.message || 'it stopped'}`));
  };
  worker.onmessageerror = () => restartWorker(new Error('the parser worker sent a message that could not be read'));
}

/** Stops the worker (a crash, or a parse the user cancelled), fails what it still owed, starts a fresh one. */
function restartWorker(reason: Error): void {
  worker.terminate();
  const owed = [...pending.values()];
  pending.clear();
  startWorker();
  for (const p of owed) p.reject(reason);
  if (owed.length) return;
  // Nothing was waiting on it: a load in progress fails, a model on show stays and the panel says so.
  if (state.status === 'loading') fail(reason, state.source?.name ?? 'file');
  else showError(serializeError(reason), state.name ?? 'viewer');
}

const ask = (message: ToWorker, transfer: Transferable[] = []) =>
  new Promise<FromWorker>((resolve, reject) => {
    pending.set(message.id, { resolve, reject });
    worker.postMessage(message, transfer);
  });
let currentLoad = 0;
startWorker();

// ---------- loading ----------

/**
 * Time the worker may spend timing WASM against TypeScript after each parse. Automated browsers
 * (the e2e tests, which do not check the numbers) get a short one, so the runs do not compete with
 * the software renderer for the CPU.
 */
const TIMING_BUDGET_MS = navigator.webdriver ? 150 : 1500;

const codePageSelect = $<HTMLSelectElement>('code-page');

async function load(source: Source): Promise<void> {
  const id = nextId++;
  currentLoad = id;
  state.source = source;
  setStatus('loading', `Parsing ${baseName(source.name)}…`);
  hideError();
  try {
    const files = source.files ?? {};
    const codePage = codePageSelect.value === 'auto' ? undefined : codePageSelect.value;
    // Sent as a copy: the source stays for a re-parse with another code page.
    const reply = await ask({
      type: 'parse', id, name: source.name, bytes: source.bytes, files, baseUrl: source.baseUrl, companions: source.companions, motions: source.motions, codePage, timingBudgetMs: TIMING_BUDGET_MS,
    });
    if (id !== currentLoad) return;
    if (reply.type === 'error') return fail(reply.error, source.name);
    if (reply.type !== 'parsed') throw new Error(`the worker answered '${reply.type}' to a parse`);
    const scene = reply.scene;
    if (faults.convert) {
      faults.convert = false;
      throw new Error('injected conversion fault');
    }
    const resolve = companionResolver({ files, modelPath: source.name, baseUrl: source.baseUrl, listing: source.companions });
    const model = toThree(scene, { resolve });
    const bounds = computeBounds(scene);
    stage.show(model, framingBounds(scene, bounds));
    Object.assign(state, { scene, model, name: baseName(source.name), firstParseMs: reply.ms, timing: undefined, path: reply.path, format: reply.format, codePage: reply.codePage });
    $('follow-row').classList.toggle('disabled', !stage.canFollow);
    $<HTMLSelectElement>('up-axis').value = 'y';
    renderTitle(source);
    renderCodePage();
    renderTree(scene, model);
    renderClips(model);
    renderLod(model);
    renderBounds(bounds);
    renderWarnings([...scene.warnings, ...model.warnings]);
    renderStats();
    renderTiming();
    $<HTMLButtonElement>('export').disabled = false;
    $('view-tools').hidden = false;
    document.querySelectorAll<HTMLElement>('.samples button').forEach((b) => b.classList.toggle('active', b.dataset.sample === source.sample?.id));
    setStatus('ready');
    model.ready.then(
      () => {
        if (state.model !== model) return;
        stage.invalidate(); // the maps are on the materials now
        if (model.warnings.length) renderWarnings([...scene.warnings, ...model.warnings]);
      },
      (error: unknown) => {
        if (state.model === model) renderWarnings([...scene.warnings, ...model.warnings, { code: 'TEXTURE_FAILED', message: String((error as Error)?.message ?? error) }]);
      },
    );
  } catch (error) {
    if (id === currentLoad) fail(error, source.name);
  }
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
  const id = nextId++;
  currentLoad = id;
  setStatus('loading', `Downloading ${baseName(url)}…`);
  hideError();
  try {
    const absolute = new URL(url, location.href);
    const response = await fetch(absolute);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const missing = missingReason(decodeURIComponent(absolute.pathname), response, bytes);
    if (missing) throw new Error(missing);
    if (id !== currentLoad) return;
    await load({ name: decodeURIComponent(baseName(absolute.pathname)), bytes, baseUrl: absolute.href, ...extra });
  } catch (error) {
    if (id === currentLoad) fail(error, url);
  }
}

async function loadFiles(set: FileSet): Promise<void> {
  const models = modelsIn(set);
  const picker = $('folder-models');
  picker.replaceChildren();
  const files = Object.fromEntries(set);
  // Not a known extension: let detection decide on the first file (and show its error).
  const chosen = models[0] ?? [...set.keys()][0];
  if (!chosen) return;
  const open = async (name: string) => {
    try {
      await load({ name, bytes: new Uint8Array(await set.get(name)!.arrayBuffer()), files });
    } catch (error) {
      fail(error, name);
    }
  };
  if (models.length > 1) {
    const select = h('select', { className: 'folder-select', title: 'Models in this folder' });
    for (const m of models) select.append(h('option', { value: m }, m));
    select.onchange = () => void open(select.value);
    picker.append(h('div', { className: 'label' }, `${models.length} models in folder`), select);
  }
  await open(chosen);
}

async function loadSample(sample: Sample): Promise<void> {
  await loadUrl(sample.file, { sample, companions: sample.companions ?? [] });
}

// ---------- panels ----------

function setStatus(status: Status, text?: string): void {
  state.status = status;
  if (status === 'ready' || status === 'error') state.loads++;
  document.body.dataset.status = status;
  const loading = $('loading');
  loading.hidden = status !== 'loading';
  if (text) $('loading-text').textContent = text;
  // A parse that takes a while can be stopped.
  clearTimeout(cancelTimer);
  $('cancel').hidden = true;
  if (status === 'loading') cancelTimer = setTimeout(() => ($('cancel').hidden = false), 1500);
}
let cancelTimer: ReturnType<typeof setTimeout> | undefined;
$('cancel').onclick = () => restartWorker(new Error('parsing was stopped (Cancel)'));

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

/** Empties the view and every panel that described the previous model. */
function clearModel(): void {
  stage.clear();
  Object.assign(state, { scene: undefined, model: undefined, name: undefined, firstParseMs: undefined, timing: undefined, path: undefined, format: undefined, codePage: undefined });
  $('model-title').replaceChildren('—');
  $('credit').replaceChildren();
  $('credit').hidden = true;
  $('tree').replaceChildren();
  renderClips(undefined);
  renderLod(undefined);
  $('bounds').replaceChildren();
  renderWarnings([]);
  $('stats').replaceChildren();
  $('timing').hidden = true;
  renderCodePage();
  $<HTMLButtonElement>('export').disabled = true;
  $('view-tools').hidden = true;
  document.querySelectorAll<HTMLElement>('.samples button').forEach((b) => b.classList.remove('active'));
}

function renderTitle(source: Source): void {
  const title = $('model-title');
  title.replaceChildren(h('strong', { title: source.name }, baseName(source.name)), h('span', { className: 'tag' }, state.format?.name ?? ''));
  const credit = $('credit');
  credit.hidden = false;
  credit.replaceChildren();
  const sample = source.sample;
  if (sample) {
    const parts: (Node | string)[] = [h('span', { className: 'credit-title' }, sample.title), h('br'), sample.credit, ' · '];
    parts.push(sample.licenseUrl ? h('a', { href: sample.licenseUrl, target: '_blank', rel: 'noopener' }, sample.license) : sample.license);
    if (sample.sourceUrl) parts.push(' · ', h('a', { href: sample.sourceUrl, target: '_blank', rel: 'noopener' }, 'source'));
    if (sample.note) parts.push(h('br'), h('span', { className: 'credit-note' }, sample.note));
    credit.append(...parts);
  } else {
    credit.append(h('span', { className: 'credit-title' }, baseName(source.name)), h('br'), 'your file — parsed locally, nothing is uploaded');
  }
}

function renderCodePage(): void {
  const auto = codePageSelect.querySelector<HTMLOptionElement>('option[value="auto"]')!;
  auto.textContent = state.codePage && codePageSelect.value === 'auto' ? `auto → ${state.codePage}` : 'auto';
}

for (const page of CODE_PAGES) codePageSelect.append(h('option', { value: page }, page));
codePageSelect.onchange = () => {
  if (state.source) void load(state.source);
};

const ICONS: Record<string, string> = { bone: '◆', mesh: '▲', lod: '◈', camera: '▣', light: '✦', node: '○' };
const KIND_NAMES: Record<string, string> = { bone: 'joint', mesh: 'mesh', lod: 'LOD group', camera: 'camera', light: 'light', node: 'node' };

/** The scene tree. Children are built when a row is first opened, so a huge or very deep scene costs nothing up front. */
function renderTree(scene: Scene, model: ThreeScene): void {
  const tree = $('tree');
  tree.replaceChildren();
  const item = (i: number, depth: number): HTMLLIElement => {
    const node = scene.nodes[i];
    const kind = node.lods?.length ? 'lod' : node.joint ? 'bone' : node.mesh !== undefined ? 'mesh' : node.camera !== undefined ? 'camera' : node.light !== undefined ? 'light' : 'node';
    const name = node.name || `node ${i}`;
    let tip = `${name}\n${KIND_NAMES[kind]} · node ${i}`;
    const row = h('div', { className: `tree-row ${kind}` }, h('span', { className: 'icon' }, ICONS[kind]), h('span', { className: 'tree-name' }, name));
    if (node.mesh !== undefined) {
      const mesh = scene.meshes[node.mesh];
      const v = mesh?.primitives.reduce((n, p) => n + p.attributes.POSITION.length / 3, 0) ?? 0;
      row.append(h('span', { className: 'tree-meta' }, `${v} v`));
      tip += ` · ${v} vertices`;
    }
    const children = node.children.filter((c) => scene.nodes[c]);
    if (children.length) tip += ` · ${children.length} children`;
    row.title = tip;
    const li = h('li', {}, row);
    row.onclick = () => {
      tree.querySelectorAll('.tree-row.selected').forEach((r) => r.classList.remove('selected'));
      row.classList.add('selected');
      stage.select(model.nodes[i]);
    };
    if (children.length) {
      let built = false;
      const open = () => {
        if (!built) {
          built = true;
          li.append(h('ul', {}, ...children.map((c) => item(c, depth + 1))));
        }
        li.classList.remove('collapsed');
      };
      li.classList.add('collapsed');
      row.prepend(h('span', { className: 'twisty', onclick: (e: Event) => { e.stopPropagation(); if (li.classList.contains('collapsed')) open(); else li.classList.add('collapsed'); } }, '▾'));
      if (depth < 2) open();
    } else row.prepend(h('span', { className: 'twisty' }, ''));
    return li;
  };
  for (const r of scene.roots) if (scene.nodes[r]) tree.append(item(r, 0));
}

const clipsSelect = $<HTMLSelectElement>('clips');
const scrub = $<HTMLInputElement>('scrub');
const playButton = $<HTMLButtonElement>('play');
let scrubbing = false;

function renderClips(model: ThreeScene | undefined): void {
  clipsSelect.replaceChildren();
  const clips = model?.clips ?? [];
  const has = clips.length > 0;
  $('anim-panel').classList.toggle('disabled', !has);
  if (!has) {
    clipsSelect.append(h('option', {}, 'no animation'));
    stage.play(undefined);
    // Nothing left over from the previous model's clip.
    scrub.value = '0';
    $('time').textContent = '0.00 s';
    playButton.textContent = '▶';
  }
  clips.forEach((clip, i) => clipsSelect.append(h('option', { value: String(i) }, `${clip.name || `clip ${i}`} · ${clip.duration.toFixed(2)} s`)));
  clipsSelect.disabled = !has;
  // Start on the longest clip: single-frame "bind pose" clips do not show anything moving.
  const first = clips.reduce((best, c, i) => (c.duration > (clips[best]?.duration ?? -1) ? i : best), 0);
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

// Fit: frame what is shown now (the selected node, else the model as posed); Reset: the first view.
$('fit-view').onclick = () => stage.fit();
$('reset-view').onclick = () => stage.resetView();
addEventListener('keydown', (e: KeyboardEvent) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'f' || e.key === 'F') stage.fit();
  else if (e.key === 'r' || e.key === 'R' || e.key === 'Home') stage.resetView();
});

function renderLod(model: ThreeScene | undefined): void {
  const select = $<HTMLSelectElement>('lod');
  select.replaceChildren(h('option', { value: 'auto' }, 'auto (distance)'));
  const levels = Math.max(0, ...(model?.lodObjects ?? []).map((l) => l.levels.length));
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
const times = (r: number) => `${r.toFixed(r >= 10 ? 0 : 1)}×`;

/** Parse time on each path: medians of warm runs measured by the worker after the model is shown. */
function renderTiming(): void {
  const box = $('timing');
  box.hidden = false;
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
  const cell = (label: string, value: string, className = '', title = '') =>
    h('div', { className: `timing-cell ${className}`, title }, h('span', { className: 'timing-label' }, label), h('span', { className: 'timing-value mono' }, value));
  let ratioNote = '';
  if (!wasm) {
    $('timing-values').replaceChildren(cell('TypeScript', ms(timing.jsMs)), cell('WASM', 'unavailable', 'muted'));
  } else {
    // The ratio is shown with its spread over the paired runs, and only when the pairs agree.
    const c = compareTimings(timing);
    const faster = c.kind === 'ratio' ? (c.ratio >= 1 ? 'wasm' : 'js') : undefined;
    let ratio: HTMLElement;
    if (c.kind === 'ratio') {
      ratio = cell('TS ÷ WASM', `${times(c.ratio)}`, 'ratio', `${times(c.low)}–${times(c.high)} over ${timing.runs} paired runs`);
      ratio.querySelector('.timing-value')!.append(h('span', { className: 'timing-spread' }, ` ${c.low.toFixed(1)}–${c.high.toFixed(1)}`));
      ratioNote = `TS ÷ WASM ${times(c.ratio)}, ${times(c.low)} to ${times(c.high)} over the paired runs.`;
    } else if (c.kind === 'even') {
      ratio = cell('TS ÷ WASM', '≈ same', 'ratio muted', `${times(c.low)}–${times(c.high)}: neither path is clearly faster`);
      ratioNote = `The paired runs range from ${times(c.low)} to ${times(c.high)}: neither path is clearly faster.`;
    } else if (c.kind === 'unsteady') {
      ratio = cell('TS ÷ WASM', 'noisy', 'ratio muted', `the paired runs range from ${times(c.low)} to ${times(c.high)}`);
      ratioNote = `The paired runs range from ${times(c.low)} to ${times(c.high)}: too unsteady for a figure (a small file on a busy machine).`;
    } else {
      ratio = cell('TS ÷ WASM', '—', 'ratio muted', 'one run per path: no spread, so no figure');
      ratioNote = 'One run per path: no spread, so no ratio.';
    }
    $('timing-values').replaceChildren(
      cell(`WASM ${state.path}`, ms(timing.wasmMs), faster === 'wasm' ? 'faster' : ''),
      cell('TypeScript', ms(timing.jsMs), faster === 'js' ? 'faster' : ''),
      ratio,
    );
  }
  box.title =
    `Each path (kernels: 'wasm' and 'js') parsed once to warm up, then ${timing.runs} time${timing.runs === 1 ? '' : 's'} in alternating order` +
    `${timing.repeat > 1 ? `, each run averaging ${timing.repeat} parses` : ''}; ${runs}. ${ratioNote} ${cold}.`;
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
    // A still model is drawn only when something changes, so a frame rate means nothing then.
    ['fps', stage.animating ? (fps ? fps.toFixed(0) : '…') : 'idle'],
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
    if (response.ok && !missingReason('index.json', response)) generated = ((await response.json()) as { file: string }[]).map((g) => g.file);
  } catch {
    generated = [];
  }
  for (const sample of samples) {
    const available = !sample.generated || generated.includes(baseName(sample.file));
    const button = h('button', { className: 'sample', disabled: !available, title: available ? sample.title : `${sample.title} (not built yet)` }, h('span', { className: 'fmt' }, sample.label), h('span', { className: 'sample-name' }, sample.short));
    button.dataset.format = sample.format;
    button.dataset.sample = sample.id;
    button.onclick = () => {
      history.replaceState(null, '', `?sample=${sample.id}`);
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
  try {
    const reply = await ask({ type: 'export', id: nextId++ });
    if (reply.type === 'error') return showError(reply.error, state.name ?? 'scene');
    if (reply.type !== 'glb') return;
    const url = URL.createObjectURL(new Blob([reply.bytes as BlobPart], { type: 'model/gltf-binary' }));
    const a = h('a', { href: url, download: `${(state.name ?? 'scene').replace(/\.[^.]+$/, '')}.glb` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    showError(serializeError(error), state.name ?? 'scene');
  } finally {
    button.disabled = !state.scene;
    button.textContent = 'Export .glb';
  }
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
  if (!e.dataTransfer) return;
  try {
    await loadFiles(await fromDrop(e.dataTransfer));
  } catch (error) {
    fail(error, 'dropped files');
  }
});

// Anything that still slips through is shown too, rather than leaving a spinner.
addEventListener('unhandledrejection', (e) => {
  e.preventDefault();
  if (state.status === 'loading') fail(e.reason, state.source?.name ?? 'file');
  else showError(serializeError(e.reason), state.name ?? 'viewer');
});
addEventListener('error', (e) => {
  // The browser's note that a resize observer skipped a frame is not a failure.
  if (/ResizeObserver loop/.test(e.message)) return;
  if (state.status === 'loading') fail(e.error ?? e.message, state.source?.name ?? 'file');
  else showError(serializeError(e.error ?? e.message), state.name ?? 'viewer');
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
      /** Makes the next step of that kind fail, to check the failure reaches the panel. */
      inject(fault: 'convert' | 'render' | 'worker-throw' | 'worker-hang'): void;
      THREE: typeof THREE;
    };
  }
}
window.__viewer = {
  state,
  stage,
  probe: () => stage.probe(),
  loadBytes: (name, bytes) => load({ name, bytes }),
  inject(fault) {
    if (fault === 'convert') faults.convert = true;
    else if (fault === 'render') stage.failNextFrame = true;
    else worker.postMessage({ type: 'fault', id: nextId++, kind: fault === 'worker-throw' ? 'throw' : 'hang' } satisfies ToWorker);
  },
  THREE,
};

await buildSamplePicker();
const params = new URLSearchParams(location.search);
const url = params.get('url');
const motions = params.get('motions')?.split(',').map((m) => m.trim()).filter(Boolean);
if (url) await loadUrl(url, motions?.length ? { motions } : {});
else await loadSample(findSample(params.get('sample')) ?? samples[0]);
