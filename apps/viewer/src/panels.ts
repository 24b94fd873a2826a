// The panels that describe the model on show: title and credit, bounds, warnings, errors.
import { baseNameOf, type Warning } from '@relic3d/core';
import { $, fmt, h } from './dom.js';
import type { WireError } from './protocol.js';
import type { Sample } from './samples.js';

/** The model's name and format, and the sample's credit (or a note that a local file stays local). */
export function renderTitle(name: string, formatName: string, sample: Sample | undefined): void {
  const title = $('model-title');
  title.replaceChildren(h('strong', { title: name }, baseNameOf(name)), h('span', { className: 'tag' }, formatName));
  const credit = $('credit');
  credit.hidden = false;
  credit.replaceChildren();
  if (sample) {
    const parts: (Node | string)[] = [h('span', { className: 'credit-title' }, sample.title), h('br'), sample.credit, ' · '];
    parts.push(sample.licenseUrl ? h('a', { href: sample.licenseUrl, target: '_blank', rel: 'noopener' }, sample.license) : sample.license);
    if (sample.sourceUrl) parts.push(' · ', h('a', { href: sample.sourceUrl, target: '_blank', rel: 'noopener' }, 'source'));
    if (sample.note) parts.push(h('br'), h('span', { className: 'credit-note' }, sample.note));
    credit.append(...parts);
  } else {
    credit.append(h('span', { className: 'credit-title' }, baseNameOf(name)), h('br'), 'your file — parsed locally, nothing is uploaded');
  }
}

/** The error panel: a FormatError's code, message, byte offset, expectation. */
export function showError(error: WireError, fileName: string): void {
  $('error').hidden = false;
  $('error').querySelector('.badge')!.textContent = error.name === 'FormatError' || error.name === 'WriteError' ? error.name : 'Error';
  $('error-code').textContent = error.code ?? '';
  $('error-message').textContent = error.message;
  const fields = $('error-fields');
  fields.replaceChildren();
  const add = (k: string, v: string | number | undefined) => v !== undefined && fields.append(h('dt', {}, k), h('dd', { className: 'mono' }, String(v)));
  add('file', baseNameOf(fileName));
  add('format', error.format);
  if (error.offset !== undefined) add('offset', `${error.offset} (0x${error.offset.toString(16)})`);
  add('expected', error.expected);
  add('found', error.found);
  // A WriteError: which limit of the format, what the scene has, what the format allows.
  add('limit', error.limit);
  add('the scene has', error.value);
  add('the format allows', error.max);
  add('where', error.where);
}

export function hideError(): void {
  $('error').hidden = true;
}

export function renderBounds(bounds: { min: number[]; max: number[] }): void {
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

export function renderWarnings(warnings: Warning[]): void {
  $('warnings-panel').hidden = warnings.length === 0;
  $('warning-count').textContent = String(warnings.length);
  const list = $('warnings');
  list.replaceChildren(...warnings.slice(0, 50).map((w) => h('li', { title: w.code }, h('span', { className: 'mono code' }, w.code), ' ', w.message)));
}
