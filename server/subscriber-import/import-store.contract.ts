// The subscriber import store's contract, run on SQLite and PostgreSQL by stores.contract.test.ts.
import { describe, expect, it } from "vitest";
import type { Subscriber } from "../leads/store.ts";
import type { EngineStores } from "../stores.ts";
import { importRowsOf } from "./import-rows.ts";
import type { WithFixture } from "../../tests/support/contract.ts";

const t0 = new Date("2026-03-09T10:00:00.000Z");
const confirmation = (subscriber: Subscriber) => ({
  to: subscriber.email,
  subject: "Please confirm",
  text: "",
  html: "",
});

export function describeSubscriberImportContract(withFixture: WithFixture<{ a: EngineStores; b: EngineStores }>): void {
  describe("SubscriberImportStore", () => {
    it(
      "imports consented rows as confirmed, the others as pending whose confirmations go out within the limits, and leaves listed addresses alone",
      withFixture(async ({ a, b }) => {
        const { subscriber: left } = await a.subscribers.addSubscriber(
          { list: "tallyway.example", email: "left@example.com", firstName: "", lastName: "" },
          confirmation,
          t0,
        );
        await a.subscribers.unsubscribe(left.id, t0, "link");
        const { rows } = importRowsOf(
          [
            "email,first_name,last_name,consent_date,source",
            "ann@example.com,Ann,Lee,2025-11-02,webinar",
            "bo@example.com,Bo,,,",
            "cy@other.example,,,,",
            "LEFT@example.com,,,2025-01-01,",
          ].join("\n"),
          t0,
        );
        expect(await b.subscribers.subscribers()).toHaveLength(1);
        expect(await b.subscriberImport.importSubscribers("tallyway.example", rows, t0)).toEqual({
          confirmed: 1,
          awaitingConfirmation: 2,
          alreadyListed: 1,
        });
        const byEmail = new Map((await a.subscribers.subscribers()).map((s) => [s.email.toLowerCase(), s]));
        expect(byEmail.get("ann@example.com")).toMatchObject({
          status: "subscribed",
          confirmedAt: "2025-11-02T00:00:00.000Z",
          firstName: "Ann",
          attribution: { first: { source: "webinar" } },
        });
        expect(byEmail.get("bo@example.com")).toMatchObject({ status: "pending", confirmNonce: null });
        expect(byEmail.get("left@example.com")).toMatchObject({ status: "unsubscribed" });
        // Two confirmations an hour in all, one spent on left@ at t0: one import's goes now, the other waits.
        expect(
          await a.subscribers.releaseWaitingConfirmations(confirmation, t0, { perDomainPerHour: 10, perHour: 2 }, 100),
        ).toEqual({ queued: 1, waiting: 1 });
      }),
    );
  });
}
