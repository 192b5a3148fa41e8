import type { Database } from './client.server.ts';

/**
 * First-start data. The demo catalogue (issue 3) is loaded here once; later starts skip it.
 * Until it exists there is nothing to seed.
 */
export async function seedDatabase(_database: Database): Promise<void> {}
