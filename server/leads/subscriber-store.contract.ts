/**
 * What every SubscriberStore must do about confirmation mail and links (issue 18), written
 * against the interface so each engine runs the same cases: store-sqlite.test.ts calls it
 * with SQLite; a PostgreSQL test calls it with its pool. `queuedMails()` lists the mails the
 * store queued in the outbox, oldest first.
 */
import { describe, expect, it } from "vitest";
import type { OutgoingMail } from "../outbox/mail.ts";
import {
  confirmationBudgetWindowMs,
  confirmationLinkLifetimeMs,
  confirmationMailIntervalMs,
  type ConfirmationLimits,
  type Subscriber,
  type SubscriberStore,
} from "./store.ts";

export interface SubscriberStoreHarness {
  store: SubscriberStore;
  queuedMails(): OutgoingMail[] | Promise<OutgoingMail[]>;
  close(): void | Promise<void>;
}

const hour = 60 * 60 * 1000;

export function describeSubscriberStoreContract(engine: string, open: () => Promise<SubscriberStoreHarness>): void {
  describe(`SubscriberStore on ${engine}: confirmation mail and links`, () => {
    const start = new Date("2026-03-01T10:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const entry = (email: string, firstName = "Bo") => ({ list: "tallyway.example", email, firstName, lastName: "Ng" });
    const mailFor = (subscriber: Subscriber): OutgoingMail => ({
      to: subscriber.email,
      subject: "Confirm",
      text: `nonce ${subscriber.confirmNonce}`,
      html: "",
    });
    const withHarness = (test: (h: SubscriberStoreHarness) => Promise<void>) => async () => {
      const harness = await open();
      try {
        await test(harness);
      } finally {
        await harness.close();
      }
    };
    /** Releases the waiting confirmations the budgets allow at `ms` (at most 100). */
    const release = (h: SubscriberStoreHarness, ms: number, limits: ConfirmationLimits) =>
      h.store.releaseWaitingConfirmations(mailFor, at(ms), limits, 100);
    const mailsTo = async (h: SubscriberStoreHarness, email: string) =>
      (await h.queuedMails()).filter((m) => m.to === email);

    it(
      "queues one confirmation mail a day per address however often it is asked, and builds it every time",
      withHarness(async (h) => {
        let built = 0;
        const build = (s: Subscriber) => (built++, mailFor(s));
        const results = [];
        for (let i = 0; i < 100; i++)
          results.push(await h.store.addSubscriber(entry("one@example.com", `N${i}`), build, at(i * 1000)));
        expect(results.filter((r) => r.queued)).toHaveLength(1);
        expect(results[0].queued).toBe(true);
        expect(built).toBe(100);
        expect(await mailsTo(h, "one@example.com")).toHaveLength(1);
        // A day later, still unconfirmed: one more, with a new link.
        const later = await h.store.addSubscriber(
          entry("one@example.com"),
          build,
          at(confirmationMailIntervalMs + hour),
        );
        expect(later.queued).toBe(true);
        expect(later.subscriber.confirmNonce).not.toBe(results[0].subscriber.confirmNonce);
        expect(await mailsTo(h, "one@example.com")).toHaveLength(2);
        // The first link was replaced: it confirms nothing; the new one does.
        expect(
          await h.store.confirmSubscriber(
            later.subscriber.id,
            results[0].subscriber.confirmNonce!,
            at(confirmationMailIntervalMs + 2 * hour),
          ),
        ).toBe(false);
        expect(
          await h.store.confirmSubscriber(
            later.subscriber.id,
            later.subscriber.confirmNonce!,
            at(confirmationMailIntervalMs + 2 * hour),
          ),
        ).toBe(true);
      }),
    );

    it(
      "confirms once with the open link's nonce, then never again",
      withHarness(async (h) => {
        const { subscriber } = await h.store.addSubscriber(entry("once@example.com"), mailFor, at(0));
        expect(subscriber).toMatchObject({ status: "pending", confirmSentAt: start.toISOString() });
        expect(subscriber.confirmNonce).toMatch(/^[\w-]{16,}$/);
        expect(await h.store.confirmSubscriber(subscriber.id, "not-the-nonce", at(hour))).toBe(false);
        expect(await h.store.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, at(hour))).toBe(true);
        expect(await h.store.getSubscriber(subscriber.id)).toMatchObject({ status: "subscribed", confirmNonce: null });
        expect(await h.store.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, at(2 * hour))).toBe(false);
      }),
    );

    it(
      "lets a link expire after 7 days",
      withHarness(async (h) => {
        const { subscriber } = await h.store.addSubscriber(entry("late@example.com"), mailFor, at(0));
        expect(
          await h.store.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, at(confirmationLinkLifetimeMs + 1)),
        ).toBe(false);
        expect(await h.store.getSubscriber(subscriber.id)).toMatchObject({ status: "pending" });
      }),
    );

    it(
      "does the same for a subscribed address without a mail, and an unsubscribe closes the open link",
      withHarness(async (h) => {
        const first = await h.store.addSubscriber(entry("sub@example.com"), mailFor, at(0));
        await h.store.confirmSubscriber(first.subscriber.id, first.subscriber.confirmNonce!, at(hour));
        let built = 0;
        const again = await h.store.addSubscriber(
          entry("sub@example.com", "Someone Else"),
          (s) => (built++, mailFor(s)),
          at(2 * hour),
        );
        expect(again).toMatchObject({ queued: false, subscriber: { status: "subscribed", firstName: "Bo" } });
        expect(built).toBe(1);
        expect(await mailsTo(h, "sub@example.com")).toHaveLength(1);

        await h.store.unsubscribe(first.subscriber.id, at(3 * hour), "link");
        // Subscribing anew (same day) opens a new link; the first one cannot confirm it.
        const anew = await h.store.addSubscriber(entry("sub@example.com"), mailFor, at(4 * hour));
        expect(anew.queued).toBe(true);
        expect(await h.store.confirmSubscriber(anew.subscriber.id, first.subscriber.confirmNonce!, at(5 * hour))).toBe(
          false,
        );
        // An unsubscribe while pending closes the open link.
        await h.store.unsubscribe(anew.subscriber.id, at(5 * hour), "console");
        expect(await h.store.confirmSubscriber(anew.subscriber.id, anew.subscriber.confirmNonce!, at(6 * hour))).toBe(
          false,
        );
        expect(await h.store.getSubscriber(anew.subscriber.id)).toMatchObject({
          status: "unsubscribed",
          confirmNonce: null,
        });
      }),
    );

    it(
      "mails one inbox once a day, however its address is spelled",
      withHarness(async (h) => {
        const spellings = [
          "jane.doe@gmail.com",
          "JaneDoe+news@gmail.com",
          "j.a.n.e.d.o.e+x@googlemail.com",
          "janedoe@gmail.com",
        ];
        const results = [];
        for (const [i, email] of spellings.entries())
          results.push(await h.store.addSubscriber(entry(email), mailFor, at(i * 1000)));
        expect(results.map((r) => [r.queued, r.waiting])).toEqual([
          [true, false],
          [false, false],
          [false, false],
          [false, false],
        ]);
        expect((await h.store.subscribers()).map((s) => s.email)).toEqual(spellings);
        expect(await h.queuedMails()).toHaveLength(1);
        // Another inbox at the same provider is not held back; the same inbox is, until a day has passed.
        expect((await h.store.addSubscriber(entry("john@gmail.com"), mailFor, at(5000))).queued).toBe(true);
        expect(
          (
            await h.store.addSubscriber(
              entry("jane.doe+later@gmail.com"),
              mailFor,
              at(confirmationMailIntervalMs + 1000),
            )
          ).queued,
        ).toBe(true);
      }),
    );

    it(
      "mails one inbox once when its spellings arrive at the same moment (concurrent transactions)",
      withHarness(async (h) => {
        const spellings = Array.from({ length: 20 }, (_, i) => `jane.doe+c${i}@gmail.com`);
        const results = await Promise.all(
          spellings.map((email) =>
            h.store.addSubscriber(entry(email), mailFor, at(0), { perHour: 5, perDomainPerHour: 5 }),
          ),
        );
        expect(results.filter((r) => r.queued)).toHaveLength(1);
        expect(await h.queuedMails()).toHaveLength(1);
        // Budgets hold under concurrency too: 20 inboxes at once, 5 mailed, 15 waiting.
        const others = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            h.store.addSubscriber(entry(`p${i}@other.example`), mailFor, at(1000), {
              perHour: 100,
              perDomainPerHour: 5,
            }),
          ),
        );
        expect([others.filter((r) => r.queued).length, others.filter((r) => r.waiting).length]).toEqual([5, 15]);
      }),
    );

    it(
      "over the hourly cap stores the sign-up and lets its confirmation wait, then sends it when the hour allows",
      withHarness(async (h) => {
        const limits = { perHour: 2, perDomainPerHour: 100 };
        const results = [];
        for (const [i, email] of ["a@one.example", "b@two.example", "c@three.example", "d@four.example"].entries())
          results.push(await h.store.addSubscriber(entry(email), mailFor, at(i * 1000), limits));
        expect(results.map((r) => [r.queued, r.waiting])).toEqual([
          [true, false],
          [true, false],
          [false, true],
          [false, true],
        ]);
        expect(await h.store.subscribers()).toHaveLength(4);
        expect(await h.queuedMails()).toHaveLength(2);
        // Asked again while waiting: still one waiting row, no mail.
        expect(await h.store.addSubscriber(entry("c@three.example"), mailFor, at(5000), limits)).toMatchObject({
          queued: false,
          waiting: true,
        });
        expect(await release(h, 10_000, limits)).toEqual({ queued: 0, waiting: 2 });
        // An hour after the first two, both waiting ones go out, oldest first, with links that work.
        expect(await release(h, confirmationBudgetWindowMs + 2000, limits)).toEqual({ queued: 2, waiting: 0 });
        const mails = await h.queuedMails();
        expect(mails.map((m) => m.to)).toEqual(["a@one.example", "b@two.example", "c@three.example", "d@four.example"]);
        const c = results[2].subscriber;
        const nonce = /nonce (\S+)/.exec(mails[2].text)![1];
        expect(await h.store.confirmSubscriber(c.id, nonce, at(confirmationBudgetWindowMs + 3000))).toBe(true);
      }),
    );

    it(
      "holds back one domain over its budget without holding back the others",
      withHarness(async (h) => {
        const limits = { perHour: 100, perDomainPerHour: 1 };
        const a = await h.store.addSubscriber(entry("a@busy.example"), mailFor, at(0), limits);
        const b = await h.store.addSubscriber(entry("b@busy.example"), mailFor, at(1000), limits);
        const c = await h.store.addSubscriber(entry("c@quiet.example"), mailFor, at(2000), limits);
        expect([a.queued, b.queued, b.waiting, c.queued]).toEqual([true, false, true, true]);
        // A later one of another domain is released past the waiting busy.example one.
        expect(await release(h, 3000, limits)).toEqual({ queued: 0, waiting: 1 });
        expect(await release(h, confirmationBudgetWindowMs + 1, limits)).toEqual({ queued: 1, waiting: 0 });
        expect((await h.queuedMails()).map((m) => m.to)).toEqual([
          "a@busy.example",
          "c@quiet.example",
          "b@busy.example",
        ]);
      }),
    );

    it(
      "queues a proven sign-up's confirmation as proven, and releases waiting proven ones first, as proven",
      withHarness(async (h) => {
        const limits = { perHour: 1, perDomainPerHour: 100 };
        const first = await h.store.addSubscriber(
          { ...entry("first@example.com"), proven: true },
          mailFor,
          at(0),
          limits,
        );
        expect(first.queued).toBe(true);
        expect((await h.store.addSubscriber(entry("plain@example.com"), mailFor, at(1000), limits)).waiting).toBe(true);
        expect(
          (await h.store.addSubscriber({ ...entry("solved@example.com"), proven: true }, mailFor, at(2000), limits))
            .waiting,
        ).toBe(true);
        // The next hour has room for one: the proven one goes first, though it waited less long.
        expect(await release(h, confirmationBudgetWindowMs + 1, limits)).toEqual({ queued: 1, waiting: 1 });
        expect((await h.queuedMails()).map((m) => [m.to, m.priority])).toEqual([
          ["first@example.com", "proven"],
          ["solved@example.com", "proven"],
        ]);
        expect(await release(h, 2 * confirmationBudgetWindowMs + 1, limits)).toEqual({ queued: 1, waiting: 0 });
        expect((await h.queuedMails())[2]).toMatchObject({ to: "plain@example.com" });
        expect((await h.queuedMails())[2].priority ?? "normal").toBe("normal");
      }),
    );

    it(
      "drops a waiting confirmation whose inbox was mailed meanwhile (it has a working link already)",
      withHarness(async (h) => {
        const limits = { perHour: 1, perDomainPerHour: 100 };
        await h.store.addSubscriber(entry("other@example.com"), mailFor, at(0), limits);
        expect((await h.store.addSubscriber(entry("jane@example.com"), mailFor, at(1000), limits)).waiting).toBe(true);
        // The same inbox signs up again later, spelled otherwise, when the budget is free again.
        const later = { perHour: 100, perDomainPerHour: 100 };
        expect((await h.store.addSubscriber(entry("Jane+2@example.com"), mailFor, at(2000), later)).queued).toBe(true);
        expect(await release(h, 3000, later)).toEqual({ queued: 0, waiting: 0 });
        expect((await h.queuedMails()).map((m) => m.to)).toEqual(["other@example.com", "Jane+2@example.com"]);
      }),
    );
  });
}
