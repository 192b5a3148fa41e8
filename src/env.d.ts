/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by src/middleware.ts from the /en prefix. */
    locale: 'zh' | 'en';
    /** The path without its locale prefix, as the visitor asked for it. */
    barePath: string;
  }
}
