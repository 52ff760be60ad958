import { useSearchParams } from 'react-router-dom';

/**
 * A page's filters in the address's query: read as the page rendered them, changed from the
 * address as it is now. React Router renders a navigation in a transition, and its own updates
 * start from the query of the last render, so a second click before that render would undo the
 * first (All Resources, then Advanced, brought the old category back).
 */
export function useFilterParams(): { params: URLSearchParams; update: (changes: Record<string, string>) => void; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { params, update, clear };
}
