import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, newTotpSecret, otpauthUri, totpAt, totpStepOf, verifyTotp } from "./totp.ts";

describe("TOTP (RFC 6238), checked against the otpauth package", () => {
  it("gives the same codes as otpauth for the same secret and time", () => {
    const secret = newTotpSecret();
    const reference = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
    for (const t of [0, 59_000, 1_111_111_109_000, 1_234_567_890_000, Date.UTC(2026, 10, 24, 6, 0, 7)]) {
      expect(totpAt(secret, new Date(t))).toBe(reference.generate({ timestamp: t }));
    }
  });

  it("accepts the code of the step before and after, refuses two steps off and wrong codes", () => {
    const secret = newTotpSecret();
    const reference = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const now = Date.UTC(2026, 10, 24, 6, 0, 15);
    expect(verifyTotp(secret, reference.generate({ timestamp: now }), new Date(now))).toBe(true);
    expect(verifyTotp(secret, reference.generate({ timestamp: now - 30_000 }), new Date(now))).toBe(true);
    expect(verifyTotp(secret, reference.generate({ timestamp: now + 30_000 }), new Date(now))).toBe(true);
    expect(verifyTotp(secret, reference.generate({ timestamp: now - 60_000 }), new Date(now))).toBe(false);
    expect(verifyTotp(secret, "12345", new Date(now))).toBe(false);
  });

  it("names the step a code belongs to, for the caller to take each step once", () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 24, 6, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(
      [-30_000, 0, 30_000].map((d) => totpStepOf(secret, totpAt(secret, new Date(now + d)), new Date(now))),
    ).toEqual([step - 1, step, step + 1]);
    expect(totpStepOf(secret, totpAt(secret, new Date(now - 60_000)), new Date(now))).toBeUndefined();
  });

  it("writes an otpauth URI that otpauth parses back to the same secret", () => {
    const secret = newTotpSecret();
    const parsed = OTPAuth.URI.parse(otpauthUri(secret, { issuer: "Tallyway console", account: "ann@example.com" }));
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.issuer).toBe("Tallyway console");
    expect(parsed.label).toBe("ann@example.com");
  });

  it("base32 round-trips bytes", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
  });
});
