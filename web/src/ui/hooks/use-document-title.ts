import { useEffect } from 'react';
import { ko } from '../../i18n/ko';

/** The page's own title, and the count of unseen alerts shown before it ("(2) 유저 거래 · SAL 리그"). */
let pageTitle: string | undefined;
let alertCount = 0;

function applyTitle(): void {
  const base = pageTitle ? `${pageTitle} · ${ko.site.name}` : ko.site.name;
  document.title = alertCount > 0 ? `${ko.titleCount(alertCount)} ${base}` : base;
}

/** Sets the tab title to "<title> · SAL 리그" (after the alert count, when there is one). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    pageTitle = title;
    applyTitle();
  }, [title]);
}

/**
 * The number of unseen alerts (trade applications and chat messages) to show before every page's title, so a phone
 * user sees it in the tab list without opening anything; 0 removes it.
 */
export function setTitleAlertCount(count: number): void {
  if (count === alertCount) return;
  alertCount = Math.max(0, count);
  applyTitle();
}
