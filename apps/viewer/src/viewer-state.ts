// What the viewer page holds between loads: its status, the source a load started from (kept so the
// code-page control can parse it again) and the model on show with what describes it.
import type { Scene, Warning } from '@relic3d/core';
import type { ThreeScene } from '@relic3d/three';
import type { Sample } from './samples.js';
import type { PathTiming } from './timing.js';

export type Status = 'idle' | 'loading' | 'ready' | 'error';

/** What a load starts from; kept so the code-page control can parse it again. */
export interface Source {
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

/** What the page holds: the load in progress or on show, and what describes it. */
export interface ViewerState {
  loads: number;
  status: Status;
  source?: Source;
  scene?: Scene;
  model?: ThreeScene;
  name?: string;
  /** The first, cold parse (ms): shown only in the timing's tooltip. */
  firstParseMs?: number;
  timing?: PathTiming;
  /** `?timing=off`: no warm runs are timed. */
  timingOff?: boolean;
  path?: string;
  format?: { id: string; name: string };
  /** The code page the strings were decoded with (what 'auto' chose, too). */
  codePage?: string;
  /** The last export's warnings, shown with the model's until the next load. */
  exportWarnings?: Warning[];
}
