import { Button } from '@/components/ui/button';
import { requestLogin } from '../../lib/client/login-request.ts';
import type { DesignsLabels } from './labels.ts';

// The states a user's design list shows before its rows: logged out, failed, loading.

/** Logged out: what logging in gives, and the button that opens the login. */
export function LoginPrompt({ text, testId, labels }: { text: string; testId: string; labels: DesignsLabels }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center" data-testid={testId}>
      <p className="text-sm text-slate-700">{text}</p>
      <Button type="button" className="mt-4" onClick={requestLogin}>
        {labels.login}
      </Button>
    </div>
  );
}

/** No data yet: the first load failed (with a retry) or is still on its way. */
export function LoadState({ failed, retry, labels }: { failed: boolean; retry: () => void; labels: DesignsLabels }) {
  if (failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        {labels.loadFailed}{' '}
        <button type="button" className="text-brand-600 underline" onClick={retry}>
          {labels.retry}
        </button>
      </p>
    );
  return <p className="text-sm text-slate-500">{labels.loading}</p>;
}
