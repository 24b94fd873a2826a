// A clip's markers under the time scrubber: the motion events of a Flyff .ani (hit, sound, quake,
// `extras.markers` from @relic3d/o3d, docs/formats/o3d.md §12), one tick each at its time.
import type * as THREE from 'three';
import { h } from './dom.js';

export interface MarkerTick {
  /** Position along the scrubber, 0..100 (%). */
  left: number;
  label: string;
  name: string;
}

/** The ticks of a clip's `extras.markers` (`{ name, time, soundId? }`); markers outside the clip are left out. */
export function markerTicks(markers: unknown, duration: number): MarkerTick[] {
  if (!Array.isArray(markers) || !(duration > 0)) return [];
  return markers.flatMap((m: { name?: unknown; time?: unknown; soundId?: unknown }) => {
    if (typeof m?.name !== 'string' || typeof m.time !== 'number' || !(m.time >= 0 && m.time <= duration)) return [];
    const sound = m.name === 'sound' && typeof m.soundId === 'number' ? ` ${m.soundId}` : '';
    return [{ left: (m.time / duration) * 100, label: `${m.name}${sound} @ ${m.time.toFixed(2)} s`, name: m.name }];
  });
}

/** Shows the ticks of `clip` (or none) in a row right under the scrubber. */
export function renderClipMarkers(scrub: HTMLElement, clip: THREE.AnimationClip | undefined): void {
  let row = document.getElementById('clip-markers');
  if (!row) {
    row = h('div', { id: 'clip-markers', className: 'clip-markers' });
    Object.assign(row.style, { position: 'relative', height: '12px', margin: '0 4px' });
    scrub.closest('div')?.after(row);
  }
  const extras = (clip?.userData as { extras?: { markers?: unknown } } | undefined)?.extras;
  const ticks = clip ? markerTicks(extras?.markers, clip.duration) : [];
  row.hidden = !ticks.length;
  row.replaceChildren(
    ...ticks.map((t) => {
      const tick = h('span', { className: `clip-marker ${t.name}`, title: t.label });
      Object.assign(tick.style, { position: 'absolute', left: `${t.left}%`, width: '2px', height: '10px', background: t.name === 'hit' ? '#f66' : t.name === 'sound' ? '#6cf' : '#fc6' });
      return tick;
    }),
  );
}
