import { $, h } from './dom.js';
import { compareTimings, type PathTiming } from './timing.js';

/** What the timing panel shows: the worker's warm runs, the kernel path, the first (cold) parse. */
export interface TimingState {
  timing?: PathTiming;
  /** `?timing=off`: no warm runs are timed, only the first parse is shown. */
  timingOff?: boolean;
  path?: string;
  firstParseMs?: number;
}

const ms = (t: number) => `${t < 10 ? t.toFixed(2) : t < 100 ? t.toFixed(1) : t.toFixed(0)} ms`;
const times = (r: number) => `${r.toFixed(r >= 10 ? 0 : 1)}×`;

/** Parse time on each path: medians of warm runs measured by the worker after the model is shown. */
export function renderTiming(state: TimingState): void {
  const box = $('timing');
  box.hidden = false;
  const timing = state.timing;
  const wasm = state.path && state.path !== 'js';
  box.dataset.state = timing ? 'done' : state.timingOff ? 'off' : 'measuring';
  const cold = state.firstParseMs === undefined ? '' : `first (cold) parse ${ms(state.firstParseMs)}`;
  if (!timing) {
    $('timing-note').textContent = state.timingOff ? 'warm runs off (?timing=off)' : 'measuring warm runs…';
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
