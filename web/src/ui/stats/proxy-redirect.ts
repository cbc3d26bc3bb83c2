import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';

/**
 * Where a failed call of a proxy-variant page sends the reader (spec §8): 401 to /login, any other status to
 * /error?status={status}, no response at all to /error?status=000. Null for errors that are not API errors.
 */
export function proxyErrorTarget(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return '/login';
  if (error.status === 0) return '/error?status=000';
  return `/error?status=${error.status}`;
}

/** Redirects as spec §8 asks for the proxy-variant pages once their query fails. */
export function useProxyErrorRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    const target = proxyErrorTarget(error);
    if (target) navigate(target, { replace: true });
  }, [error, navigate]);
}
