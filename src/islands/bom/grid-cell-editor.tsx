import { useEffect, useRef, useState } from 'react';

/**
 * The editor of one grid cell: Enter saves, Escape cancels, leaving the cell saves (as spreadsheets
 * do). Only a changed value is saved; either way the grid gets the focus back.
 */
export function GridCellEditor({
  initial,
  label,
  maxLength,
  onSave,
  onCancel,
}: {
  initial: string;
  label: string;
  maxLength: number;
  onSave: (value: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  const finished = useRef(false);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    if (save && value !== initial) onSave(value);
    else onCancel();
  };

  return (
    <input
      ref={ref}
      value={value}
      maxLength={maxLength}
      aria-label={label}
      data-testid="bom-cell-editor"
      className="h-full w-full rounded-sm border border-brand-500 bg-white px-1.5 text-sm outline-none ring-2 ring-brand-200"
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        // The grid's own keys (arrows, Enter) must not act while typing.
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}

/** The most each field takes (the changeSet call's limits). */
export const FIELD_MAX_LENGTH = { designators: 20_000, quantity: 50, mpn: 200, manufacturer: 200, description: 500, package: 200, value: 200 } as const;
