import { ko } from '../../i18n/ko';

/** The content while the first page's code loads: the shell around it is already painted. */
export function RouteLoading() {
  return <p className="muted" role="status" data-testid="route-loading">{ko.common.loading}</p>;
}
