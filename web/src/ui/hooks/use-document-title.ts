import { useEffect } from 'react';
import { ko } from '../../i18n/ko';

/** Sets the tab title to "<title> · SAL 리그". */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${ko.site.name}` : ko.site.name;
  }, [title]);
}
