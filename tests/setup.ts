import '@testing-library/jest-dom';

/*
 * next/link watches whether it is on screen (to prefetch). jsdom has no IntersectionObserver, so the
 * link would mark itself visible on a timer, a state update outside act(...). An observer that never
 * reports keeps links still, as in a browser before scrolling.
 */
if (typeof window !== 'undefined' && typeof window.IntersectionObserver === 'undefined') {
  class StillObserver {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  (window as { IntersectionObserver: unknown }).IntersectionObserver = StillObserver;
}
