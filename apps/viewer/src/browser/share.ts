// The URL hash follows the view (model, clip, time when paused, camera, display, light, background),
// and a hash given in a link is applied once its model has loaded.
import { $ } from '../dom.js';
import type { Stage } from '../stage.js';
import { DISPLAY_FLAGS, formatViewHash, parseViewHash, type ViewState } from './hash-state.js';
import type { Lighting } from './lighting.js';

/** What the view shows now, as a hash state. */
export function currentViewState(stage: Stage, lighting: Lighting, model: string | undefined): ViewState {
  const clips = $<HTMLSelectElement>('clips');
  const state: ViewState = { model };
  if (!clips.disabled && clips.value !== '') state.clip = Number(clips.value);
  // The time only means something when the clip is paused there.
  if (stage.action && !stage.playing) state.time = stage.time;
  const p = stage.camera.position, t = stage.controls.target;
  state.camera = [p.x, p.y, p.z, t.x, t.y, t.z];
  state.show = DISPLAY_FLAGS.filter((f) => $<HTMLInputElement>(`show-${f}`).checked);
  state.light = lighting.preset;
  state.background = lighting.background;
  return state;
}

/** Applies a shared state to the model just loaded: clip, paused time, camera, display, light. */
export async function applyViewState(state: ViewState, stage: Stage, lighting: Lighting): Promise<void> {
  const clips = $<HTMLSelectElement>('clips');
  if (state.clip !== undefined && !clips.disabled && state.clip < clips.options.length) {
    clips.value = String(state.clip);
    clips.dispatchEvent(new Event('change'));
  }
  if (state.time !== undefined && stage.action) {
    if (stage.playing) $('play').click();
    stage.seek(Math.min(state.time, stage.action.getClip().duration));
  }
  // A frame first: the camera follows the root joint to where the seek put it, and must not move after.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  if (state.camera) {
    const [px, py, pz, tx, ty, tz] = state.camera;
    // Far enough to see the whole scene from there.
    const distance = Math.hypot(px - tx, py - ty, pz - tz);
    stage.camera.far = Math.max(stage.camera.far, distance * 4);
    stage.camera.near = Math.min(stage.camera.near, Math.max(distance / 1000, 1e-4));
    stage.camera.updateProjectionMatrix();
    stage.camera.position.set(px, py, pz);
    stage.controls.target.set(tx, ty, tz);
    stage.controls.update();
    stage.invalidate();
  }
  if (state.show) {
    for (const flag of DISPLAY_FLAGS) {
      const box = $<HTMLInputElement>(`show-${flag}`);
      if (box.checked !== state.show.includes(flag)) {
        box.checked = state.show.includes(flag);
        box.dispatchEvent(new Event('change'));
      }
    }
  }
  if (state.light) lighting.setPreset(state.light);
  if (state.background) lighting.setBackground(state.background);
}

/** Keeps the hash current (replaceState: no history entry per camera move), at most every 250 ms. */
export function bindHashUpdates(stage: Stage, now: () => ViewState | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const state = now();
      if (!state) return;
      const hash = formatViewHash(state);
      if (hash !== location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
    }, 250);
  };
  stage.controls.addEventListener('end', update);
  for (const id of ['clips', 'scrub', 'show-skeleton', 'show-wireframe', 'show-normals']) $(id).addEventListener('change', update);
  $('play').addEventListener('click', update);
  return update;
}

/** A shared link's view, applied to the first model it names (or the first model, when it names none). */
export class SharedLink {
  view?: ViewState;
  /** True from the link's arrival until its view is applied: the hash must not be rewritten meanwhile. */
  get pending(): boolean {
    return this.view !== undefined || this.applying;
  }
  private applying = false;

  constructor(hash: string, private readonly stage: Stage, private readonly lighting: Lighting) {
    this.view = hash.length > 1 ? parseViewHash(hash) : undefined;
  }

  /** Applies the view when the model just loaded is the one it names; true once applied. */
  async applyTo(modelId: string | undefined): Promise<boolean> {
    const view = this.view;
    if (!view || (view.model && view.model !== modelId)) return false;
    this.view = undefined;
    // Application waits for frames; a hash update due meanwhile would record the half-applied view.
    this.applying = true;
    try {
      await applyViewState(view, this.stage, this.lighting);
    } finally {
      this.applying = false;
    }
    document.body.dataset.shared = 'applied';
    return true;
  }
}
