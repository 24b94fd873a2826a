import './style.css';
import * as THREE from 'three';
import { baseNameOf, computeBounds, serializeError, type Scene } from '@relic3d/core';
import { missingReason, sceneStats, toThree, type ThreeScene } from '@relic3d/three';
import { Stage } from './stage.js';
import { fetchBakedEnvironment, generateEnvironment, readEnvironment } from './stage/environment.js';
import { findSample, samples, type Sample } from './samples.js';
import { fromInput, modelsIn, packedBytes } from './files.js';
import { arrivedFolder, bindFolderInput, bindFolderPicker, type ArrivingFolder } from './arriving-files.js';
import { bindDrop } from './drop.js';
import { companionResolver } from './resolver.js';
import { CODE_PAGES } from './codepage.js';
import type { ToWorker, WireError } from './protocol.js';
import { $, h } from './dom.js';
import { framingBounds } from './framing.js';
import { hideError, renderBounds, renderTitle, renderWarnings, showError } from './panels.js';
import { bindViewControls, createPlayback, renderLod } from './playback.js';
import { buildSamplePicker } from './sample-picker.js';
import { renderTiming } from './timing-panel.js';
import { renderTree } from './tree-panel.js';
import { ParserWorker } from './worker-client.js';
import { bindExportMenu } from './export-menu.js';
import { createAssemblePanel } from './assemble-panel.js';
import { FolderBrowser } from './browser/folder-browser.js';
import { Lighting } from './browser/lighting.js';
import { bindHashUpdates, currentViewState, SharedLink } from './browser/share.js';
import { bindLookPanel, renderLook } from './browser/look-panel.js';
import type { Source, Status, ViewerState } from './viewer-state.js';

const state: ViewerState = { loads: 0, status: 'idle' };

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

// ---------- the stage and the parser worker ----------

const stage = new Stage($<HTMLCanvasElement>('canvas'));
stage.onError = (error) => fail(error, state.name ?? 'scene');
const playback = createPlayback(stage, () => state.model);
bindViewControls(stage);
const params = new URLSearchParams(location.search);
// ?fps=N: a playing clip draws at most N frames a second (software-rendered WebGL, the e2e tests).
if (Number(params.get('fps')) > 0) stage.maxAnimationFps = Number(params.get('fps'));
// ?embed: the view alone (no header or panels), for an iframe.
if (params.has('embed')) document.body.classList.add('embed');
const lighting = new Lighting(stage);
const shared = new SharedLink(location.hash, stage, lighting);
const folderBrowser = new FolderBrowser({
  openModel: async (path, files) => load({ name: path, bytes: await packedBytes(files[path]), files }),
  covered: (on) => Object.assign(stage, { suspended: on }).invalidate(),
}, { forcePage: params.get('thumbs') === 'page', readers: params.get('thumbs') === 'readers', workers: Number(params.get('thumbs')) || undefined, listing: { part: Number(params.get('list-part')) || undefined, pauseMs: Number(params.get('list-pause')) || undefined, readPauseMs: Number(params.get('read-pause')) || undefined, filesPauseMs: Number(params.get('files-pause')) || undefined } });
/** What the hash calls the model on show: a sample's id, or its path in the opened folder. */
const modelId = () => state.source?.sample?.id ?? (state.source && state.source.name === folderBrowser.currentPath ? state.source.name : undefined);
const updateHash = bindHashUpdates(stage, () => (state.status === 'ready' && !shared.pending ? currentViewState(stage, lighting, modelId()) : undefined));
const takeScreenshot = bindLookPanel(stage, lighting, () => state.name, updateHash);

let currentLoad = 0;
const parser = new ParserWorker({
  onTiming(message) {
    if (message.id !== currentLoad) return;
    state.timing = message;
    renderTiming(state);
  },
  // Nothing was waiting on it: a load in progress fails, a model on show stays and the panel says so.
  onIdleFailure(reason) {
    if (state.status === 'loading') fail(reason, state.source?.name ?? 'file');
    else showError(serializeError(reason), state.name ?? 'viewer');
  },
});

// ---------- loading ----------

/**
 * Time the worker may spend timing WASM against TypeScript after each parse. Automated browsers
 * (the e2e tests, which do not check the numbers) get a short one, so the runs do not compete with
 * the software renderer for the CPU; `?timing=off` none (tests that open many files back to back).
 */
const TIMING_BUDGET_MS = params.get('timing') === 'off' ? 0 : navigator.webdriver ? 150 : 1500;
state.timingOff = TIMING_BUDGET_MS === 0;

const codePageSelect = $<HTMLSelectElement>('code-page');

async function load(source: Source): Promise<void> {
  const id = parser.newId();
  currentLoad = id;
  state.source = source;
  setStatus('loading', `Parsing ${baseNameOf(source.name)}…`);
  hideError();
  try {
    const files = source.files ?? {};
    const codePage = codePageSelect.value === 'auto' ? undefined : codePageSelect.value;
    // Sent as a copy: the source stays for a re-parse with another code page.
    const reply = await parser.ask({
      type: 'parse', id, name: source.name, bytes: source.bytes, files, baseUrl: source.baseUrl, companions: source.companions, motions: source.motions, codePage, timingBudgetMs: TIMING_BUDGET_MS,
    });
    if (id !== currentLoad) return;
    if (reply.type === 'error') return fail(reply.error, source.name);
    if (reply.type !== 'parsed') throw new Error(`the worker answered '${reply.type}' to a parse`);
    if (faults.convert) {
      faults.convert = false;
      throw new Error('injected conversion fault');
    }
    // Shown lit as it stays: the environment map (fetched while the worker parsed) is on the scene first.
    await stage.environmentReady;
    if (id !== currentLoad) return;
    await present(source, reply);
  } catch (error) {
    if (id === currentLoad) fail(error, source.name);
  }
}

/** Puts a parsed (or assembled) scene on show with every panel that describes it. */
async function present(source: Source, reply: { scene: Scene; format: { id: string; name: string }; ms: number; path: string; codePage?: string }): Promise<void> {
    const files = source.files ?? {};
    const scene = reply.scene;
    const resolve = companionResolver({ files, modelPath: source.name, baseUrl: source.baseUrl, listing: source.companions });
    // Texture warnings show as they arrive (each missing name once), not when every lookup is done;
    // the ones raised while the model is built are shown with it below.
    let built: ThreeScene | undefined;
    const onWarning = () => {
      if (built && state.model === built) renderWarnings([...scene.warnings, ...built.warnings]);
    };
    const model = (built = toThree(scene, { resolve, onWarning }));
    const bounds = computeBounds(scene);
    stage.show(model, framingBounds(scene, bounds));
    Object.assign(state, { scene, model, name: baseNameOf(source.name), firstParseMs: reply.ms, timing: undefined, path: reply.path, format: reply.format, codePage: reply.codePage, exportWarnings: undefined });
    $('export-status').textContent = '';
    $('follow-row').classList.toggle('disabled', !stage.canFollow);
    $<HTMLSelectElement>('up-axis').value = 'y';
    renderTitle(source.name, state.format?.name ?? '', source.sample);
    renderCodePage();
    renderTree(scene, model, (object) => stage.select(object));
    playback.renderClips(model);
    renderLod(stage, model);
    renderBounds(bounds);
    renderWarnings([...scene.warnings, ...model.warnings]);
    renderStats();
    renderTiming(state);
    $<HTMLButtonElement>('export').disabled = false;
    $('view-tools').hidden = false;
    document.querySelectorAll<HTMLElement>('.samples button').forEach((b) => b.classList.toggle('active', b.dataset.sample === source.sample?.id));
    setStatus('ready');
    if (await shared.applyTo(modelId())) renderLook(lighting);
    updateHash();
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
}

async function loadUrl(url: string, extra: Partial<Source> = {}): Promise<void> {
  const id = parser.newId();
  currentLoad = id;
  setStatus('loading', `Downloading ${baseNameOf(url)}…`);
  hideError();
  try {
    const absolute = new URL(url, location.href);
    const response = await fetch(absolute);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const missing = missingReason(decodeURIComponent(absolute.pathname), response, bytes);
    if (missing) throw new Error(missing);
    if (id !== currentLoad) return;
    await load({ name: decodeURIComponent(baseNameOf(absolute.pathname)), bytes, baseUrl: absolute.href, ...extra });
  } catch (error) {
    if (id === currentLoad) fail(error, url);
  }
}

const assemblePanel = createAssemblePanel(document.querySelector<HTMLElement>('.panel.left')!, async (scene, modelPath, files) => {
  const id = (currentLoad = parser.newId());
  folderBrowser.show(false); // the assembled character shows in the view, not under the grid
  await stage.environmentReady;
  if (id !== currentLoad) return;
  await present({ name: modelPath, bytes: new Uint8Array(0), files }, { scene, format: { id: 'o3d', name: 'Flyff character' }, ms: 0, path: 'js' });
  $<HTMLButtonElement>('export').disabled = true; // the worker's export holds the last parsed model, not this one
});

async function loadFiles(folder: ArrivingFolder): Promise<void> {
  // A task of its own: the end of a 9,665-name listing and the grid's opening were one 0.39-s task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const picker = $('folder-models');
  picker.replaceChildren();
  // Several models: the thumbnail grid, which lists them itself (a shared link's model opens from
  // it). It opens from the names while the files' handles still arrive.
  if (await folderBrowser.openFolder(folder)) {
    picker.append(h('div', { className: 'label' }, `${folderBrowser.entries.length} models in folder: the grid lists them`));
    if (shared.view?.model) folderBrowser.openPath(shared.view.model);
    // The character panel reads the files: offered once every handle is in, in a task of its own.
    void folder.complete.then((set) => setTimeout(() => folderBrowser.folder === folder && assemblePanel.offer(set), 0));
    return;
  }
  const set = await folder.complete;
  assemblePanel.offer(set);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const models = modelsIn(set);
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
$('cancel').onclick = () => parser.restart(new Error('parsing was stopped (Cancel)'));

/** Empties the view and every panel that described the previous model. */
function clearModel(): void {
  stage.clear();
  Object.assign(state, { scene: undefined, model: undefined, name: undefined, firstParseMs: undefined, timing: undefined, path: undefined, format: undefined, codePage: undefined, exportWarnings: undefined });
  $('export-status').textContent = '';
  $('model-title').replaceChildren('—');
  $('credit').replaceChildren();
  $('credit').hidden = true;
  $('tree').replaceChildren();
  playback.renderClips(undefined);
  renderLod(stage, undefined);
  $('bounds').replaceChildren();
  renderWarnings([]);
  $('stats').replaceChildren();
  $('timing').hidden = true;
  renderCodePage();
  $<HTMLButtonElement>('export').disabled = true;
  $('view-tools').hidden = true;
  document.querySelectorAll<HTMLElement>('.samples button').forEach((b) => b.classList.remove('active'));
}

function renderCodePage(): void {
  const auto = codePageSelect.querySelector<HTMLOptionElement>('option[value="auto"]')!;
  auto.textContent = state.codePage && codePageSelect.value === 'auto' ? `auto → ${state.codePage}` : 'auto';
}

for (const page of CODE_PAGES) codePageSelect.append(h('option', { value: page }, page));
codePageSelect.onchange = () => {
  if (state.source) void load(state.source);
};

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
  if (stage.action) playback.showTime(stage.time);
};

// ---------- header: samples, open, export ----------

$<HTMLInputElement>('open-file').onchange = (e) => void loadFiles(arrivedFolder(fromInput((e.target as HTMLInputElement).files)));
/** As for a drop (drop.ts): the view is not drawn while a picked folder opens (its frames were 1–3-s tasks while workers listed it, issue 31), then only if no grid covers it. */
async function loadPicked(picked: ArrivingFolder | Promise<ArrivingFolder>): Promise<void> {
  const suspended = stage.suspended;
  stage.suspended = true;
  try {
    await loadFiles(await picked);
  } finally {
    if (!folderBrowser.visible) Object.assign(stage, { suspended }).invalidate();
  }
}
bindFolderInput($<HTMLInputElement>('open-folder'), loadPicked);
bindFolderPicker($('open-folder'), loadPicked, fail, (handles) => folderBrowser.handOver?.(handles));
$('error-close').onclick = hideError;

bindExportMenu({
  parser,
  modelName: () => (state.scene ? state.name ?? 'scene' : undefined),
  onWarnings(format, warnings) {
    if (!state.scene || !state.model) return;
    state.exportWarnings = warnings.map((w) => ({ ...w, code: `${format.id} ${w.code}`, message: `export to ${format.extension}: ${w.message}` }));
    renderWarnings([...state.scene.warnings, ...state.model.warnings, ...state.exportWarnings]);
  },
  onError: (error) => showError(error, state.name ?? 'scene'),
});

// Drag and drop anywhere.
bindDrop(stage, loadFiles, (error) => fail(error, 'dropped files'), () => folderBrowser.visible, () => folderBrowser.handOver);

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
      inject(fault: 'convert' | 'render' | 'worker-throw' | 'worker-hang' | 'refuse-export'): void;
      THREE: typeof THREE;
      browser: FolderBrowser;
      lighting: Lighting;
      screenshot(): Promise<Blob>;
      /** The environment map: generated afresh, read back, and the baked one the page loads (the bake script, its test). */
      environment: { generate: typeof generateEnvironment; read: typeof readEnvironment; baked: typeof fetchBakedEnvironment };
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
    else parser.post({ type: 'fault', id: parser.newId(), kind: fault === 'worker-throw' ? 'throw' : fault === 'refuse-export' ? 'refuse-export' : 'hang' } satisfies ToWorker);
  },
  THREE,
  browser: folderBrowser,
  lighting,
  screenshot: takeScreenshot,
  environment: { generate: generateEnvironment, read: readEnvironment, baked: fetchBakedEnvironment },
};

// The thumbnail drawers (modules, WebGL, a first draw: a second or more under load) start once the
// first model is on show, or as soon as something is dragged over the page, not on the drop.
// `?warm=off` (a test setting) skips the idle start: an e2e page that never opens the folder browser
// spares Chromium their WebGL warm-up (issue #30); a drag or the browser itself still starts them.
const warmDrawers = () => void folderBrowser.service.warmUp();
if (!params.has('embed')) addEventListener('dragenter', warmDrawers, { once: true });

await buildSamplePicker((sample) => void loadSample(sample));
const url = params.get('url');
const motions = params.get('motions')?.split(',').map((m) => m.trim()).filter(Boolean);
if (url) await loadUrl(url, motions?.length ? { motions } : {});
else await loadSample(findSample(shared.view?.model ?? null) ?? findSample(params.get('sample')) ?? samples[0]);
if (!params.has('embed') && params.get('warm') !== 'off') requestIdleCallback(warmDrawers, { timeout: 100 });
