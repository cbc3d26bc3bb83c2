/** Numbers as the pages write them ('1,234'). */
export const formatCount = (value: number) => value.toLocaleString('ko-KR');

/** A percentage with one decimal ('57.3%'), '-' for none (as the pages show a missing figure). */
export const formatPercent = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)}%`);
