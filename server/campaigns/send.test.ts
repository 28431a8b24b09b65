// A campaign end to end in the real app (buildApp on a SQLite file) through a real SMTP peer:
// written and previewed by an editor, tested and sent by an owner; each confirmed subscriber gets
// exactly one DKIM-signed mail with their own one-click unsubscribe link (verified with mailauth,
// not ours), pending and unsubscribed ones get nothing, a 5xx marks that subscriber bounced, and
// the counts show sent, failed (with the SMTP answer) and unsubscribed-after.
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";
import { smtpPeer } from "../../tests/support/smtp-peer.ts";
import { hashPassword } from "../console/passwords.ts";
import type { Subscriber } from "../leads/store.ts";
import { dkimKeyPair } from "../outbox/dkim.ts";
import type { CampaignAnswer, CampaignListAnswer } from "#common/console-api.ts";
import { consoleOrigin as origin, consolePost, consoleSession } from "../../tests/support/console-session.ts";
import { dkimResolver } from "../../tests/support/dkim-dns.ts";

const password = "plum-kettle-orbit-47";
const confirmed = 30;
const key = dkimKeyPair("tw2026", "tallyway.example");
const resolver = dkimResolver(key);
/** Headers unfolded, so a header reads as one line. */
const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, " ");

type App = Awaited<ReturnType<typeof testApp>>["app"];
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const signIn = (app: App, email: string) => consoleSession(app, email, password);

describe("a campaign sent through the outbox to a real SMTP peer", () => {
  const peer = smtpPeer(0, { refuse: (address) => address === "gone@example.com" });
  let app: App;
  const subscriberIds = new Map<string, number>();

  beforeAll(async () => {
    const port = await peer.listening;
    cleanups.push(peer.close);
    ({ app } = await testApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RATE_PER_SECOND: "200",
      DKIM_DOMAIN: "tallyway.example",
      DKIM_SELECTOR: "tw2026",
      DKIM_PRIVATE_KEY: key.privateKeyPem,
      NEWSLETTER_FROM: "news@tallyway.example",
    }));
    cleanups.push(() => app.close());
    const passwordHash = await hashPassword(password);
    for (const role of ["owner", "editor", "viewer"] as const)
      await app.stores.console.addAccount({ email: `${role}@example.com`, role, passwordHash }, new Date());
    const confirmation = (s: Subscriber) => ({ to: s.email, subject: "confirm", text: "", html: "" });
    const add = async (email: string) =>
      (
        await app.stores.subscribers.addSubscriber(
          // One subscriber has a first name (its greeting's), the others none.
          { list: "newsletter", email, firstName: email === "reader0@example.com" ? "Zoë" : "", lastName: "" },
          confirmation,
          new Date(),
          { perDomainPerHour: 1e6, perHour: 1e6 },
        )
      ).subscriber;
    for (const email of [
      ...Array.from({ length: confirmed }, (_, i) => `reader${i}@example.com`),
      "gone@example.com",
      "left@example.com",
    ]) {
      const subscriber = await add(email);
      await app.stores.subscribers.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, new Date());
      subscriberIds.set(email, subscriber.id);
    }
    await app.stores.subscribers.unsubscribe(subscriberIds.get("left@example.com")!, new Date(), "link");
    await add("pending@example.com");
    // The confirmation mails of the set-up go out first: the campaign's are counted apart from them.
    await waitFor(() => peer.received.filter((m) => m.subject === "confirm").length === confirmed + 2, 20_000);
  });

  it("lets an editor write and preview, but only an owner send; a viewer sees nothing", async () => {
    const editor = await signIn(app, "editor@example.com");
    const viewer = await signIn(app, "viewer@example.com");
    const draft = {
      subject: "Editor's draft",
      body: "Hello **there**, see [our guide](https://docs.tallyway.example/a).",
    };
    const created = await consolePost(app, editor, "/admin/api/campaigns", draft);
    expect(created.statusCode).toBe(201);
    const { campaign, preview } = created.json() as CampaignAnswer;
    expect(preview.html).toContain("<strong>there</strong>");
    expect(preview.html).toContain('href="https://docs.tallyway.example/a"');
    expect(preview.html).not.toMatch(/<img/);
    expect(preview.text).toContain("Hello there, see our guide (https://docs.tallyway.example/a).");
    expect(preview.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const send = await consolePost(app, editor, `/admin/api/campaigns/${campaign.id}/send`);
    expect(send.statusCode).toBe(403);
    expect((await app.inject({ url: "/admin/api/campaigns", headers: viewer })).statusCode).toBe(403);
    expect((await app.inject({ url: "/admin/api/campaigns" })).statusCode).toBe(401);
    const bad = await consolePost(app, editor, "/admin/api/campaigns", { subject: "a\nBcc: x", body: "b" });
    expect(bad.statusCode).toBe(400);
  });

  it("carries an uploaded cover as a JPEG on the site, which the server serves as image/jpeg", async () => {
    const editor = await signIn(app, "editor@example.com");
    const owner = await signIn(app, "owner@example.com");
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#2f6fdf" } })
      .png()
      .toBuffer();
    const uploaded = await app.inject({
      method: "POST",
      url: "/admin/api/uploads?name=cover.png",
      headers: { ...editor, "content-type": "application/octet-stream" },
      payload: photo,
    });
    expect(uploaded.statusCode).toBe(201);
    const ref: string = uploaded.json().upload.ref;
    // As a post's cover starts a campaign (post-start.ts), or as a writer may paste a page's WebP.
    for (const cover of [`${origin}${ref}-1200.jpg`, `${ref}-540.webp`]) {
      const body = `![Our team at the March offsite](${cover})\n\nWhat is new this month.`;
      const { campaign } = (
        await consolePost(app, editor, "/admin/api/campaigns", { subject: "Cover news", body })
      ).json() as CampaignAnswer;
      const before = peer.received.length;
      expect((await consolePost(app, owner, `/admin/api/campaigns/${campaign.id}/test`)).statusCode).toBe(200);
      await waitFor(() => peer.received.slice(before).find((m) => m.subject === "[Test] Cover news"));
      const mail = await simpleParser(peer.received.slice(before).find((m) => m.subject === "[Test] Cover news")!.raw);
      const image = /<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]*)"/.exec(String(mail.html));
      expect(image?.slice(1)).toEqual([`${origin}${ref}-1200.jpg`, "600", "338", "Our team at the March offsite"]);
      expect(String(mail.html).indexOf("<img")).toBeLessThan(String(mail.html).indexOf("What is new"));
      const served = await app.inject({ url: image![1].replace(origin, "") });
      expect([served.statusCode, served.headers["content-type"]]).toEqual([200, "image/jpeg"]);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 675 });
    }
  });

  it("delivers exactly one signed mail per confirmed subscriber, counts them, bounces a 5xx, honours each unsubscribe once", async () => {
    const owner = await signIn(app, "owner@example.com");
    const body = "# March news\n\nHello {{firstName}}, what is new in **Tallyway** this month.";
    const created = (
      await consolePost(app, owner, "/admin/api/campaigns", { subject: "March news", body })
    ).json() as CampaignAnswer;
    const id = created.campaign.id;

    const test = await consolePost(app, owner, `/admin/api/campaigns/${id}/test`);
    expect(test.json()).toEqual({ queued: true, to: "owner@example.com" });
    await waitFor(() => peer.received.find((m) => m.subject === "[Test] March news"));
    const testMail = peer.received.find((m) => m.subject === "[Test] March news")!;
    expect(testMail.to).toBe("owner@example.com");
    // The account has no name: its greeting reads as a greeting without one.
    expect((await simpleParser(testMail.raw)).text).toContain("Hello, what is new in Tallyway this month.");
    // Its unsubscribe link names no subscriber: opened or posted in one click, it says it came from a
    // test and changes nothing (issue 44: it answered "This link is not valid").
    const testLink = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded(testMail.raw))![1].replace(origin, "");
    const opened = await app.inject({ url: testLink });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("This link came from a test mail");
    const posted = await app.inject({
      method: "POST",
      url: testLink,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("Nothing was changed");
    expect((await app.stores.subscribers.subscribers()).filter((s) => s.status === "unsubscribed").length).toBe(1);

    const sent = await consolePost(app, owner, `/admin/api/campaigns/${id}/send`);
    expect(sent.statusCode).toBe(200);
    const counts = async () =>
      ((await app.inject({ url: `/admin/api/campaigns/${id}`, headers: owner })).json() as CampaignAnswer).counts;
    await waitFor(async () => {
      const now = await counts();
      return now.sent + now.failed === confirmed + 1;
    }, 30_000);
    // A mail is marked sent just before its last line goes (outbox/transport.ts): the peer may have
    // the last one an instant after the counts say so.
    const campaignMails = () => peer.received.filter((m) => m.subject === "March news");
    await waitFor(() => campaignMails().length >= confirmed);
    const mails = campaignMails();
    expect(mails.map((m) => m.to).sort()).toEqual(
      Array.from({ length: confirmed }, (_, i) => `reader${i}@example.com`).sort(),
    );
    // Each greets its reader by first name where there is one.
    const mailTo = (to: string) => simpleParser(mails.find((m) => m.to === to)!.raw);
    const named = await mailTo("reader0@example.com");
    expect(named.text).toContain("Hello Zoë, what is new in Tallyway this month.");
    expect(named.html).toContain("<p>Hello Zoë, what is new in <strong>Tallyway</strong> this month.</p>");
    expect((await mailTo("reader1@example.com")).text).toContain("Hello, what is new in Tallyway this month.");
    expect(await counts()).toEqual({
      queued: confirmed + 1,
      sent: confirmed,
      failed: 1,
      unsubscribedAfter: 0,
      failures: [{ reason: "550 5.1.1 No such user here", count: 1 }],
    });

    // Signed (mailauth), from the newsletter sender, with the one-click headers covered.
    const raw = mails[0].raw;
    expect(raw).toMatch(/^From: news@tallyway\.example\r?$/m);
    const { results } = await dkimVerify(raw, { resolver: resolver as never });
    expect(results[0].status.result).toBe("pass");
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(raw)![1].replace(/\s+/g, "").toLowerCase().split(":");
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));

    // Each mail's own link: the one-click POST works, and a second POST changes nothing.
    const links = mails.slice(0, 3).map((m) => /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded(m.raw))![1]);
    expect(new Set(links).size).toBe(3);
    for (const link of links) {
      const url = link.replace(origin, "");
      for (let twice = 0; twice < 2; twice++) {
        const response = await app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "List-Unsubscribe=One-Click",
        });
        expect(response.statusCode).toBe(200);
      }
    }
    expect((await counts()).unsubscribedAfter).toBe(3);

    // The refused address is bounced and left out of the next campaign.
    await app.campaigns.sender.kick();
    const all = await app.stores.subscribers.subscribers();
    expect(all.filter((s) => s.status === "subscribed").length).toBe(confirmed - 3 + 1);
    const next = (
      await consolePost(app, owner, "/admin/api/campaigns", { subject: "April news", body })
    ).json() as CampaignAnswer;
    const nextCampaign = (await app.stores.campaigns.get(next.campaign.id))!;
    const recipients = await app.stores.campaigns.nextRecipients(nextCampaign, 1000);
    expect(recipients.map((r) => r.email)).not.toContain("gone@example.com");
    expect(recipients).toHaveLength(confirmed - 3);

    const list = (await app.inject({ url: "/admin/api/campaigns", headers: owner })).json() as CampaignListAnswer;
    expect(list.campaigns.find((c) => c.id === id)).toMatchObject({ status: "sent", counts: { sent: confirmed } });
    const audit = (await app.inject({ url: "/admin/api/audit", headers: owner })).json() as {
      entries: { action: string; detail: string }[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(["campaign-test", "campaign-send"]));
  });
});
