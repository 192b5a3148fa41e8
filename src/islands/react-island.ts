/**
 * Names an island's renderer for Astro. Untagged, Astro finds the renderer on every request by
 * calling the component outside React (its hooks throw, the error is caught) and rendering a test
 * element: measurable on each page. Every island's default export goes through this.
 */
export function reactIsland<T extends object>(component: T): T {
  (component as Record<symbol, unknown>)[Symbol.for('astro:renderer')] = '@astrojs/react';
  return component;
}
