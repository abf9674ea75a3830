/**
 * What Mantine asks of a browser and jsdom lacks (`matchMedia`, `ResizeObserver`), for the unit
 * tests that render views in jsdom: call once before rendering.
 */
export function stubBrowserForMantine(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
