import type { ThreeScene } from '@relic3d/three';
import { $, h } from './dom.js';
import type { Stage } from './stage.js';
import { renderClipMarkers } from './clip-markers.js';

/** The clip picker, play button, scrubber and speed: what `renderClips` fills for each model. */
export interface Playback {
  renderClips(model: ThreeScene | undefined): void;
  /** The clip's time on the clock and, unless the user is dragging it, on the scrubber. */
  showTime(time: number): void;
}

/** Binds the animation controls to the stage; `current` is the model on show. */
export function createPlayback(stage: Stage, current: () => ThreeScene | undefined): Playback {
  const clipsSelect = $<HTMLSelectElement>('clips');
  const scrub = $<HTMLInputElement>('scrub');
  const playButton = $<HTMLButtonElement>('play');
  let scrubbing = false;

  function renderClips(model: ThreeScene | undefined): void {
    renderClipMarkers(scrub, undefined);
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
    const clip = current()?.clips[index];
    stage.play(clip);
    scrub.max = String(clip?.duration || 1);
    renderClipMarkers(scrub, clip);
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

  return {
    renderClips,
    showTime(time) {
      $('time').textContent = `${time.toFixed(2)} s`;
      if (!scrubbing) scrub.value = String(time);
    },
  };
}

/** Binds the view controls (follow, up axis, skeleton/wireframe/normals, fit, reset, F/R keys) to the stage. */
export function bindViewControls(stage: Stage): void {
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
}

/** The LOD picker: 'auto' (distance) or one level, pinned. */
export function renderLod(stage: Stage, model: ThreeScene | undefined): void {
  const select = $<HTMLSelectElement>('lod');
  select.replaceChildren(h('option', { value: 'auto' }, 'auto (distance)'));
  const levels = Math.max(0, ...(model?.lodObjects ?? []).map((l) => l.levels.length));
  for (let i = 0; i < levels; i++) select.append(h('option', { value: String(i) }, `level ${i}${i === 0 ? ' (finest)' : ''}`));
  select.disabled = levels === 0;
  $('lod-row').classList.toggle('disabled', levels === 0);
  select.onchange = () => stage.setLod(select.value === 'auto' ? 'auto' : Number(select.value));
}
