/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by src/middleware.ts from the /en prefix. */
    locale: 'zh' | 'en';
    /** The path without its locale prefix, as the visitor asked for it. */
    barePath: string;
    /** A query parameter dropped for text no page can use (NUL, invalid UTF-8); the layout says so. */
    inputProblem?: string;
  }
}
