/**
 * How server/stores.contract.test.ts hands a feature's store contract its fixture: it wraps each
 * test's body, which then runs on fresh stores of the engine under test.
 */
export type WithFixture<F> = (test: (f: F) => Promise<void>) => () => Promise<void>;
