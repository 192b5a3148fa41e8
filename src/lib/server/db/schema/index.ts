// The full Drizzle schema: one file per domain, gathered here for the client and drizzle-kit.
export * from './users.ts';
export * from './catalog.ts';
export * from './sso.ts';
export * from './jobs.ts';
export * from './bom.ts';
export * from './designs.ts';
export * from './ai.ts';
export * from './library.ts';
export * from './kicad-host.ts';
export * from './rate-limits.ts';
