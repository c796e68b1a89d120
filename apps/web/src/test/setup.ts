import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { apiMetrics } from '../lib/http';
import { i18nReady, LOCALES, loadLocale } from '../lib/i18n';

// Both languages' main strings, as a browser has them after a switch (the app loads each on demand):
// tests change the language directly with `i18n.changeLanguage`.
await Promise.all([i18nReady, ...LOCALES.map(loadLocale)]);

// Screens load lazily: the first one in a file pays for the transform, which takes several seconds when
// the whole suite shares two cores (a wait only lasts this long when something is wrong or slow).
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads the colour-scheme and breakpoint media queries; happy-dom has no layout engine.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  // A test's call timings must not be posted during the next test, to whatever fetch it stubs.
  apiMetrics.discard();
  sessionStorage.clear();
  localStorage.clear();
});

/**
 * The app opens its live socket for CS clients; in component tests there is no server, so sockets stay
 * "connecting" quietly. Tests of the socket itself pass their own fake.
 */
class IdleWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  bufferedAmount = 0;
  extensions = '';
  protocol = '';
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
Object.defineProperty(globalThis, 'WebSocket', { configurable: true, writable: true, value: IdleWebSocket });

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on it for web fonts loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
