import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

/** api.ts afresh (it keeps who is signed in), with the API answering `answer(path)`. */
async function withApi(answer: (path: string) => [number, unknown]) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const [status, body] = answer(url);
    return new Response(JSON.stringify(body), { status });
  });
  vi.resetModules();
  return { asked, api: await import("./api.ts") };
}

const owner = { email: "owner@example.com", name: null, role: "owner" as const };

describe("the session for the console's route loaders", () => {
  it("is asked once for the frame's loader and its section's together, then known", async () => {
    const { asked, api } = await withApi(() => [200, { signedIn: true, account: owner }]);
    const [frame, section] = await Promise.all([api.signedInAccount(), api.ifSignedIn(() => api.load("/usage"))]);
    expect(frame).toEqual(owner);
    expect(section).toEqual({ answer: { signedIn: true, account: owner } });
    await api.ifSignedIn(() => api.load("/leads"));
    expect(asked).toEqual(["/admin/api/session", "/admin/api/usage", "/admin/api/leads"]);
  });

  it("signed out, a section's loader asks nothing (no 401 in the browser's console)", async () => {
    const { asked, api } = await withApi((path) =>
      path.endsWith("/session") ? [200, { signedIn: false }] : [401, {}],
    );
    expect(await api.ifSignedIn(() => api.load("/usage"))).toBeUndefined();
    expect(asked).toEqual(["/admin/api/session"]);
  });

  it("is asked again after a 401, and known after a sign-in without asking", async () => {
    let signedIn = true;
    const { asked, api } = await withApi((path) =>
      path.endsWith("/session")
        ? [200, signedIn ? { signedIn, account: owner } : { signedIn }]
        : [signedIn ? 200 : 401, {}],
    );
    const ended = vi.fn();
    api.whenSignedOut(ended);
    await api.signedInAccount();
    signedIn = false;
    expect(await api.ifSignedIn(() => api.load("/leads"))).toEqual({ error: "The server answered 401." });
    expect(ended).toHaveBeenCalledOnce();
    expect(await api.signedInAccount()).toBeUndefined();
    api.rememberSession(owner);
    expect(await api.signedInAccount()).toEqual(owner);
    expect(asked).toEqual(["/admin/api/session", "/admin/api/leads", "/admin/api/session"]);
  });

  it("a loader's failure is data, in words, not a thrown error", async () => {
    const { api } = await withApi(() => [500, { error: "The report could not be made." }]);
    expect(await api.load("/usage")).toEqual({ error: "The report could not be made." });
  });
});
