/**
 * The upstream's key for a division in proxy calls (docs/product/statistics-api.md#division-keys): sanply is '27', the
 * supply leagues share 'supply'.
 */
export function proxyDivisionKey(division: string): string {
  if (division === 'sanply') return '27';
  if (division === 'supply' || division === 'supply-1' || division === 'supply-2') return 'supply';
  return division;
}
