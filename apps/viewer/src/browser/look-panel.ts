// The "Look & share" panel: lighting preset, background colour, screenshot PNG, copy link.
import { $ } from '../dom.js';
import type { Stage } from '../stage.js';
import { saveBlob } from './contact-sheet.js';
import type { LightingPreset } from './hash-state.js';
import type { Lighting } from './lighting.js';
import { screenshot } from './screenshot.js';

/** Binds the panel; returns the screenshot action (the e2e tests call it too). */
export function bindLookPanel(stage: Stage, lighting: Lighting, modelName: () => string | undefined, updateHash: () => void): () => Promise<Blob> {
  $<HTMLSelectElement>('lighting').onchange = (e) => {
    lighting.setPreset((e.target as HTMLSelectElement).value as LightingPreset);
    updateHash();
  };
  $<HTMLInputElement>('background').oninput = (e) => {
    lighting.setBackground((e.target as HTMLInputElement).value.slice(1));
    updateHash();
  };
  // 'as the view': the view's CSS size.
  const takeScreenshot = async () => {
    const chosen = $<HTMLSelectElement>('shot-size').value;
    const [width, height] = chosen === 'view' ? [stage.canvas.clientWidth, stage.canvas.clientHeight] : chosen.split('x').map(Number);
    const shot = await screenshot(stage, { width, height, transparent: $<HTMLInputElement>('shot-transparent').checked });
    saveBlob(shot.blob, `${(modelName() ?? 'view').replace(/\.[^.]+$/, '')}-${shot.width}x${shot.height}.png`);
    return shot.blob;
  };
  $('screenshot').onclick = () => void takeScreenshot();
  $('copy-link').onclick = () => {
    updateHash();
    // After the hash's own short delay.
    setTimeout(() => void navigator.clipboard?.writeText(location.href).catch(() => undefined), 300);
  };
  return takeScreenshot;
}

/** Shows a shared link's lighting and background in the panel's controls. */
export function renderLook(lighting: Lighting): void {
  $<HTMLSelectElement>('lighting').value = lighting.preset;
  $<HTMLInputElement>('background').value = `#${lighting.background ?? lighting.defaultBackground}`;
}
