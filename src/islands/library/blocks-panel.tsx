import type { LibraryPanelProps } from '../account/account-center.tsx';

/** TEMP contract placeholder: a helper replaces this panel (issue #16). */
export function BlocksPanel({ labels }: LibraryPanelProps) {
  return <p data-testid="library-panel-placeholder">{Object.keys(labels).length}</p>;
}
