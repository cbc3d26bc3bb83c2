import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * One query parameter of the address as page state (a filter, a sort, an open match), so reload, back and a
 * shared link keep it. Setting '' or null removes the parameter; `push` adds a history entry (a choice the reader
 * may want to go back from), otherwise the entry is replaced (typing in a filter box).
 */
export function useSearchParam(name: string): [string | null, (value: string | null, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const setValue = useCallback((next: string | null, options: { push?: boolean } = {}) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null || next === '') updated.delete(name);
      else updated.set(name, next);
      return updated;
    }, { replace: !options.push, preventScrollReset: true });
  }, [name, setParams]);
  return [value, setValue];
}
