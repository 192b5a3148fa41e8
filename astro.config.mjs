// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { precompress } from './scripts/lib/precompress.mjs';

// Locale routing is done by src/middleware.ts (zh at /, en at /en/*, one page file for both),
// see docs/decisions/0002-i18n.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // Islands render with renderToString: none suspends on the server, and React's web-stream
  // rendering costs about a third of the detail page's render time in Node.
  integrations: [react({ experimentalDisableStreaming: true }), precompress()],
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto' },
  // CSP: Astro hashes its inline scripts into the page's Content-Security-Policy header; the
  // environment-dependent directives (frame-ancestors from HOST_ORIGINS…) are added by
  // src/middleware.ts. Inline style attributes stay allowed (islands position elements with them).
  security: {
    checkOrigin: false,
    csp: { styleDirective: { resources: ["'self'", "'unsafe-inline'"] } },
  },
  vite: {
    plugins: [tailwindcss()],
    // Module workers (the design viewer's): ES output, so a worker may load chunks on demand.
    worker: { format: 'es' },
    build: {
      rollupOptions: {
        output: {
          // React's runtime is one shared chunk (react, react-dom, scheduler, the JSX runtime):
          // one content-hashed file that every page with an island reuses from the cache.
          manualChunks: (id) => (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? 'react' : undefined),
        },
      },
    },
    ssr: { external: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'pg', 'pino'] },
  },
});
