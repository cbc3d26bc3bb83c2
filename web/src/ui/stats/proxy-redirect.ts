import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { proxyRedirectTarget } from '../../lib/proxy-redirect';

/** Where a failed call of a proxy-variant page sends the reader (spec §8); null for errors that are not API errors. */
export function proxyErrorTarget(error: unknown): string | null {
  return error instanceof ApiError ? proxyRedirectTarget(error.status) : null;
}

/** Redirects as spec §8 asks for the proxy-variant pages once their query fails. */
export function useProxyErrorRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    const target = proxyErrorTarget(error);
    if (target) navigate(target, { replace: true });
  }, [error, navigate]);
}
