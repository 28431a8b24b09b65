/**
 * DKIM keys: a 2048-bit RSA pair and the DNS TXT record that publishes its public half at
 * `<selector>._domainkey.<domain>` (RFC 6376 §3.6.1). The transport signs with the private
 * half (transport.ts, DKIM_* settings); `npm run -s dkim -- keygen` writes both (cli/dkim.ts).
 */
import { generateKeyPairSync } from "node:crypto";

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
