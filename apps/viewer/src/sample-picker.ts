import { baseNameOf } from '@relic3d/core';
import { missingReason } from '@relic3d/three';
import { $, h } from './dom.js';
import { samples, type Sample } from './samples.js';

/** The sample buttons; generated samples not built yet are shown disabled. */
export async function buildSamplePicker(open: (sample: Sample) => void): Promise<void> {
  const nav = $('samples');
  let generated: string[] = [];
  try {
    const response = await fetch('samples/generated/index.json');
    if (response.ok && !missingReason('index.json', response)) generated = ((await response.json()) as { file: string }[]).map((g) => g.file);
  } catch {
    generated = [];
  }
  for (const sample of samples) {
    const available = !sample.generated || generated.includes(baseNameOf(sample.file));
    const button = h('button', { className: 'sample', disabled: !available, title: available ? sample.title : `${sample.title} (not built yet)` }, h('span', { className: 'fmt' }, sample.label), h('span', { className: 'sample-name' }, sample.short));
    button.dataset.format = sample.format;
    button.dataset.sample = sample.id;
    button.onclick = () => {
      history.replaceState(null, '', `?sample=${sample.id}`);
      open(sample);
    };
    nav.append(button);
  }
}
