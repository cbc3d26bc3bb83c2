import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { proxyRedirectTarget } from '../../lib/proxy-redirect';

/**
 * Where a failed call of a proxy-variant page sends the reader (docs/product/statistics-api.md#proxy-page-redirects);
 * null for errors that are not API errors.
 */
export function proxyErrorTarget(error: unknown): string | null {
  return error instanceof ApiError ? proxyRedirectTarget(error.status) : null;
}

/** Redirects the proxy-variant pages once their query fails (docs/product/statistics-api.md#proxy-page-redirects). */
export function useProxyErrorRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    const target = proxyErrorTarget(error);
    if (target) navigate(target, { replace: true });
  }, [error, navigate]);
}
