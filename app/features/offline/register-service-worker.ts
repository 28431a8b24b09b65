/**
 * Registers the service worker (built by scripts/build-steps/service-worker.ts) after the load event,
 * checks for a new version on load and every hour, and logs when one is waiting (requirements §7).
 * Development builds have no service worker, so nothing is registered there.
 */
const hourMs = 60 * 60 * 1000;

export function registerServiceWorker(url = "/sw.js"): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register(url);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          // With no controller this is the first install, not an update.
          if (installing.state === "installed" && navigator.serviceWorker.controller)
            console.info("A new version of this site is available; it will be used on your next visit.");
        });
      });
      if (registration.waiting && navigator.serviceWorker.controller)
        console.info("A new version of this site is available; it will be used on your next visit.");
      // register() has just checked for a new version (on load); check again every hour.
      setInterval(() => void registration.update().catch(() => {}), hourMs);
    } catch {
      // No service worker (private mode, blocked, offline first visit): the site works without it.
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
