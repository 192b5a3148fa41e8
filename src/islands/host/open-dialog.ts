import { HOST_DIALOG_SIZES, isEmbedded, postToHost, type HostDialogPage } from '../../lib/client/host-bridge.ts';

// Opening one of the host's dialog pages (SPEC §2 sizes): inside a host the host opens it as a modal
// of its size (`showModal { page, width, height }`, `page` the address to load); in a plain browser
// the page opens in place, as the site's own links do.

export function openHostDialog(page: HostDialogPage, href: string, win: Window = window): void {
  const size = HOST_DIALOG_SIZES[page];
  if (isEmbedded() && postToHost('showModal', { page: href, width: size.width, height: size.height })) return;
  win.location.assign(href);
}
