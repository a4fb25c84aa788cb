/**
 * A `window.matchMedia` for jsdom, which has none. It answers the media queries the app uses (widths and
 * `prefers-color-scheme`) from a viewport that tests set, and tells listeners when that viewport changes, as a
 * browser does when a window is resized or the system theme flips.
 */

interface Viewport {
  width: number;
  prefersDark: boolean;
}

const defaults: Viewport = { width: 1280, prefersDark: false };
let viewport: Viewport = { ...defaults };

type Listener = (event: MediaQueryListEvent) => void;
const lists = new Set<FakeMediaQueryList>();

function evaluate(query: string): boolean {
  const conditions = query
    .replace(/^@media\s*/i, '')
    .split(/\s+and\s+/i)
    .map((part) => part.trim());
  return conditions.every((condition) => {
    const width = /^\((min|max)-width:\s*([\d.]+)px\)$/i.exec(condition);
    if (width) {
      const limit = Number(width[2]);
      return width[1]?.toLowerCase() === 'min' ? viewport.width >= limit : viewport.width <= limit;
    }
    // A test page is on a screen, never being printed (CodeMirror asks).
    if (/^print$/i.test(condition)) return false;
    const scheme = /^\(prefers-color-scheme:\s*(dark|light)\)$/i.exec(condition);
    if (scheme) return (scheme[1]?.toLowerCase() === 'dark') === viewport.prefersDark;
    // A test page has a mouse: a fine pointer that hovers (the charts' tooltips ask).
    const pointer = /^\((any-)?pointer:\s*(fine|coarse|none)\)$/i.exec(condition);
    if (pointer) return pointer[2]?.toLowerCase() === 'fine';
    const hover = /^\((any-)?hover:\s*(hover|none)\)$/i.exec(condition);
    if (hover) return hover[2]?.toLowerCase() === 'hover';
    // Nor has it asked for less motion.
    const motion = /^\(prefers-reduced-motion(?::\s*(reduce|no-preference))?\)$/i.exec(condition);
    if (motion) return motion[1]?.toLowerCase() === 'no-preference';
    throw new Error(`The test matchMedia does not understand "${condition}"`);
  });
}

class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  readonly media: string;
  matches: boolean;
  onchange: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null = null;
  private readonly legacy = new Set<Listener>();

  constructor(media: string) {
    super();
    this.media = media;
    this.matches = evaluate(media);
  }

  addListener(listener: Listener | null): void {
    if (listener) this.legacy.add(listener);
  }

  removeListener(listener: Listener | null): void {
    if (listener) this.legacy.delete(listener);
  }

  update(): void {
    const matches = evaluate(this.media);
    if (matches === this.matches) return;
    this.matches = matches;
    const event = Object.assign(new Event('change'), { matches, media: this.media }) as MediaQueryListEvent;
    this.dispatchEvent(event);
    this.onchange?.call(this, event);
    for (const listener of this.legacy) listener(event);
  }
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const list = new FakeMediaQueryList(query);
      lists.add(list);
      return list;
    },
  });
  resetViewport();
}

function apply(next: Partial<Viewport>): void {
  viewport = { ...viewport, ...next };
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: viewport.width });
  for (const list of lists) list.update();
}

/** Resizes the fake viewport; matching media query lists fire `change`. */
export function setViewportWidth(width: number): void {
  apply({ width });
}

/** Flips the fake system colour scheme; matching media query lists fire `change`. */
export function setSystemPrefersDark(prefersDark: boolean): void {
  apply({ prefersDark });
}

export function resetViewport(): void {
  lists.clear();
  apply({ ...defaults });
}
