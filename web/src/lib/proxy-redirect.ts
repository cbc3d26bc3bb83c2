/**
 * Where a failed call of a proxy-variant page sends the reader (docs/product/statistics-api.md#proxy-page-redirects):
 * 401 to /login, 404 to /error?status=404, any other status to /error?status={status}, and no response at all (status
 * 0) to /error?status=000.
 */
export function proxyRedirectTarget(status: number): string {
  if (status === 401) return '/login';
  if (status === 0) return '/error?status=000';
  return `/error?status=${status}`;
}
