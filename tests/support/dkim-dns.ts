/**
 * DNS for mailauth's DKIM verifier in tests: the one TXT record of a key pair made by
 * dkimKeyPair (server/outbox/dkim.ts), and "not found" for every other name.
 */
import type { DkimKeyPair } from "../../server/outbox/dkim.ts";

export const dkimResolver =
  ({ txtName, txtValue }: Pick<DkimKeyPair, "txtName" | "txtValue">) =>
  async (asked: string, type: string) => {
    if (asked === txtName && type === "TXT") return [[txtValue]];
    throw Object.assign(new Error(`no ${type} record for ${asked}`), { code: "ENOTFOUND" });
  };
