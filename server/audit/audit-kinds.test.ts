import { describe, expect, it } from "vitest";
import { auditKinds } from "#common/console-audit.ts";
import { actionsOf } from "./audit-kinds.ts";

describe("audit log kinds", () => {
  it("files every action under one kind, the team's being all but failed sign-ins", () => {
    const team = actionsOf("team")!;
    expect(team).toEqual(expect.arrayContaining(["export", "erase", "content-publish", "sign-in", "account-added"]));
    expect(team).not.toContain("sign-in-failed");
    expect(actionsOf("failed-sign-ins")).toEqual(["sign-in-failed"]);
    expect(actionsOf("all")).toBeUndefined();
    const parts = auditKinds.map(([kind]) => kind).filter((kind) => !["team", "all", "failed-sign-ins"].includes(kind));
    expect(parts.flatMap((kind) => actionsOf(kind)!).sort()).toEqual([...team].sort());
  });
});
