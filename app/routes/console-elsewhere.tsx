// /admin itself and any path under it that names no section: signed in, on to the first section the
// role may open; signed out, nothing (the frame, app/routes/admin.tsx, shows the sign-in page, and
// revalidates this after the sign-in). No component: the frame draws everything around an empty outlet.
import { consolePath } from "#common/console.ts";
import { signedInAccount } from "#app/features/console/api.ts";
import { sectionsOf } from "#app/features/console/sections.ts";

export async function clientLoader() {
  const account = await signedInAccount();
  // A redirect as a plain Response, not react-router's redirect(): this module imports neither React nor
  // the router, and one that imported the router without React would re-cut the chunks every public
  // page shares into more, heavier ones (tests/gates/budget.test.ts).
  if (account)
    return new Response(null, { status: 302, headers: { location: `${consolePath}/${sectionsOf(account)[0].path}` } });
  return null;
}
