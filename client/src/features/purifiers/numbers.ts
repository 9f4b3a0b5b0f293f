/** A number in the reader's language, at most two decimals (12.5 → "12,5" in French). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}
