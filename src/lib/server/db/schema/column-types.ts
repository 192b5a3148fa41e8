import { customType } from 'drizzle-orm/pg-core';

// Column types shared by the domain schemas (not a table module: index.ts does not export it).

/** Binary data (avatars, 3D model files and meshes). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
