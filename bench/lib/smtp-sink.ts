/**
 * A real SMTP server (smtp-server, tests/support/smtp-peer.ts) in a process of its own, for
 * bench/outbox.ts: it tells its parent its port, then the recipient and arrival time
 * (Date.now()) of every message it accepted, in batches.
 */
import { smtpPeer } from "../../tests/support/smtp-peer.ts";

let pending: { to: string; messageId: string; at: number }[] = [];
const peer = smtpPeer(0, {
  onMessage: (mail) => {
    pending.push({ to: mail.to, messageId: mail.messageId, at: Date.now() });
    if (pending.length === 1) setTimeout(flush, 20);
  },
});
function flush() {
  process.send!({ received: pending });
  pending = [];
}
process.send!({ port: await peer.listening });
process.on("disconnect", () => void peer.close().then(() => process.exit(0)));
