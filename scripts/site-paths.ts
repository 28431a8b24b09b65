/** Every page path of the route table (app/routes.ts), for tests and benchmarks that visit each page. */
import { pagePaths } from "#common/page-paths.ts";

export async function sitePaths(): Promise<string[]> {
  const { default: routes } = await import("#app/routes.ts");
  return pagePaths(routes);
}
