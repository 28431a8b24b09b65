/**
 * Fixed statements (sql.ts: fixedQuery) PostgreSQL parses and plans once per connection, then runs by name. No import
 * of pg here, so SQLite's usage worker thread, which spells the same readings, does not load it.
 */
const preparedNames = new Map<string, string>();

/**
 * Has every connection run `text` by name. The usage readings, some 26 a report, saved about
 * 1.8 ms a report this way (bench/results/data-layer.md, fifth sitting).
 */
export const prepareOnPostgres = (text: string) => {
  if (!preparedNames.has(text)) preparedNames.set(text, `fixed_${preparedNames.size + 1}`);
};

type Query = (...args: unknown[]) => unknown;

/** A connection's query(text, values), as the query layer sends it, by name when the text is prepared. */
export function runPreparedByName(client: { query: unknown }): void {
  const query = (client.query as Query).bind(client);
  client.query = (...args: unknown[]) => {
    const [text, values, ...rest] = args;
    const name = typeof text === "string" ? preparedNames.get(text) : undefined;
    return name ? query({ name, text, values }, ...rest) : query(...args);
  };
}
