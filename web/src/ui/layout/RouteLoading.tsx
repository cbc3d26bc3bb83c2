import { ko } from '../../i18n/ko';

/**
 * The content while a page's code loads (the first page's, in the pre-rendered shell and while the app starts, and
 * each page's later, as the layout's Suspense fallback): the shell around it is already painted.
 */
export function RouteLoading() {
  return <p className="muted" role="status" data-testid="route-loading">{ko.common.loading}</p>;
}
