import { formatMoney } from "@nc/contracts/money";
import type { OperatorMarginRow, OperatorPricePreview } from "@nc/contracts/operator";

/** One margin row as the providers page writes it, in the page's language. */
export interface MarginCells {
  price: string;
  /** null: the provider reported no cost in the list's currency. */
  cost: string | null;
  margin: string | null;
  /** Below zero: each check of this list costs more than it earns. */
  negative: boolean;
}

export function marginCells(row: OperatorMarginRow, locale: string): MarginCells {
  const money = (micros: string) => formatMoney(micros, row.currency, locale);
  return {
    price: money(row.priceMicros),
    cost: row.costMicros === null ? null : money(row.costMicros),
    margin: row.marginMicros === null ? null : money(row.marginMicros),
    negative: row.marginMicros !== null && BigInt(row.marginMicros) < 0n,
  };
}

/** What one quantity costs: the total and the price per number, or null with no price for the service. */
export interface PreviewCell {
  quantity: number;
  total: string;
  unit: string;
}

/** The preview's rows, one per service, one cell per quantity (1, 10,000, 1,000,000). */
export function previewCells(
  preview: OperatorPricePreview,
  locale: string,
): { service: OperatorPricePreview["rows"][number]["service"]; cells: PreviewCell[] | null }[] {
  return preview.rows.map((row) => ({
    service: row.service,
    cells:
      row.quotes?.map((q) => ({
        quantity: q.quantity,
        total: formatMoney(q.totalMicros, q.currency, locale),
        unit: formatMoney(q.unitPriceMicros, q.currency, locale),
      })) ?? null,
  }));
}
