/**
 * DKIM: a 2048-bit RSA pair and the DNS TXT record that publishes its public half at
 * `<selector>._domainkey.<domain>` (RFC 6376 §3.6.1), which `npm run -s dkim -- keygen` writes
 * (cli/dkim.ts); and the signature the transport adds with the private half (transport.ts,
 * DKIM_* settings). The signature is ours, not nodemailer's: nodemailer signs only the headers
 * a mail has, so a Reply-To added on the way would still verify (oversigning, RFC 6376 §8.15).
 */
import { createHash, createSign, generateKeyPairSync } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";

/** DKIM_DOMAIN, DKIM_SELECTOR and the private key (PEM). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * Signed once more than they occur, so that none can be added, not even one the mail lacks:
 * a Reply-To, a second From or Subject, a List-Unsubscribe would each break the signature.
 */
const oversignedHeaders = (
  "From:To:Cc:Subject:Reply-To:Date:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:" +
  "List-Post:List-Owner:List-Archive"
).split(":");
/** Signed as they occur. */
const signedHeaders =
  "Sender:Message-ID:MIME-Version:Content-Type:Content-Transfer-Encoding:In-Reply-To:References".split(":");

/** Relaxed header canonicalization (RFC 6376 §3.4.2): lower-case name, unfolded, runs of WSP as one SP, trimmed. */
const relaxedHeader = (name: string, value: string) => {
  const unfolded = value.replace(/\r\n(?=[ \t])/g, "").replace(/[ \t]+/g, " ");
  return `${name.toLowerCase()}:${unfolded.trim()}`;
};

/**
 * Relaxed body canonicalization (RFC 6376 §3.4.4): WSP runs as one SP, none at line ends, no
 * empty lines at the end. A bare LF (nodemailer keeps those of 7bit text) ends a line too, as
 * the SMTP server turns it into CRLF.
 */
function relaxedBody(body: string): string {
  const lines = body.split(/\r?\n/).map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines.at(-1) === "") lines.pop();
  return lines.length ? `${lines.join("\r\n")}\r\n` : "";
}

/** The message (CRLF lines, as nodemailer builds it) with a DKIM-Signature (rsa-sha256, relaxed/relaxed) on top. */
function signDkim(message: Buffer, { domainName, keySelector, privateKey }: DkimKey): Buffer {
  // latin1 keeps every byte as one character, so hashes see the bytes as sent.
  const text = message.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? "" : text.slice(end + 4);
  const fields = head
    .split(/\r\n(?![ \t])/)
    .filter(Boolean)
    .map((field) => ({ name: field.slice(0, field.indexOf(":")).trim(), value: field.slice(field.indexOf(":") + 1) }));
  const count = (name: string) => fields.filter((field) => field.name.toLowerCase() === name.toLowerCase()).length;
  const names = [
    ...signedHeaders.flatMap((name) => Array<string>(count(name)).fill(name)),
    ...oversignedHeaders.flatMap((name) => Array<string>(count(name) + 1).fill(name)),
  ];
  // Each name takes the next instance from the bottom (RFC 6376 §5.4.2); one more takes none.
  const used = new Set<number>();
  const canonical = names.flatMap((name) => {
    const index = fields.findLastIndex((field, i) => !used.has(i) && field.name.toLowerCase() === name.toLowerCase());
    if (index < 0) return [];
    used.add(index);
    return [`${relaxedHeader(fields[index].name, fields[index].value)}\r\n`];
  });
  const bodyHash = createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
  const headerList = names
    .join(":")
    .replace(/(.{1,70})(:|$)/g, "$1$2\r\n ")
    .trimEnd();
  const tags =
    `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${domainName}; s=${keySelector};\r\n` +
    ` t=${Math.floor(Date.now() / 1000)}; bh=${bodyHash};\r\n h=${headerList};\r\n b=`;
  const signer = createSign("RSA-SHA256");
  signer.update(canonical.join("") + relaxedHeader("DKIM-Signature", ` ${tags}`), "latin1");
  const signature = signer
    .sign(privateKey, "base64")
    .replace(/.{1,72}/g, "$&\r\n  ")
    .trimEnd();
  return Buffer.concat([Buffer.from(`DKIM-Signature: ${tags}${signature}\r\n`, "latin1"), message]);
}

/** For nodemailer's MimeNode.processFunc: the built message, signed. */
export function dkimSigningStream(input: Readable, key: DkimKey): Readable {
  const signed = async function* () {
    yield signDkim(await buffer(input), key);
  };
  return Readable.from(signed(), { objectMode: false });
}

export interface DkimKeyPair {
  privateKeyPem: string;
  /** The DNS name of the TXT record. */
  txtName: string;
  /** The TXT record's value: "v=DKIM1; k=rsa; p=<base64 of the public key (SubjectPublicKeyInfo DER)>". */
  txtValue: string;
}

export function dkimKeyPair(selector: string, domain: string): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    txtName: `${selector}._domainkey.${domain}`,
    txtValue: `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
  };
}

/** The record as a zone-file line: a TXT string holds at most 255 bytes, so the value is split into several. */
export function zoneFileLine({ txtName, txtValue }: Pick<DkimKeyPair, "txtName" | "txtValue">): string {
  const parts = txtValue.match(/.{1,255}/g) ?? [];
  return `${txtName}. IN TXT ( ${parts.map((part) => `"${part}"`).join(" ")} )`;
}
