import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { brandColors } from "./brand.ts";

const css = readFileSync(new URL("../app/app.css", import.meta.url), "utf8");
const token = (name: string) => name.replace(/([a-z])(\d)/, "$1-$2").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe("brand colours", () => {
  it.each(Object.entries(brandColors))("app.css --color-%s matches common/brand.ts", (name, value) => {
    expect(css).toContain(`--color-${token(name)}: ${value};`);
  });
});
