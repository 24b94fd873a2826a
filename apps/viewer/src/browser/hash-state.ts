// The view as a URL hash, so a link shows the same model, clip, moment, camera and display:
// `#model=woman4&clip=0&t=1.25&cam=px,py,pz,tx,ty,tz&show=skeleton,wireframe&light=studio&bg=202830`.
// Pure: the unit tests run it in Node.

export const DISPLAY_FLAGS = ['skeleton', 'wireframe', 'normals'] as const;
export type DisplayFlag = (typeof DISPLAY_FLAGS)[number];
export const LIGHTING_PRESETS = ['default', 'studio', 'outdoor', 'neutral'] as const;
export type LightingPreset = (typeof LIGHTING_PRESETS)[number];

export interface ViewState {
  /** A sample id, or a model's path in the opened folder. */
  model?: string;
  /** Clip index. */
  clip?: number;
  /** Seconds into the clip. */
  time?: number;
  /** Camera position then orbit target. */
  camera?: [number, number, number, number, number, number];
  show?: DisplayFlag[];
  light?: LightingPreset;
  /** Background colour as six hex digits. */
  background?: string;
}

const finite = (s: string | null) => (s !== null && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined);

/** Reads a hash (with or without its '#'); what is missing or malformed is left out, never guessed. */
export function parseViewHash(hash: string): ViewState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state: ViewState = {};
  const model = params.get('model');
  if (model) state.model = model;
  const clip = finite(params.get('clip'));
  if (clip !== undefined && Number.isInteger(clip) && clip >= 0) state.clip = clip;
  const time = finite(params.get('t'));
  if (time !== undefined && time >= 0) state.time = time;
  const cam = params.get('cam')?.split(',').map((v) => finite(v));
  if (cam?.length === 6 && cam.every((v) => v !== undefined)) state.camera = cam as ViewState['camera'];
  const show = params.get('show');
  if (show !== null) state.show = show.split(',').filter((f): f is DisplayFlag => (DISPLAY_FLAGS as readonly string[]).includes(f));
  const light = params.get('light');
  if (light && (LIGHTING_PRESETS as readonly string[]).includes(light)) state.light = light as LightingPreset;
  const bg = params.get('bg');
  if (bg && /^[0-9a-f]{6}$/i.test(bg)) state.background = bg.toLowerCase();
  return state;
}

/** Short numbers: a link stays readable, and millimetres are kept. */
const short = (n: number) => String(Number(n.toFixed(4)));

/** Writes a hash ('#…', or '' for an empty state), in a fixed order. */
export function formatViewHash(state: ViewState): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%2F/g, '/')}`);
  if (state.model) add('model', state.model);
  if (state.clip !== undefined) add('clip', String(state.clip));
  if (state.time !== undefined) add('t', short(state.time));
  if (state.camera) add('cam', state.camera.map(short).join(','));
  if (state.show?.length) add('show', state.show.join(','));
  if (state.light && state.light !== 'default') add('light', state.light);
  if (state.background) add('bg', state.background);
  return parts.length ? `#${parts.join('&')}` : '';
}
