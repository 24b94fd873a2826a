// The folder browser: an opened folder's models as a thumbnail grid over the view, its search and
// filters, the contact sheet, and next/previous through the grid from the full view.
import { inputExtensions } from '@relic3d/formats';
import { $, h } from '../dom.js';
import { catalogOf, NO_FILTERS, type CatalogEntry, type Filters, type Tristate } from './catalog.js';
import { contactSheet, saveBlob } from './contact-sheet.js';
import { screenful, ThumbGrid } from './grid.js';
import { ThumbService } from './thumb-service.js';
import type { ThumbOptions } from './thumb-types.js';
import type { ArrivingFolder } from '../arriving-files.js';
import { nextTask } from '../tasks.js';
import { handedFolder } from './handed-folder.js';
import type { FolderHandles } from './folder-handles.js';

export interface FolderBrowserEvents {
  /** Opens a model of the folder in the full view. */
  openModel(path: string, files: Record<string, Blob>): Promise<void>;
  /** The grid covers the view (true) or not: the view need not be drawn meanwhile. */
  covered(on: boolean): void;
}

const UNKNOWN = { size: -1, lastModified: -1 };
/** Files of Open folder's input sized per task when they were handed on before the grid opened. */
const EARLY_FILES_PER_TASK = 4;

/**
 * The folder's models as the grid first lists them; a folder still listed in parts is waited on
 * until two models or the end of its listing are there.
 */
async function firstModels(folder: ArrivingFolder): Promise<CatalogEntry[]> {
  let listedAll = !folder.listed;
  void folder.listed?.then(() => (listedAll = true));
  // A picked File's size is a synchronous stat (statsOnPage): the service learns those (`arrived`), not the catalog.
  const facts = (path: string) => (folder.statsOnPage ? undefined : folder.files.get(path)) ?? UNKNOWN;
  for (;;) {
    const entries = catalogOf(folder.paths.map((path) => [path, facts(path)]), inputExtensions);
    if (entries.length >= 2 || listedAll) return entries;
    await Promise.race([folder.listed, new Promise<void>((resolve) => (folder.onPaths = resolve))]);
  }
}

export class FolderBrowser {
  readonly service: ThumbService;
  readonly grid: ThumbGrid;
  private files: Record<string, Blob> = {};
  /** The opened folder (its handles may still be arriving). */
  folder?: ArrivingFolder;
  /** The card on show in the full view, as a position in the grid's filtered order. */
  position = -1;

  constructor(private readonly events: FolderBrowserEvents, options: ThumbOptions = {}) {
    this.service = new ThumbService((index) => {
      this.grid.update(index);
      this.renderCount();
    }, options);
    this.grid = new ThumbGrid($('browser-scroll'), $('browser-space'), this.service, {
      open: (position) => void this.openAt(position),
      changed: () => this.renderCount(),
    });
    this.bindControls();
  }

  /**
   * Hands a dropped or picked folder's handles to the thumbnail workers, which read it (the page
   * makes no File: handed-folder.ts); undefined where they cannot.
   */
  get handOver(): ((handles: FolderHandles, names?: readonly string[]) => Promise<ArrivingFolder>) | undefined {
    return this.service.readsHandles ? (handles, names) => handedFolder(this.service, handles, names, screenful(innerWidth, innerHeight)) : undefined;
  }

  get entries(): CatalogEntry[] {
    return this.grid.entries;
  }

  get visible(): boolean {
    return !$('browser').hidden;
  }

  /**
   * Shows the grid of the folder's models (true), or does nothing when there are fewer than two.
   * It opens from the names: a model whose handle has not arrived yet shows as pending, and its
   * thumbnail starts when it arrives (the cards on screen are asked for first). In three tasks: the
   * catalog, the grid's first screen, the thumbnails' start (one task was 35 ms of CPU, 0.17 s under load).
   */
  async openFolder(folder: ArrivingFolder): Promise<boolean> {
    const entries = await firstModels(folder);
    if (entries.length < 2) return false;
    /** How many of the folder's paths the grid has (a folder still listed has more to come). */
    let seen = folder.paths.length;
    this.folder = folder;
    await nextTask();
    if (this.folder !== folder) return true;
    performance.mark('relic3d:grid');
    this.position = -1;
    const formats = [...new Set(entries.map((e) => e.format))].sort();
    $('browser-format').replaceChildren(h('option', { value: '' }, 'all formats'), ...formats.map((f) => h('option', { value: f }, f.toUpperCase())));
    this.readFilters();
    this.show(true);
    this.grid.setEntries(entries);
    this.renderNav();
    await nextTask();
    if (this.folder !== folder) return true;
    // The files that arrived meanwhile are among these; the later ones come through onFiles.
    this.files = Object.fromEntries(folder.files);
    void this.service.open(entries, this.files, { names: folder.paths, want: (paths) => folder.prioritise(paths), statsOnPage: folder.statsOnPage, readByWorkers: folder.readByWorkers, listed: folder.listed });
    // Handed on before the grid opened: their sizes and times (the cache's key) were not read for the
    // catalog; read a few per task (each a synchronous stat, up to 0.5 s when the browser is busy).
    if (folder.statsOnPage) void this.sizeEarlyFiles(folder, [...folder.files]);
    folder.held = () => this.folder === folder && this.service.holdsHandOut();
    folder.onFiles = (part) => {
      if (this.folder !== folder) return;
      Object.assign(this.files, Object.fromEntries(part));
      // Read by the workers: the grid knows these files' sizes already (onSizes); the page drawer may want them.
      if (!folder.readByWorkers) this.service.arrived(part);
      else this.service.handedFiles(Object.fromEntries(part));
    };
    // Listed in parts: the grid grows with each (before the sizes below, which may be of these).
    const grow = () => {
      if (this.folder !== folder || folder.paths.length === seen) return;
      const added = catalogOf(folder.paths.slice(seen).map((path) => [path, folder.files.get(path) ?? UNKNOWN]), inputExtensions);
      seen = folder.paths.length;
      if (!added.length) return;
      this.service.addEntries(added);
      this.grid.addEntries(added);
      this.renderCount();
    };
    folder.onPaths = grow;
    grow();
    void folder.listed?.then(() => {
      grow();
      performance.mark('relic3d:listed-all');
      if (this.folder === folder) this.service.listedAll();
    });
    folder.onSizes = (part) => this.folder === folder && this.service.arrived(part);
    if (folder.sized?.size) this.service.arrived(new Map(folder.sized));
    void folder.complete.then(() => {
      performance.mark('relic3d:files');
      if (this.folder === folder) this.service.completed();
    });
    return true;
  }

  private async sizeEarlyFiles(folder: ArrivingFolder, early: [string, File][]): Promise<void> {
    for (let at = 0; at < early.length && this.folder === folder; at += EARLY_FILES_PER_TASK) {
      this.service.arrived(new Map(early.slice(at, at + EARLY_FILES_PER_TASK)));
      await nextTask();
    }
  }

  show(on: boolean): void {
    $('browser').hidden = !on;
    this.events.covered(on);
    document.body.classList.toggle('browsing', on);
    if (on) {
      this.grid.draw();
      if (this.position >= 0) this.grid.reveal(this.position);
    }
    this.renderNav();
  }

  /** Opens the card at `position` of the filtered grid in the full view. */
  async openAt(position: number): Promise<void> {
    const index = this.grid.shown[position];
    if (index === undefined) return;
    this.position = position;
    // The folder's model list follows the grid.
    const list = document.querySelector<HTMLSelectElement>('#folder-models select');
    if (list) list.value = this.entries[index].path;
    this.show(false);
    this.renderNav();
    // The full view reads companions from every file: a card opened early waits for the last handles.
    await this.folder?.complete;
    await this.events.openModel(this.entries[index].path, this.files);
  }

  /** Next (+1) or previous (−1) card of the grid, from the model on show. */
  step(by: number): Promise<void> {
    const to = this.position + by;
    if (to < 0 || to >= this.grid.shown.length) return Promise.resolve();
    return this.openAt(to);
  }

  /** Opens the model at `path` (a shared link's) when the folder has it. */
  openPath(path: string): boolean {
    const index = this.entries.findIndex((e) => e.path === path);
    const position = this.grid.shown.indexOf(index);
    if (index < 0 || position < 0) return false;
    void this.openAt(position);
    return true;
  }

  /** The path of the model on show, when it came from the grid. */
  get currentPath(): string | undefined {
    const index = this.grid.shown[this.position];
    return index === undefined ? undefined : this.entries[index]?.path;
  }

  private renderNav(): void {
    const has = this.entries.length > 1 && !this.visible;
    $('grid-show').hidden = !has;
    $('grid-prev').hidden = !has;
    $('grid-next').hidden = !has;
    $<HTMLButtonElement>('grid-prev').disabled = this.position <= 0;
    $<HTMLButtonElement>('grid-next').disabled = this.position < 0 || this.position >= this.grid.shown.length - 1;
  }

  private countFrame = 0;

  /** The count line, once a frame at most (thumbnails arrive dozens a second). */
  private renderCount(): void {
    this.countFrame ||= requestAnimationFrame(() => {
      this.countFrame = 0;
      this.writeCount();
    });
  }

  private writeCount(): void {
    const s = this.service.stats;
    const done = s.cached + s.rendered;
    $('browser-count').textContent = `${this.grid.shown.length.toLocaleString('en')} of ${this.entries.length.toLocaleString('en')} models · ${done.toLocaleString('en')} thumbnails`;
  }

  private readFilters(): void {
    const filters: Filters = {
      ...NO_FILTERS,
      query: $<HTMLInputElement>('browser-search').value,
      prefix: $<HTMLSelectElement>('browser-prefix').value,
      format: $<HTMLSelectElement>('browser-format').value,
      animated: $<HTMLSelectElement>('browser-animated').value as Tristate,
      failed: $<HTMLSelectElement>('browser-failed').value as Tristate,
    };
    this.grid.filters = filters;
  }

  private bindControls(): void {
    const refilter = () => {
      this.readFilters();
      this.grid.refilter();
      this.position = -1;
      this.renderNav();
    };
    $('browser-search').addEventListener('input', refilter);
    for (const id of ['browser-prefix', 'browser-format', 'browser-animated', 'browser-failed']) $(id).addEventListener('change', refilter);
    $('browser-close').onclick = () => this.show(false);
    $('grid-show').onclick = () => this.show(true);
    $('grid-prev').onclick = () => void this.step(-1);
    $('grid-next').onclick = () => void this.step(1);
    $('contact-sheet').onclick = () => void this.saveContactSheet();
    addEventListener('keydown', (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey || this.entries.length < 2) return;
      if (e.key === 'Escape' && this.visible) this.show(false);
      else if (!this.visible && e.key === 'ArrowRight') void this.step(1);
      else if (!this.visible && e.key === 'ArrowLeft') void this.step(-1);
      else if (!this.visible && e.key === 'g') this.show(true);
    });
  }

  /** The filtered grid's first columns × rows thumbnails, with names, as one PNG. */
  async saveContactSheet(): Promise<Blob> {
    const columns = Math.max(1, Math.min(40, Number($<HTMLInputElement>('sheet-columns').value) || 8));
    const rows = Math.max(1, Math.min(200, Number($<HTMLInputElement>('sheet-rows').value) || 6));
    const items = this.grid.shown.slice(0, columns * rows).map((i) => {
      const thumb = this.service.thumbOf(this.entries[i]);
      return { name: this.entries[i].name, blob: thumb?.blob, failed: !!thumb?.info.failed };
    });
    const blob = await contactSheet(items, columns, rows);
    saveBlob(blob, `contact-sheet-${columns}x${rows}.png`);
    return blob;
  }
}
