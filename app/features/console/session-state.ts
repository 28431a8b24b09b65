/**
 * The console's session as a state machine (issue 31 point 7): loading, signed out, signed in.
 * A request the server refuses (401) while signed in means the session ended under the user:
 * the sign-in page says so, and the change that was refused is kept, to be offered once signed in
 * again (never sent by itself). A sign-out the user asked for says nothing and keeps nothing.
 */
import type { Account, PendingAction } from "./api.ts";

export const sessionEndedNotice = "Your session ended — sign in again";

export type SessionState =
  | { state: "loading" }
  | { state: "signed-out"; ended: boolean; pending?: PendingAction }
  | { state: "signed-in"; account: Account; pending?: PendingAction };

export type SessionEvent =
  | { type: "checked"; account: Account | undefined }
  | { type: "signed-in"; account: Account }
  | { type: "refused"; pending?: PendingAction }
  | { type: "signed-out" }
  | { type: "pending-settled" }
  /** The signed-in account changed (its name): the same session, nothing else moves. */
  | { type: "account-changed"; account: Account };

export const initialSession: SessionState = { state: "loading" };

export function sessionReducer(session: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case "checked":
      return event.account ? { state: "signed-in", account: event.account } : { state: "signed-out", ended: false };
    case "signed-in":
      return {
        state: "signed-in",
        account: event.account,
        pending: session.state === "signed-out" ? session.pending : undefined,
      };
    case "refused":
      if (session.state === "signed-in") return { state: "signed-out", ended: true, pending: event.pending };
      // Another request refused at the same moment keeps what the first one said.
      if (session.state === "signed-out") return { ...session, pending: session.pending ?? event.pending };
      return { state: "signed-out", ended: false };
    case "signed-out":
      return { state: "signed-out", ended: false };
    case "account-changed":
      return session.state === "signed-in" ? { ...session, account: event.account } : session;
    case "pending-settled":
      return session.state === "signed-in" ? { state: "signed-in", account: session.account } : session;
  }
}
