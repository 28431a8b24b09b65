import { describe, expect, it } from "vitest";
import { escapeHtml, html, raw } from "./html.ts";

describe("escapeHtml", () => {
  it("escapes the five characters that can end text or an attribute", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });
  it("leaves other text alone", () => {
    expect(escapeHtml("Time + Expense — 100 %")).toBe("Time + Expense — 100 %");
  });
});

describe("html", () => {
  it("escapes every interpolated value: <>&\"'", () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(String(html`<p title="${name}">${name}</p>`)).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
  });
  it("leaves the template's own text alone", () => {
    expect(String(html`<a href="/x?a=1&b=2">Tom & Jerry's</a>`)).toBe(`<a href="/x?a=1&b=2">Tom & Jerry's</a>`);
  });
  it("passes raw() values through unescaped", () => {
    expect(String(html`<div>${raw("<svg><path d='M0 0'/></svg>")}</div>`)).toBe(
      "<div><svg><path d='M0 0'/></svg></div>",
    );
  });
  it("nests templates without escaping them twice", () => {
    const item = (text: string) => html`<li>${text}</li>`;
    expect(String(html`<ul>${item("a & b")}</ul>`)).toBe("<ul><li>a &amp; b</li></ul>");
  });
  it("joins arrays, escaping plain strings in them and passing templates and raw values", () => {
    expect(String(html`<ol>${["<1>", html`<li>${"2 & 3"}</li>`, raw("<li>4</li>"), [["<5>"]]]}</ol>`)).toBe(
      "<ol>&lt;1&gt;<li>2 &amp; 3</li><li>4</li>&lt;5&gt;</ol>",
    );
  });
  it("writes nothing for null, undefined and false, and numbers as they print", () => {
    const note = false as false | string;
    expect(String(html`<p>${null}${undefined}${note}${0}${-1.5}</p>`)).toBe("<p>0-1.5</p>");
  });
  it("is a value that converts to its text", () => {
    const page = html`<b>${"x"}</b>`;
    expect(`${page}`).toBe("<b>x</b>");
    expect(page.toString()).toBe("<b>x</b>");
  });
});
