// The folder's thumbnail grid: virtualised (only the rows on screen exist in the DOM, so 5,400 models
// scroll like 50), searched and filtered; a card opens its model in the full view.
import { h } from '../dom.js';
import { badgesOf, filterCatalog, mergeOrder, mergeShown, NO_FILTERS, type CatalogEntry, type Filters } from './catalog.js';
import type { Thumb } from './thumb-types.js';

const CARD_W = 148, CARD_H = 188, GAP = 10, PAD = 12;
/** Rows drawn above and below the visible ones, so a short scroll shows no empty cards. */
const OVERSCAN = 2;
/**
 * Cards made in one frame at most, the others in the next frames: a new folder's first screen of 32
 * cards was a frame of 26 ms of layout CPU (each card's text), 180 ms under load (issue 31).
 */
const NEW_CARDS_PER_FRAME = 12;

/** How many cards the grid's first screen asks for in a window of this size (its rows on screen and the overscan). */
export function screenful(width: number, height: number): number {
  const columns = Math.max(1, Math.floor((width - 2 * PAD + GAP) / (CARD_W + GAP)));
  return columns * (Math.ceil(height / (CARD_H + GAP)) + OVERSCAN);
}

/**
 * Lays out and paints a card of every kind once, out of sight, while the page is idle: its text's
 * fonts and fallback glyphs ('…', '✕', the ellipsis) are looked up then. Each lookup is a synchronous
 * call to the browser process, which a picked folder's iteration keeps busy: the grid's first frames
 * waited 17–25 ms per lookup there (issue 31).
 */
export function warmCardFonts(): void {
  const card = (picture: HTMLElement, badges: [string, string][]) => h('div', { className: 'card' },
    h('div', { className: 'thumb' }, picture),
    h('div', { className: 'card-name' }, 'mvr_a_name_longer_than_any_card_holds_0123456789.o3d'),
    h('div', { className: 'card-meta' }, h('span', { className: 'card-format' }, 'O3D'), ...badges.map(([kind, label]) => h('span', { className: `badge-${kind}` }, label))));
  // Painted (behind the page, not off screen: what is off screen is not painted), then removed.
  const box = h('div', { ariaHidden: 'true' },
    card(h('div', { className: 'pending-thumb' }, '…'), [['skinned', 'skin'], ['animated', 'anim 12'], ['lods', 'LOD 3']]),
    card(h('div', { className: 'no-thumb' }, '✕'), [['failed', 'failed'], ['missing', 'tex?']]),
    h('span', { className: 'browser-count mono' }, '5,409 of 5,409 models · 0 thumbnails'));
  // The grid's bar too (its search hint, options and buttons show with the grid), without its ids.
  const bar = document.querySelector('.browser-bar')?.cloneNode(true) as HTMLElement | undefined;
  if (bar) {
    for (const el of [bar, ...bar.querySelectorAll('[id]')]) el.removeAttribute('id');
    box.append(bar);
  }
  box.style.cssText = 'position:fixed;left:0;top:0;z-index:-1;pointer-events:none;display:flex';
  document.body.append(box);
  requestAnimationFrame(() => requestAnimationFrame(() => box.remove()));
}

/**
 * A card's picture: a canvas given the thumbnail decoded off the page's thread (createImageBitmap). An
 * <img> needs an object URL, a synchronous call to the browser process each (BlobURLStore::Register,
 * 1–18 ms per card in a picked folder's trace while Chromium iterated the folder, issue 31).
 */
function pictureOf(blob: Blob): HTMLCanvasElement {
  const canvas = h('canvas', { width: 128, height: 128 });
  createImageBitmap(blob).then((bitmap) => {
    // A card scrolled away meanwhile shows nothing.
    if (canvas.isConnected) canvas.getContext('bitmaprenderer')?.transferFromImageBitmap(bitmap);
    else bitmap.close();
  }, () => {});
  return canvas;
}

export interface GridSource {
  thumbOf(entry: CatalogEntry): Thumb | undefined;
  /** The grid shows these entries (catalog indices) now. */
  prioritise(indices: number[]): void;
}

export class ThumbGrid {
  entries: CatalogEntry[] = [];
  /** Catalog indices that pass the filters, in grid order. */
  shown: number[] = [];
  filters: Filters = { ...NO_FILTERS };
  /** Every entry's index in grid order (by name): entries listed later are appended, their indices kept. */
  private order: number[] = [];
  private readonly cards = new Map<number, HTMLElement>();
  private columns = 1;
  private frame = 0;
  private refilterTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly scroll: HTMLElement,
    private readonly space: HTMLElement,
    private readonly source: GridSource,
    private readonly events: { open(index: number): void; changed(): void },
  ) {
    scroll.addEventListener('scroll', () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(scroll);
    const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => void }).requestIdleCallback;
    if (idle) idle(warmCardFonts, { timeout: 2000 });
    else setTimeout(warmCardFonts, 500);
  }

  /**
   * A new folder: its first screen only now (no rows beyond it), the rows around it in a task after
   * the next frame (in that frame they and the first screen's layout were one 0.22-s task under load).
   */
  setEntries(entries: CatalogEntry[]): void {
    this.entries = entries;
    this.order = Array.from(entries.keys());
    this.scroll.scrollTop = 0;
    this.refilter(0);
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => setTimeout(() => {
      this.frame = 0;
      this.draw();
    }, 0));
  }

  /**
   * Entries listed after the grid opened (sorted among themselves): merged into the grid's order,
   * the filters applied; the cards on screen stay (a picked folder grows in parts while it is listed).
   */
  addEntries(added: CatalogEntry[]): void {
    const from = this.entries.length;
    this.entries = [...this.entries, ...added];
    this.order = mergeOrder(this.entries, this.order, from);
    this.shown = mergeShown(this.entries, this.shown, from, this.filters, (e) => this.source.thumbOf(e)?.info);
    this.draw();
    this.events.changed();
  }

  setFilters(filters: Filters): void {
    this.filters = filters;
    this.refilter();
  }

  /** Applies the filters again (a thumbnail told whether its model is animated or failed). */
  refilter(overscan = OVERSCAN): void {
    clearTimeout(this.refilterTimer);
    this.refilterTimer = undefined;
    this.shown = filterCatalog(this.entries, this.filters, (e) => this.source.thumbOf(e)?.info, this.order);
    for (const card of this.cards.values()) card.remove();
    this.cards.clear();
    this.draw(overscan);
    this.events.changed();
  }

  /** A thumbnail arrived: its card (if on screen) shows it; filters on what it told are applied soon. */
  update(index: number): void {
    const card = this.cards.get(index);
    if (card) this.fill(card, index);
    const needsInfo = this.filters.animated !== 'any' || this.filters.failed !== 'any';
    if (needsInfo && !this.refilterTimer) this.refilterTimer = setTimeout(() => this.refilter(), 250);
  }

  /** Brings the card at `position` (in `shown`) into view. */
  reveal(position: number): void {
    const row = Math.floor(position / this.columns);
    const top = PAD + row * (CARD_H + GAP);
    if (top < this.scroll.scrollTop || top + CARD_H > this.scroll.scrollTop + this.scroll.clientHeight) this.scroll.scrollTop = Math.max(0, top - GAP);
    this.draw();
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Lays out the rows on screen (plus `overscan` rows each side); cards that left the screen are removed. */
  draw(overscan = OVERSCAN): void {
    const width = this.scroll.clientWidth;
    if (!width) return;
    this.columns = Math.max(1, Math.floor((width - 2 * PAD + GAP) / (CARD_W + GAP)));
    const rows = Math.ceil(this.shown.length / this.columns);
    this.space.style.height = `${PAD * 2 + rows * (CARD_H + GAP)}px`;
    const first = Math.max(0, Math.floor((this.scroll.scrollTop - PAD) / (CARD_H + GAP)) - overscan);
    const last = Math.min(rows - 1, Math.ceil((this.scroll.scrollTop + this.scroll.clientHeight) / (CARD_H + GAP)) + overscan);
    const wanted = new Set<number>();
    const onScreen: number[] = [];
    let made = 0;
    for (let row = first; row <= last; row++) {
      for (let col = 0; col < this.columns; col++) {
        const position = row * this.columns + col;
        if (position >= this.shown.length) break;
        const index = this.shown[position];
        wanted.add(index);
        onScreen.push(index);
        let card = this.cards.get(index);
        if (!card) {
          if (made++ === NEW_CARDS_PER_FRAME) this.schedule();
          if (made > NEW_CARDS_PER_FRAME) continue;
          card = this.createCard(index, position);
          this.cards.set(index, card);
          this.space.append(card);
        }
        card.style.transform = `translate(${PAD + col * (CARD_W + GAP)}px, ${PAD + row * (CARD_H + GAP)}px)`;
        card.dataset.position = String(position);
      }
    }
    for (const [index, card] of this.cards) {
      if (wanted.has(index)) continue;
      card.remove();
      this.cards.delete(index);
    }
    this.source.prioritise(onScreen);
  }

  private createCard(index: number, position: number): HTMLElement {
    const entry = this.entries[index];
    const card = h('button', { className: 'card', type: 'button', title: entry.path });
    card.dataset.path = entry.path;
    card.dataset.format = entry.format;
    card.onclick = () => this.events.open(Number(card.dataset.position ?? position));
    this.fill(card, index);
    return card;
  }

  private fill(card: HTMLElement, index: number): void {
    const entry = this.entries[index];
    const thumb = this.source.thumbOf(entry);
    card.dataset.state = !thumb ? 'pending' : thumb.info.failed ? 'failed' : 'done';
    const picture = thumb?.blob ? pictureOf(thumb.blob) : h('div', { className: thumb ? 'no-thumb' : 'pending-thumb' }, thumb ? '✕' : '…');
    const badges = badgesOf(thumb?.info).map((b) => h('span', { className: `badge-${b.kind}`, title: b.title }, b.label));
    const meta = h('div', { className: 'card-meta' }, h('span', { className: 'card-format' }, entry.format.toUpperCase()), ...badges);
    const thumbBox = h('div', { className: 'thumb' }, picture);
    // A card on screen given its thumbnail keeps its name's node (its text is not laid out again).
    if (card.childElementCount === 3) {
      card.children[0].replaceWith(thumbBox);
      card.children[2].replaceWith(meta);
    } else card.replaceChildren(thumbBox, h('div', { className: 'card-name' }, entry.name), meta);
  }
}
