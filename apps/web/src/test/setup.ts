import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
  sessionStorage.clear();
  localStorage.clear();
});
