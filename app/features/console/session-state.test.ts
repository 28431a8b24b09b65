import { describe, expect, it } from "vitest";
import type { PendingAction } from "./api.ts";
import { initialSession, sessionReducer, type SessionEvent, type SessionState } from "./session-state.ts";

const ann = { email: "ann@example.com", name: null, role: "owner" } as const;
const markContacted: PendingAction = {
  intent: "Mark as Contacted for Vera",
  path: "/leads/7",
  method: "POST",
  body: { status: "contacted" },
};
const run = (events: SessionEvent[], from: SessionState = initialSession) => events.reduce(sessionReducer, from);

describe("sessionReducer", () => {
  it("starts signed in or out as the session check answers, with nothing said", () => {
    expect(run([{ type: "checked", account: ann }])).toEqual({ state: "signed-in", account: ann });
    expect(run([{ type: "checked", account: undefined }])).toEqual({ state: "signed-out", ended: false });
  });

  it("says the session ended when a request is refused, keeps the refused change, and offers it after the sign-in", () => {
    const ended = run([
      { type: "checked", account: ann },
      { type: "refused", pending: markContacted },
    ]);
    expect(ended).toEqual({ state: "signed-out", ended: true, pending: markContacted });
    const back = sessionReducer(ended, { type: "signed-in", account: ann });
    expect(back).toEqual({ state: "signed-in", account: ann, pending: markContacted });
    expect(sessionReducer(back, { type: "pending-settled" })).toEqual({ state: "signed-in", account: ann });
  });

  it("keeps the first refusal's change when more requests are refused at the same moment", () => {
    const state = run([
      { type: "checked", account: ann },
      { type: "refused", pending: markContacted },
      { type: "refused" },
      { type: "refused", pending: { ...markContacted, intent: "Other" } },
    ]);
    expect(state).toEqual({ state: "signed-out", ended: true, pending: markContacted });
  });

  it("says nothing and keeps nothing after a sign-out the user asked for, or a refusal before any sign-in", () => {
    expect(run([{ type: "checked", account: ann }, { type: "signed-out" }])).toEqual({
      state: "signed-out",
      ended: false,
    });
    expect(run([{ type: "refused", pending: markContacted }])).toEqual({ state: "signed-out", ended: false });
    expect(
      run([
        { type: "checked", account: ann },
        { type: "signed-in", account: ann },
      ]),
    ).toEqual({
      state: "signed-in",
      account: ann,
      pending: undefined,
    });
  });

  it("takes a changed name of the signed-in account, keeping a change waiting to be offered; ignored when signed out", () => {
    const named = { ...ann, name: "Ann Lee" };
    const waiting = run([
      { type: "checked", account: ann },
      { type: "refused", pending: markContacted },
      { type: "signed-in", account: ann },
      { type: "account-changed", account: named },
    ]);
    expect(waiting).toEqual({ state: "signed-in", account: named, pending: markContacted });
    expect(
      run([
        { type: "checked", account: undefined },
        { type: "account-changed", account: named },
      ]),
    ).toEqual({
      state: "signed-out",
      ended: false,
    });
  });
});
