/**
 * Set-up for the web's component tests (`*.test.tsx`, jsdom): Testing Library's DOM matchers and
 * its waits scaled to the machine, a clean DOM and browser storage after each test, and the browser APIs jsdom lacks that Mantine
 * uses (matchMedia, ResizeObserver, scrollIntoView).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { scaled } from '../../../../scripts/lib/time-scale.mjs';
// The member app's i18n (decision 036): English, as jsdom's browser language is en-US.
import '../../src/i18n/index.js';

// `findBy…` and `waitFor` wait as long as a busy machine needs (Testing Library's 1 s default
// once ran out on CI while a dialog's second request was answered), scaled as the tests' limits are.
configure({ asyncUtilTimeout: scaled(3_000) });

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
