/**
 * What one address may add to the measurement tables per UTC day (MEASURE_DAILY_ROWS, MEASURE_DAILY_BYTES):
 * before it, one address at the rate limit added about 23 MB a minute (issue 18). Counted in this
 * process's memory, like the default rate limiter: with several instances each allows the budget.
 */
export interface DailyBudget {
  /** Takes `rows` and `bytes` from the address's budget for `now`'s day; false (and nothing taken) if they do not fit. */
  take(address: string, rows: number, bytes: number, now?: Date): boolean;
  /** Addresses counted today. */
  readonly addresses: number;
}

/** `maxAddresses`: an address beyond that many on one day gets no budget. */
type BudgetLimits = { rows: number; bytes: number; maxAddresses?: number };

export function createDailyBudget({ rows, bytes, maxAddresses = 200_000 }: BudgetLimits): DailyBudget {
  let day = "";
  let used = new Map<string, { rows: number; bytes: number }>();
  return {
    take(address, wantRows, wantBytes, now = new Date()) {
      const today = now.toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        used = new Map();
      }
      const spent = used.get(address) ?? { rows: 0, bytes: 0 };
      if (spent.rows + wantRows > rows || spent.bytes + wantBytes > bytes) return false;
      if (!used.has(address) && used.size >= maxAddresses) return false;
      spent.rows += wantRows;
      spent.bytes += wantBytes;
      used.set(address, spent);
      return true;
    },
    get addresses() {
      return used.size;
    },
  };
}
