import type { PDFDocumentLoadingTask, PDFDocumentProxy, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type {
  EventBus,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
} from 'pdfjs-dist/legacy/web/pdf_viewer.mjs';
import type { PdfHighlight } from '../../../../contracts/pdfs.ts';
import { topOf, type PageSize } from './anchoring.ts';
import { drawHighlights } from './highlight-layer.ts';
import { loadPdfjs, type Pdfjs } from './pdfjs.ts';

/** An entry of the document's outline (its bookmarks), with the entries under it. */
export interface OutlineItem {
  title: string;
  /** Where in the document it leads; null for an entry that only groups others or links out. */
  dest: string | unknown[] | null;
  /** A web address, for an entry that links out of the document. */
  url: string | null;
  items: OutlineItem[];
}

/** Where find in document stands. */
export type FindStatus = 'idle' | 'pending' | 'found' | 'wrapped' | 'not-found';

/** What the reader's controls show; replaced as a whole on every change (for `useSyncExternalStore`). */
export interface ReaderSnapshot {
  status: 'loading' | 'ready' | 'failed';
  /** Why the document could not be opened (pdf.js' exception), when `status` is 'failed'. */
  error: unknown;
  pageNumber: number;
  pagesCount: number;
  /** The zoom: 1 is 100 %. */
  scale: number;
  /** The fit in force ('page-width', 'page-fit', 'auto'), or the zoom as a number in text. */
  scaleValue: string;
  /** Height over width of the first page, for the thumbnails' frames before they are drawn. */
  pageAspect: number;
  find: { query: string; status: FindStatus; current: number; total: number };
  /** The outline; null while it is read, empty when the document has none. */
  outline: OutlineItem[] | null;
}

const emptyFind: ReaderSnapshot['find'] = { query: '', status: 'idle', current: 0, total: 0 };

function startingSnapshot(pageNumber: number): ReaderSnapshot {
  return {
    status: 'loading',
    error: null,
    pageNumber,
    pagesCount: 0,
    scale: 1,
    scaleValue: 'auto',
    pageAspect: Math.SQRT2,
    find: emptyFind,
    outline: null,
  };
}

/** What `getDocument` takes, besides a URL or bytes. */
type DocumentInitParameters = Exclude<
  Parameters<typeof getDocument>[0],
  string | URL | ArrayBuffer | ArrayLike<number> | undefined
>;

/** pdf.js' find states, by number (its FindState). */
const findStatuses: Record<number, FindStatus> = { 0: 'found', 1: 'not-found', 2: 'wrapped', 3: 'pending' };

/** The pdf.js objects of one opening of the document; a StrictMode remount makes a second one. */
interface Session {
  closed: boolean;
  abort: AbortController;
  container: HTMLDivElement;
  viewerElement: HTMLDivElement;
  pdfjs: Pdfjs | null;
  eventBus: EventBus | null;
  viewer: PDFViewer | null;
  linkService: PDFLinkService | null;
  task: PDFDocumentLoadingTask | null;
  document: PDFDocumentProxy | null;
}

type Listener = () => void;

/** The parts of a pdf.js outline entry the reader uses. */
interface RawOutline {
  title: string;
  dest: string | unknown[] | null;
  url: string | null;
  items: RawOutline[];
}

function toOutline(items: readonly RawOutline[]): OutlineItem[] {
  return items.map((item) => ({
    title: item.title,
    dest: item.dest,
    url: item.url,
    items: toOutline(item.items),
  }));
}

/**
 * One PDF in pdf.js' viewer, for one reader page. It is made before the page's elements exist and attached to
 * them in an effect; detaching (the page closing, or StrictMode's rehearsal) destroys every pdf.js object, and
 * attaching again opens the document afresh. React reads its state through `subscribe`/`getSnapshot`.
 *
 * The file is read with range requests (pdf.js asks for the parts it needs, 64 KB at a time, and nothing ahead
 * of them), so the first page shows before a large file has arrived. No script in a PDF ever runs: there is no
 * scripting manager, forms are drawn as they look, and links open in a new tab with no opener.
 */
export class ReaderViewer {
  #snapshot: ReaderSnapshot;
  #listeners = new Set<Listener>();
  #session: Session | null = null;
  #highlights: readonly PdfHighlight[] = [];
  #flashId: string | null = null;
  #pendingHighlight: PdfHighlight | null = null;
  readonly #url: string;
  readonly #load: () => Promise<Pdfjs>;
  #startPage: number;

  constructor(url: string, startPage: number, load: () => Promise<Pdfjs> = loadPdfjs) {
    this.#url = url;
    this.#startPage = startPage;
    this.#load = load;
    this.#snapshot = startingSnapshot(startPage);
  }

  /** For `useSyncExternalStore`. */
  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** For `useSyncExternalStore`. */
  getSnapshot = (): ReaderSnapshot => this.#snapshot;

  #update(change: Partial<ReaderSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) listener();
  }

  /** Opens the document into `container` (absolutely positioned, scrolling) and its child `viewerElement`. */
  attach(container: HTMLDivElement, viewerElement: HTMLDivElement): void {
    this.detach();
    const session: Session = {
      closed: false,
      abort: new AbortController(),
      container,
      viewerElement,
      pdfjs: null,
      eventBus: null,
      viewer: null,
      linkService: null,
      task: null,
      document: null,
    };
    this.#session = session;
    this.#update(startingSnapshot(this.#startPage));
    void this.#open(session);
  }

  /** Closes the document and lets go of every pdf.js object. */
  detach(): void {
    const session = this.#session;
    if (!session) return;
    this.#session = null;
    session.closed = true;
    // Where the reader was, so attaching again (StrictMode, a retry) opens at the same page.
    if (session.viewer?.pagesCount) this.#startPage = session.viewer.currentPageNumber;
    session.abort.abort();
    session.viewer?.setDocument(null);
    session.linkService?.setDocument(null);
    void session.task?.destroy();
    session.viewerElement.replaceChildren();
  }

  /** Opens the document again after it failed to open. */
  retry(): void {
    const session = this.#session;
    if (session) this.attach(session.container, session.viewerElement);
  }

  async #open(session: Session): Promise<void> {
    try {
      const pdfjs = await this.#load();
      if (session.closed) return;
      session.pdfjs = pdfjs;
      const { lib } = pdfjs;
      const { EventBus, LinkTarget, PDFFindController, PDFLinkService, PDFViewer } = pdfjs.viewer;
      const eventBus = new EventBus();
      const linkService = new PDFLinkService({
        eventBus,
        externalLinkTarget: LinkTarget.BLANK,
        externalLinkRel: 'noopener noreferrer nofollow',
      });
      const findController: PDFFindController = new PDFFindController({ eventBus, linkService });
      // `abortSignal` is read by the viewer (it stops its resize observer) but missing from its typings.
      const options: ConstructorParameters<typeof PDFViewer>[0] & { abortSignal: AbortSignal } = {
        container: session.container,
        viewer: session.viewerElement,
        eventBus,
        linkService,
        findController,
        annotationMode: lib.AnnotationMode.ENABLE,
        annotationEditorMode: lib.AnnotationEditorType.DISABLE,
        abortSignal: session.abort.signal,
      };
      const viewer = new PDFViewer(options);
      linkService.setViewer(viewer);
      Object.assign(session, { eventBus, viewer, linkService });
      this.#listen(session);

      const parameters: DocumentInitParameters & { isEvalSupported: false } = {
        url: this.#url,
        withCredentials: true,
        rangeChunkSize: 65_536,
        // Only the parts the pages on screen need: no reading ahead, and no stream of the whole file beside
        // the range requests (pdf.js needs both off for the first to hold).
        disableAutoFetch: true,
        disableStream: true,
        enableXfa: false,
        // pdf.js' data files (web/vite.config.ts serves them): fonts a PDF leaves out, CJK character maps,
        // the decoders of scanned images.
        cMapUrl: '/pdfjs/cmaps/',
        cMapPacked: true,
        standardFontDataUrl: '/pdfjs/standard_fonts/',
        wasmUrl: '/pdfjs/wasm/',
        // pdf.js 6 no longer evaluates anything (the option is gone from its API); said anyway, so a build
        // that still reads it never compiles a PDF's functions with eval.
        isEvalSupported: false,
      };
      const task = lib.getDocument(parameters);
      session.task = task;
      const document = await task.promise;
      if (session.closed) return;
      session.document = document;
      viewer.setDocument(document);
      linkService.setDocument(document);
      this.#update({ pagesCount: document.numPages });
      document.getOutline().then(
        (outline) => {
          if (!session.closed) this.#update({ outline: toOutline((outline ?? []) as RawOutline[]) });
        },
        () => {
          if (!session.closed) this.#update({ outline: [] });
        },
      );
    } catch (error) {
      if (session.closed) return;
      this.#update({ status: 'failed', error });
    }
  }

  #listen(session: Session): void {
    const { eventBus, viewer } = session;
    if (!eventBus || !viewer) return;
    const on = (name: string, listener: (event: Record<string, unknown>) => void) =>
      eventBus.on(name, listener, { signal: session.abort.signal });

    on('pagesinit', () => {
      viewer.currentScaleValue = 'auto';
      const first = this.pageSize(1);
      const page = Math.min(Math.max(1, this.#startPage), viewer.pagesCount);
      if (page !== viewer.currentPageNumber) viewer.currentPageNumber = page;
      this.#update({
        status: 'ready',
        pagesCount: viewer.pagesCount,
        pageNumber: viewer.currentPageNumber,
        pageAspect: first ? first.height / first.width : Math.SQRT2,
      });
      if (this.#pendingHighlight) void this.goToHighlight(this.#pendingHighlight);
    });
    on('pagechanging', (event) => {
      if (typeof event.pageNumber === 'number') this.#update({ pageNumber: event.pageNumber });
    });
    on('scalechanging', (event) => {
      const scale = typeof event.scale === 'number' ? event.scale : this.#snapshot.scale;
      const preset = typeof event.presetValue === 'string' ? event.presetValue : String(scale);
      this.#update({ scale, scaleValue: preset });
    });
    const redraw = (event: Record<string, unknown>) => {
      if (typeof event.pageNumber === 'number') this.#drawPage(event.pageNumber);
    };
    on('pagerendered', redraw);
    on('textlayerrendered', redraw);
    const findCount = (event: Record<string, unknown>) => {
      const count = event.matchesCount as { current?: number; total?: number } | undefined;
      const status = typeof event.state === 'number' ? findStatuses[event.state] : undefined;
      if (!this.#snapshot.find.query) return;
      this.#update({
        find: {
          ...this.#snapshot.find,
          ...(status ? { status } : {}),
          ...(count ? { current: count.current ?? 0, total: count.total ?? 0 } : {}),
        },
      });
    };
    on('updatefindmatchescount', findCount);
    on('updatefindcontrolstate', findCount);
  }

  /** The size of page `pageNumber` as shown, in PDF units at scale 1; null before the document is open. */
  pageSize(pageNumber: number): PageSize | null {
    const view = this.#session?.viewer?.getPageView(pageNumber - 1) as
      { viewport?: { width: number; height: number; scale: number } } | undefined;
    const viewport = view?.viewport;
    if (!viewport || viewport.scale <= 0) return null;
    return { width: viewport.width / viewport.scale, height: viewport.height / viewport.scale };
  }

  /** The page element pdf.js drew page `pageNumber` into. */
  pageElement(pageNumber: number): HTMLElement | null {
    const view = this.#session?.viewer?.getPageView(pageNumber - 1) as { div?: HTMLElement } | undefined;
    return view?.div ?? null;
  }

  #drawPage(pageNumber: number): void {
    const element = this.pageElement(pageNumber);
    const size = this.pageSize(pageNumber);
    if (!element || !size) return;
    const onPage = this.#highlights.filter((highlight) => highlight.page === pageNumber);
    drawHighlights(element, onPage, size, this.#flashId);
  }

  /** The highlights to draw; every page on screen is drawn again. */
  setHighlights(highlights: readonly PdfHighlight[]): void {
    this.#highlights = highlights;
    const count = this.#session?.viewer?.pagesCount ?? 0;
    for (let page = 1; page <= count; page++) {
      if (this.pageElement(page)?.isConnected) this.#drawPage(page);
    }
  }

  goToPage(pageNumber: number): void {
    const viewer = this.#session?.viewer;
    if (!viewer?.pagesCount) return;
    viewer.currentPageNumber = Math.min(Math.max(1, Math.round(pageNumber)), viewer.pagesCount);
  }

  nextPage(): void {
    this.#session?.viewer?.nextPage();
  }

  previousPage(): void {
    this.#session?.viewer?.previousPage();
  }

  firstPage(): void {
    this.goToPage(1);
  }

  lastPage(): void {
    this.goToPage(this.#session?.viewer?.pagesCount ?? 1);
  }

  zoomIn(): void {
    this.#session?.viewer?.increaseScale();
  }

  zoomOut(): void {
    this.#session?.viewer?.decreaseScale();
  }

  /** A preset fit: 'page-width', 'page-fit' or 'auto'. */
  fit(value: 'page-width' | 'page-fit' | 'auto'): void {
    const viewer = this.#session?.viewer;
    if (viewer?.pagesCount) viewer.currentScaleValue = value;
  }

  /** Follows an outline entry or an internal link. */
  goToDestination(dest: string | unknown[]): void {
    void this.#session?.linkService?.goToDestination(dest);
  }

  /** Finds `query` (as typed: pdf.js waits for typing to pause); an empty query ends the search. */
  find(query: string): void {
    const eventBus = this.#session?.eventBus;
    if (!eventBus) return;
    if (query.trim() === '') {
      this.closeFind();
      return;
    }
    this.#update({ find: { query, status: 'pending', current: 0, total: 0 } });
    eventBus.dispatch('find', {
      source: this,
      type: '',
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: false,
      matchDiacritics: false,
    });
  }

  /** Moves to the next match (or the previous one). */
  findAgain(previous: boolean): void {
    const eventBus = this.#session?.eventBus;
    const { query } = this.#snapshot.find;
    if (!eventBus || !query) return;
    eventBus.dispatch('find', {
      source: this,
      type: 'again',
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: false,
    });
  }

  /** Ends find: the matches are no longer marked. */
  closeFind(): void {
    this.#session?.eventBus?.dispatch('findbarclose', { source: this });
    this.#update({ find: emptyFind });
  }

  /**
   * Scrolls to a highlight (its first line a quarter down the view) and makes it blink. Before the pages are
   * laid out, the jump waits for them.
   */
  async goToHighlight(highlight: PdfHighlight): Promise<void> {
    const session = this.#session;
    const viewer = session?.viewer;
    if (!session || !viewer?.pagesCount) {
      this.#pendingHighlight = highlight;
      return;
    }
    this.#pendingHighlight = null;
    this.#flashId = highlight.id;
    const page = Math.min(highlight.page, viewer.pagesCount);
    viewer.scrollPageIntoView({ pageNumber: page });
    // The page's real size is known once it has been drawn; pages of one size need no wait.
    await this.#whenRendered(session, page);
    if (session.closed) return;
    const element = this.pageElement(page);
    const size = this.pageSize(page);
    if (element && size) {
      const { container } = session;
      const { y } = topOf(highlight.rects);
      const pageTop =
        element.getBoundingClientRect().top -
        container.getBoundingClientRect().top +
        container.scrollTop +
        element.clientTop;
      const target = pageTop + (y / size.height) * element.clientHeight - container.clientHeight / 4;
      container.scrollTo({ top: Math.max(0, target) });
    }
    this.#drawPage(page);
    // The blink runs once; a later redraw of the page does not repeat it.
    setTimeout(() => {
      if (this.#flashId === highlight.id) this.#flashId = null;
    }, 2000);
  }

  #whenRendered(session: Session, pageNumber: number): Promise<void> {
    const view = session.viewer?.getPageView(pageNumber - 1) as { renderingState?: number } | undefined;
    // pdf.js' RenderingStates.FINISHED
    if (view?.renderingState === 3) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        session.eventBus?.off('pagerendered', onRendered);
        resolve();
      };
      const onRendered = (event: { pageNumber?: number }) => {
        if (event.pageNumber === pageNumber) done();
      };
      const timer = setTimeout(done, 3000);
      session.eventBus?.on('pagerendered', onRendered, { signal: session.abort.signal });
    });
  }

  /**
   * Draws page `pageNumber` small into `canvas`, `cssWidth` pixels wide, for a thumbnail. Stops when `signal`
   * aborts (the thumbnail scrolled away or closed).
   */
  async renderThumbnail(
    pageNumber: number,
    canvas: HTMLCanvasElement,
    cssWidth: number,
    signal: AbortSignal,
  ): Promise<void> {
    const document = this.#session?.document;
    if (!document) return;
    const page = await document.getPage(pageNumber);
    if (signal.aborted) return;
    const base = page.getViewport({ scale: 1 });
    // Small on purpose: two device pixels per CSS pixel at most.
    const density = Math.min(globalThis.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (cssWidth / base.width) * density });
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    const task = page.render({ canvas, viewport });
    const cancel = () => task.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await task.promise;
    } catch {
      // Cancelled (scrolled away) or not drawable: the frame stays empty with its page number.
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  /** The element of the scrolling pages, to focus for keyboard reading. */
  get container(): HTMLDivElement | null {
    return this.#session?.container ?? null;
  }
}
