/**
 * Set-up for the web's component tests (`*.test.tsx`, jsdom): Testing Library's DOM matchers,
 * a clean DOM and browser storage after each test, and the browser APIs jsdom lacks that Mantine
 * uses (matchMedia, ResizeObserver, scrollIntoView).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The member app's i18n (decision 036): English, as jsdom's browser language is en-US.
import '../../src/i18n/index.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStandIn {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStandIn });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
