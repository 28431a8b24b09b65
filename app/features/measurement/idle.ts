/**
 * Runs work that the visitor does not wait for (measurement, third-party tags) once the page
 * has loaded and the main thread is idle, so it never competes with the content or with
 * hydration. At most `timeoutMs` after the load event it runs anyway.
 */
export function whenIdleAfterLoad(work: () => void, timeoutMs = 5000): void {
  const idle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(() => work(), { timeout: timeoutMs })
      : setTimeout(work, 1000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
