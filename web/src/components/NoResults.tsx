import { Button, EmptyState } from './ui';

/** A list with nothing to show: what was looked for, why (the error, else the hint), and the way back to more. */
export function NoResults({
  title,
  hint,
  error,
  action,
  onAction,
}: {
  title: string;
  hint: string;
  error?: Error | null;
  /** The button's label (e.g. "Clear Filters"); none when there is nothing to undo. */
  action?: string;
  onAction?: () => void;
}) {
  return (
    <EmptyState>
      <h2>{title}</h2>
      <p>{error ? error.message : hint}</p>
      {action && (
        <Button type="button" onClick={onAction}>
          {action}
        </Button>
      )}
    </EmptyState>
  );
}
