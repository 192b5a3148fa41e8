/** Astro's clientAddress is the socket's peer (never X-Forwarded-For); it throws where the adapter cannot tell. */
export function clientAddressOf(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
