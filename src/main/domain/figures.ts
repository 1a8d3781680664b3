/** A count of sales or orders and their amount in sen, as the reports and the totals line sum them. */
export interface Figure {
  count: number;
  amount: number;
}

export const NOTHING: Figure = { count: 0, amount: 0 };

export const sumOf = (figures: readonly Figure[]): Figure => figures.reduce((sum, f) => ({ count: sum.count + f.count, amount: sum.amount + f.amount }), NOTHING);
