// Schedules a folder's thumbnails: cached ones first (IndexedDB), then what the grid shows, then the
// rest in grid order, drawn by thumbnail workers (OffscreenCanvas) or, where a worker cannot draw, on
// the page (page-drawer.ts).
import { thumbKey, type CatalogEntry } from './catalog.js';
import { withLazyUrl, type Thumb, type ThumbOptions, type ThumbStats } from './thumb-types.js';
import { ThumbCache } from './thumb-cache.js';
import type { FromThumbWorker, ToThumbWorker } from './thumb-protocol.js';
import { FolderFeed } from './folder-feed.js';
import { pageDrawer, type Drawer, type PageFolder } from './page-drawer.js';

/** Jobs a worker holds at once: more than its atlas of 16, so the next is there when one is read back. */
const IN_FLIGHT = 24;
/** A hand-out waits on the cards on screen at most this long after the last thumbnail arrived. */
const HOLD_MS = 1000;

export class ThumbService {
  private entries: CatalogEntry[] = [];
  private files: Record<string, Blob> = {};
  /** 0: not asked, 1: asked, 2: done; by entry index. */
  private stateOf = new Uint8Array(0);
  private readonly thumbs = new Map<string, Thumb>();
  private visible: number[] = [];
  /** Entries the cache has answered for (a miss is then queued for drawing), by index. */
  private checked = new Uint8Array(0);
  /** Entries to draw, in the order their files arrived and the cache answered. */
  private queue: number[] = [];
  private indexOf = new Map<string, number>();
  /** Asks the folder for these files first (they are not there yet). */
  private want?: (paths: string[]) => void;
  private generation = 0;
  /** The generation whose files the drawers have. */
  private posted = 0;
  /** The generation whose first part of files the workers have: later files are sent as they arrive. */
  private sent = 0;
  /** The open folder's paths, when its files are still arriving. */
  private names?: readonly string[];
  /** The folder's files are still handed on (a sync browser call each on the page): only cards on screen draw. */
  private quiet = false;
  /** When the last thumbnail arrived (or the folder opened). */
  private progressAt = 0;
  /** The generation whose workers were told that every file has arrived. */
  private completeSent = 0;
  /** Settles once the open folder's first files are posted to the workers. */
  private folderPosted: Promise<void> = Promise.resolve();
  private nextId = 1;
  /** The object URLs made for the open folder's thumbnails (revoked when another opens). */
  private urls: string[] = [];
  /** Whether this folder's first drawing job was sent (marked 'relic3d:first-sent'). */
  private firstSent = false;
  private readonly jobs = new Map<number, { generation: number; index: number }>();
  private drawers: Drawer[] = [];
  private workers: Worker[] = [];
  /** The worker that reports a handed folder (handWorkers' first): it lists and reads it, so it takes fewer jobs. */
  private reporter?: Worker;
  /** Each worker's feed of the open folder's files. */
  private feeds = new Map<Worker, FolderFeed>();
  private started?: Promise<void>;
  /** Every worker started (ready or not): a folder handed over as handles goes to each at once. */
  private spawned: Worker[] = [];
  /** The open folder is read by the workers from its handles: the page has no File of it. */
  private readByWorkers = false;
  /** The open folder is still listed: more entries come (`addEntries`), so not all are drawn yet. */
  private listing = false;
  /** A handed folder's messages from the workers (handed-folder.ts). */
  onFolderMessage?: (message: Extract<FromThumbWorker, { type: 'listed' | 'facts' | 'files' }>) => void;
  private readonly cache = new ThumbCache();
  stats: ThumbStats = { openedAt: 0, cached: 0, rendered: 0, drawer: 'worker', workers: 0, phases: {}, drawMs: 0 };

  /** `onThumb` is called for every thumbnail that arrives (cached or drawn). */
  constructor(private readonly onThumb: (index: number, thumb: Thumb) => void, private readonly options: ThumbOptions = {}) {}

  /** Starts the drawers early (their modules and WebGL take a moment), before any folder opens. */
  warmUp(): Promise<void> {
    return (this.started ??= this.startDrawers());
  }

  thumbOf(entry: CatalogEntry): Thumb | undefined {
    return this.thumbs.get(thumbKey(entry));
  }

  /**
   * A new folder: what was queued for the previous one is dropped. `files` may hold only part of
   * the folder (`names`: all its paths); the rest come through `arrived`, and `want` asks for the
   * files of the cards on screen and of companions a drawer waits on.
   */
  async open(entries: CatalogEntry[], files: Record<string, Blob>, arriving?: { names: readonly string[]; want(paths: string[]): void; statsOnPage?: boolean; readByWorkers?: boolean; listed?: Promise<void> }): Promise<void> {
    this.generation++;
    const generation = this.generation;
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls = [];
    this.thumbs.clear();
    this.entries = entries;
    this.files = files;
    this.want = arriving?.want;
    this.names = arriving?.names;
    this.quiet = !!arriving?.statsOnPage;
    this.readByWorkers = !!arriving?.readByWorkers;
    this.listing = !!arriving?.listed;
    this.progressAt = performance.now();
    this.indexOf = new Map(entries.map((e, i) => [e.path, i]));
    this.stateOf = new Uint8Array(entries.length);
    this.checked = new Uint8Array(entries.length);
    this.queue = [];
    this.firstSent = false;
    this.stats = { ...this.stats, openedAt: performance.now(), firstAt: undefined, allAt: undefined, cached: 0, rendered: 0, phases: {}, drawMs: 0 };
    // The grid told what it shows before this folder was the service's: its files are asked for now.
    this.prioritise(this.visible.filter((i) => i < entries.length));
    // The cache is read while the drawers start (the first visit's worker may still be loading).
    // What is on screen first, then the rest: a second visit shows the first cards at once.
    const present = [...entries.keys()].filter((i) => files[entries[i].path]);
    const first = new Set(this.visible.length ? this.visible.filter((i) => i < entries.length) : present.slice(0, 60));
    const drawers = this.warmUp().then(() => {
      if (generation !== this.generation) return;
      // Fed in parts (folder-feed.ts), the models of the first cards first; files arriving from
      // now on join the feeds as they come.
      this.sent = generation;
      for (const feed of this.feeds.values()) feed.stop();
      if (this.readByWorkers) this.feeds.clear();
      else for (const w of this.workers) this.feed(w, this.firstPaths(first));
      this.pageFolder = { files, names: arriving?.names, complete: !arriving, listed: arriving?.listed };
    });
    this.folderPosted = drawers;
    if (!(await this.lookUp(present.filter((i) => first.has(i)), generation))) return;
    // Drawing starts once the cache has answered for what is on screen; an entry is drawn only once
    // the cache has answered for it (nothing it holds is drawn again).
    const drawing = drawers.then(() => {
      if (generation !== this.generation) return;
      this.posted = generation;
      this.pump();
    });
    if (!(await this.lookUp(present.filter((i) => !first.has(i)), generation))) return;
    await drawing;
    this.pump();
  }

  /**
   * Files of the open folder that arrived (or, read by the workers, their size and time): their
   * entries learn their size and time, and are drawn in turn.
   */
  arrived(part: Map<string, File | { size: number; lastModified: number }>): void {
    const generation = this.generation;
    const indices: number[] = [];
    const blobs = new Map<string, File>();
    for (const [path, file] of part) {
      if (file instanceof Blob) blobs.set(path, (this.files[path] = file));
      const i = this.indexOf.get(path);
      if (i === undefined) continue;
      this.entries[i].size = file.size;
      this.entries[i].modified = file.lastModified;
      indices.push(i);
    }
    if (this.sent === generation) for (const feed of this.feeds.values()) feed.add(blobs.keys());
    if (blobs.size) this.pageArrived?.(Object.fromEntries(blobs));
    void this.lookUp(indices, generation).then(() => this.pump());
  }

  /** Models listed after the folder opened (appended: indices stay), drawn in turn as their files arrive. */
  addEntries(added: CatalogEntry[]): void {
    const from = this.entries.length;
    this.entries = [...this.entries, ...added];
    const grown = (old: Uint8Array) => {
      const out = new Uint8Array(this.entries.length);
      out.set(old);
      return out;
    };
    [this.stateOf, this.checked] = [grown(this.stateOf), grown(this.checked)];
    for (let i = from; i < this.entries.length; i++) this.indexOf.set(this.entries[i].path, i);
    void this.lookUp(added.map((_, k) => from + k).filter((i) => this.files[this.entries[i].path]), this.generation).then(() => this.pump());
  }

  /** The open folder is listed in full: once every entry has its thumbnail, all are there. */
  listedAll(): void {
    this.listing = false;
    const s = this.stats;
    if (s.cached + s.rendered === this.entries.length) s.allAt ??= performance.now() - s.openedAt;
  }

  /** Files of a folder the workers read, for the page drawer (their entries are sized already). */
  handedFiles(part: Record<string, Blob>): void {
    this.pageArrived?.(part);
  }

  /** Every file of the open folder has arrived: a companion still waited on is not there. */
  completed(): void {
    const generation = this.generation;
    // After the folder's first files (a message sent before them would be overtaken).
    void this.folderPosted.then(() => {
      if (generation !== this.generation) return;
      for (const feed of this.feeds.values()) feed.complete();
      this.completeSent = generation;
    });
    this.pageFolder.complete = true;
    this.pageArrived?.({});
    this.quiet = false;
    this.pump();
  }

  /** Whether the hand-out waits (but for asked-for files): cards on screen draw, and stats would wait on them. */
  holdsHandOut(): boolean {
    if (!this.quiet || performance.now() - this.progressAt > HOLD_MS) return false;
    return this.visible.some((i) => i < this.stateOf.length && this.stateOf[i] !== 2);
  }

  /** Cached thumbnails of `indices` arrive; the others are queued for drawing. False when another folder opened meanwhile. */
  private async lookUp(indices: number[], generation: number): Promise<boolean> {
    if (!indices.length) return generation === this.generation;
    const keys = indices.map((i) => thumbKey(this.entries[i]));
    const found = await this.cache.getMany(keys);
    if (generation !== this.generation) return false;
    indices.forEach((i, k) => {
      this.checked[i] = 1;
      const hit = found.get(keys[k]);
      if (hit && this.stateOf[i] === 0) this.arrive(i, { ...hit, from: 'cache' });
      else this.queue.push(i);
    });
    return true;
  }

  /** The entries the grid shows now: drawn before the rest (their files asked for first). */
  prioritise(indices: number[]): void {
    this.visible = indices;
    const missing = indices.filter((i) => this.entries[i] && !(this.readByWorkers ? this.checked[i] : this.files[this.entries[i].path])).map((i) => this.entries[i].path);
    if (missing.length) this.want?.(missing);
    this.pump();
  }

  private arrive(index: number, thumb: Omit<Thumb, 'url'>): void {
    this.stateOf[index] = 2;
    const full = withLazyUrl(thumb, this.urls);
    this.thumbs.set(thumbKey(this.entries[index]), full);
    this.progressAt = performance.now();
    if (thumb.from === 'cache') this.stats.cached++;
    else this.stats.rendered++;
    const now = performance.now() - this.stats.openedAt;
    if (this.stats.firstAt === undefined) performance.mark('relic3d:first-thumb');
    this.stats.firstAt ??= now;
    if (!this.listing && this.stats.cached + this.stats.rendered === this.entries.length) this.stats.allAt = now;
    this.onThumb(index, full);
  }

  private nextIndex(): number | undefined {
    let waited = false;
    for (const i of this.visible) {
      if (this.stateOf[i] === 0 && this.checked[i]) return i;
      waited ||= this.stateOf[i] === 0;
    }
    // The rest once every file is handed on (quiet: the cards on screen only), and not while a listed
    // folder's cards on screen wait for their facts (they would come 24 jobs later).
    while (!this.quiet && !(this.listing && waited) && this.queue.length) {
      const i = this.queue.shift()!;
      if (this.stateOf[i] === 0) return i;
    }
    return undefined;
  }

  private pump(): void {
    // Nothing is drawn before the drawers have this folder's files.
    if (this.posted !== this.generation) return;
    for (;;) {
      // The least busy drawer takes each job (the first screen's are drawn side by side); at a tie, not the reporter.
      const drawer = this.drawers.reduce<Drawer | undefined>((best, d) => (d.busy < IN_FLIGHT && (!best || d.busy < best.busy || (d.busy === best.busy && best.worker === this.reporter)) ? d : best), undefined);
      if (!drawer) return;
      const index = this.nextIndex();
      if (index === undefined) return;
      this.stateOf[index] = 1;
      const id = this.nextId++;
      this.jobs.set(id, { generation: this.generation, index });
      if (this.stats.firstAt === undefined && !this.firstSent) {
        this.firstSent = true;
        performance.mark('relic3d:first-sent');
      }
      drawer.busy++;
      drawer.send(id, this.entries[index].path);
    }
  }

  private done(message: Extract<FromThumbWorker, { type: 'thumb' }>, drawer: Drawer): void {
    drawer.busy--;
    const job = this.jobs.get(message.id);
    this.jobs.delete(message.id);
    if (job && job.generation === this.generation) {
      this.stats.drawMs += message.ms;
      for (const [k, v] of Object.entries(message.phases ?? {})) this.stats.phases[k] = (this.stats.phases[k] ?? 0) + v;
      const entry = this.entries[job.index];
      // The folder's first thumbnail: where its time went in the worker (its times are epoch ms).
      if (this.stats.firstAt === undefined && message.at) {
        for (const [name, at] of Object.entries(message.at)) performance.mark(`relic3d:first-${name}`, { startTime: at - performance.timeOrigin });
      }
      this.arrive(job.index, { blob: message.blob, info: message.info, from: 'render' });
      this.cache.put(thumbKey(entry), { blob: message.blob, info: message.info });
    }
    this.pump();
  }

  private async startDrawers(): Promise<void> {
    const count = this.options.forcePage ? 0 : this.options.readers ? 1 : this.options.workers ?? ((navigator.hardwareConcurrency ?? 2) >= 2 ? 2 : 1);
    // The cache's database opens meanwhile: its first lookup is then one request, not an open too.
    void this.cache.getMany([]);
    // All at once, and drawing starts with the first that is ready (one after the other, the second
    // came ~1 s later under load); the others join when they are.
    const starting = Array.from({ length: count }, () => this.startWorker());
    const any = await new Promise<boolean>((resolve) => {
      let left = count;
      if (!left) resolve(false);
      for (const s of starting) void s.then((ok) => (ok ? resolve(true) : --left === 0 && resolve(false)));
    });
    if (!any) {
      const page = await pageDrawer({ folder: () => this.pageFolder, want: (path) => this.want?.([path]), done: (message, drawer) => this.done(message, drawer) });
      this.pageArrived = page.arrived;
      this.drawers.push(page.drawer);
    }
    performance.mark('relic3d:drawers-ready');
    this.stats.drawer = this.workers.length ? 'worker' : 'page';
  }

  /** Whether a folder can be handed to the workers as handles: there are workers (not `forcePage`); they read it even where they cannot draw. */
  get readsHandles(): boolean {
    return !this.options.forcePage && (this.options.workers ?? 2) > 0;
  }

  get listingPace(): ThumbOptions['listing'] {
    return this.options.listing;
  }

  /** The workers started (ready or not; started now if none was), to hand a folder's handles to, ready ones first. */
  handWorkers(): Worker[] {
    void this.warmUp();
    // Ready ones first: the first reports (lists the folder for the page), and one still warming up answered seconds late under load.
    const workers = [...this.workers, ...this.spawned.filter((w) => !this.workers.includes(w))];
    return ((this.reporter = workers[0]), workers);
  }

  /** Starts a thumbnail worker: true once it can draw and has joined the drawers, false if it cannot draw. */
  private startWorker(): Promise<boolean> {
    // Two literal calls: Vite reads a worker's options only when they are written out.
    const worker = this.options.readers ? new Worker(new URL('./thumb-worker.ts', import.meta.url), { type: 'module', name: 'reader' }) : new Worker(new URL('./thumb-worker.ts', import.meta.url), { type: 'module' });
    this.spawned.push(worker);
    const drawer: Drawer = {
      busy: 0,
      worker,
      send: (id, path) => {
        // The model's file before its job: the feed may still hold it (its parts shrink under load).
        this.feeds.get(worker)?.urgent([path]);
        worker.postMessage({ type: 'render', id, path } satisfies ToThumbWorker);
      },
    };
    return new Promise<boolean>((resolve) => {
      worker.onmessage = (event: MessageEvent<FromThumbWorker>) => {
        const message = event.data;
        if (message.type === 'thumb') return this.done(message, drawer);
        if (message.type === 'listed' || message.type === 'facts' || message.type === 'files') return this.onFolderMessage?.(message);
        if (message.type === 'need') {
          if (this.stats.firstAt === undefined) performance.mark('relic3d:first-need');
          this.feeds.get(worker)?.urgent(message.paths);
          return this.want?.(message.paths);
        }
        // One that cannot draw stays: it reads a handed folder for the page, which draws then.
        if (message.offscreen) this.join(worker, drawer);
        resolve(message.offscreen);
      };
      worker.onerror = () => resolve(false);
    });
  }

  /** A worker that is ready draws from now on; a folder open already is given to it as it stands. */
  private join(worker: Worker, drawer: Drawer): void {
    this.workers.push(worker);
    this.drawers.push(drawer);
    this.stats.workers = this.workers.length;
    this.stats.drawer = 'worker';
    // A handed folder it has already (handed-folder.ts gives it to every worker started): a feed would replace it.
    if (this.generation && this.sent === this.generation && !this.readByWorkers) this.feed(worker, this.firstPaths(new Set(this.visible)));
    this.pump();
  }

  /** Starts feeding `worker` the open folder (its previous feed stopped): `first`, then the other files. */
  private feed(worker: Worker, first: string[]): void {
    this.feeds.get(worker)?.stop();
    const names = this.names ?? Object.keys(this.files);
    const rest = Object.keys(this.files);
    const feed = new FolderFeed(worker, this.files, names, first.length ? [...first, ...rest] : rest);
    this.feeds.set(worker, feed);
    // Files given all at once (no names): the worker waits on none but those still in the feed.
    if (!this.names || this.completeSent === this.generation) feed.complete();
  }

  /** The paths of these entries that are there. */
  private firstPaths = (indices: Set<number>): string[] => [...indices].map((i) => this.entries[i]?.path).filter((p): p is string => !!p && !!this.files[p]);

  /** The open folder as the page drawer sees it. */
  private pageFolder: PageFolder = { files: {}, complete: true };
  /** Tells the page drawer of files that arrived (none: the folder is complete). */
  private pageArrived?: (files: Record<string, Blob>) => void;

  /** Forgets the cached thumbnails (the e2e tests start cold). */
  clearCache(): Promise<void> {
    return this.cache.clear();
  }
}
