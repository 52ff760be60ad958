import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useToast } from '../../../components/toast/ToastProvider';

/** A fix tool's answer: a message and, when it looked, how many articles it found. */
type FixAnswer = { message: string; results?: { total: number } | null };

/**
 * Runs a fix tool (a dry run or live) and keeps its answer with the mode it ran
 * in; a toast says whether it found nothing, finished, or failed.
 */
export function useFixRun<Body extends { dryRun: boolean }, Answer extends FixAnswer>(
  fix: UseMutationResult<Answer, Error, Body>,
  say: {
    /** The toast when nothing matched, and its text when the API sent no message. */
    nothing: { title: string; description: string };
    /** The live run's toast title ("Reset completed"); a dry run says "Dry run completed". */
    done: string;
    failed: string;
  },
  afterLive?: () => void,
) {
  const toast = useToast();
  const [result, setResult] = useState<{ data: Answer; dryRun: boolean } | null>(null);
  const run = (body: Body) =>
    fix.mutate(body, {
      onSuccess: (data) => {
        setResult({ data, dryRun: body.dryRun });
        if (!data.results || data.results.total === 0) {
          toast({ title: say.nothing.title, description: data.message || say.nothing.description, variant: 'info' });
        } else {
          toast({ title: body.dryRun ? 'Dry run completed' : say.done, description: data.message, variant: 'success' });
        }
        if (!body.dryRun) afterLive?.();
      },
      onError: () => toast({ title: 'Error', description: say.failed, variant: 'destructive' }),
    });
  return { result, run };
}
