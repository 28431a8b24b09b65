import { pagePath } from "#common/paths.ts";

/** The page path a loader runs for; client navigations ask for "<path>.data". */
export const requestPath = (request: Request) => pagePath(new URL(request.url).pathname.replace(/\.data$/, ""));
