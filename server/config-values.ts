/**
 * The valibot schemas a setting's text goes through (config.ts's table): each checks the text,
 * says what it must be, and turns it into the value the server uses.
 */
import path from "node:path";
import * as v from "valibot";

export type Schema<T> = v.GenericSchema<string, T>;

/** A number read from text; `check` says what it must be in the error ("must be …"). */
export const numberWhere = (check: (n: number) => boolean, must: string): Schema<number> =>
  v.pipe(v.string(), v.transform(Number), v.check(check, must));
export const whole = (min: number, must: string, max = Infinity) =>
  numberWhere((n) => Number.isInteger(n) && n >= min && n <= max, must);
/** A whole number of at least 1: "must be a positive whole number of <what>". */
export const positive = (what: string) => whole(1, `must be a positive whole number of ${what}`);
/** A finite number from `min` to `max`. */
export const between = (min: number, max: number, must: string) =>
  numberWhere((n) => Number.isFinite(n) && n >= min && n <= max, must);
/** Empty, or text matching `pattern`. */
export const optional = (pattern: RegExp, must: string): Schema<string> =>
  v.pipe(
    v.string(),
    v.check((text) => !text || pattern.test(text), must),
  );
export const oneLine = (must: string): Schema<string> =>
  v.pipe(
    v.string(),
    v.check((text) => !/[\r\n]/.test(text), must),
  );
export const folder: Schema<string> = v.pipe(
  v.string(),
  v.transform((dir) => path.resolve(dir)),
);
/** Comma-separated, trimmed, empty entries dropped; each must match `pattern`. */
export const list = (pattern: RegExp, must: (entry: string) => string): Schema<string[]> =>
  v.pipe(
    v.string(),
    v.transform((text) =>
      text
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const bad = dataset.typed ? dataset.value.find((entry) => !pattern.test(entry)) : undefined;
      if (bad !== undefined) addIssue({ message: must(bad) });
    }),
  );
