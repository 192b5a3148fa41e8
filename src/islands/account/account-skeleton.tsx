import { Skeleton } from '@/components/ui/skeleton';

/** The personal centre while it loads: the profile's shape in grey, the word for screen readers. */
export function AccountSkeleton({ label }: { label: string }) {
  return (
    <div className="min-h-64 rounded-xl border border-slate-200 bg-white" aria-busy="true" data-testid="account-loading">
      <span className="sr-only" role="status">
        {label}
      </span>
      <div className="flex items-center gap-5 border-b border-slate-100 px-6 py-6">
        <Skeleton className="size-18 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-3 w-40" />
        </div>
      </div>
      <div className="grid gap-6 px-6 py-5">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-full max-w-xs" />
          </div>
        ))}
      </div>
    </div>
  );
}
