/**
 * What the smoke suite needs from a browser, whichever engine and protocol drives it: Firefox
 * through puppeteer over WebDriver BiDi (firefox.ts), WebKitGTK through classic WebDriver (webkit.ts).
 */
export interface SmokePage {
  /** A full page load of `path`; resolves once the load event fired. */
  goto(path: string): Promise<void>;
  /** The value of a JavaScript expression evaluated in the page (JSON-serialisable). */
  eval<T>(expression: string): Promise<T>;
  /** A real click (the driver's pointer input) on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Types `text` into the element matching `selector` with real key input. */
  type(selector: string, text: string): Promise<void>;
  /**
   * Types `text` with real key input into the element a JavaScript expression returns: one that
   * no selector of the document reaches, such as the content editor inside its shadow root.
   */
  typeInto(expression: string, text: string): Promise<void>;
  /** Sets the window so that the page's viewport is about `width` CSS pixels wide. */
  resize(width: number, height: number): Promise<void>;
  /** Resolves once the page has made no request for half a second (its idle-time work has started). */
  settle(): Promise<void>;
  /**
   * Uncaught errors and unhandled rejections the page reported. Firefox reports them from the
   * start of each load; WebKitGTK's driver has no event channel, so there they count from the
   * moment `watchErrors` ran in the current document.
   */
  pageErrors(): Promise<string[]>;
  /** Starts collecting errors in the current document where the driver cannot from its start. */
  watchErrors(): Promise<void>;
  close(): Promise<void>;
}

/** Polls `check` until it returns a truthy value, or fails naming `what`. */
export async function until<T>(what: string, check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Collects uncaught errors from this point of the document on (installed by `watchErrors`). */
export const errorWatcher = `(() => {
  if (window.__smokeErrors) return;
  window.__smokeErrors = [];
  window.addEventListener("error", (event) => window.__smokeErrors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => window.__smokeErrors.push(String(event.reason)));
})()`;
