// @vitest-environment jsdom
// Pasted from Word, Google Docs or a web page: the editor keeps headings, emphasis, links and lists,
// and drops styles, spans, classes, Word's typed bullets and images from elsewhere.
import { DOMParser as ProseParser } from "prosemirror-model";
import { describe, expect, it } from "vitest";
import { schema, toMarkdown } from "./markdown-document.ts";
import { cleanPastedHtml, pastedText } from "./paste.ts";

/** What the editor makes of pasted HTML, as markdown. */
function pasted(html: string) {
  const container = document.createElement("div");
  container.innerHTML = cleanPastedHtml(html);
  return toMarkdown(ProseParser.fromSchema(schema).parse(container));
}

describe("pasted HTML", () => {
  it("from Google Docs: bold and italic spans become emphasis, the wrapper's normal weight does not", () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><h2 dir="ltr" style="line-height:1.38"><span style="font-size:16pt;font-family:Arial;color:#000000;font-weight:400">Where the days went</span></h2>' +
      '<p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-family:Arial;font-weight:700">Three</span><span style="font-size:11pt;font-family:Arial;font-weight:400"> things took </span><span style="font-size:11pt;font-style:italic">the time</span><span style="font-weight:400">, see </span><a href="/features/billing" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">billing</span></a></p>' +
      '<ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr" role="presentation"><span style="font-size:11pt">one</span></p></li><li dir="ltr"><p dir="ltr" role="presentation"><span>two</span></p></li></ul></b>';
    expect(pasted(docs)).toBe(
      "## Where the days went\n\n**Three** things took *the time*, see [billing](/features/billing)\n\n- one\n- two",
    );
  });

  it("from Word: no typed bullets, no no-break spaces, no classes", () => {
    const word =
      '<p class=MsoNormal style="margin-bottom:0cm"><span lang=EN-GB style="font-family:Calibri">Month&nbsp;end<o:p></o:p></span></p>' +
      '<p class=MsoListParagraphCxSpFirst style="text-indent:-18.0pt;mso-list:l0 level1 lfo1"><!--[if !supportLists]--><span style="font-family:Symbol">·<span style="font:7.0pt \'Times New Roman\'">&nbsp;&nbsp;&nbsp;</span></span><!--[endif]--><span lang=EN-GB>Timesheets</span></p>';
    expect(pasted(word)).toBe("Month end\n\nTimesheets");
  });

  it("keeps images on the site and drops images from elsewhere", () => {
    expect(
      pasted(
        '<p><img src="/assets/uploads/3f2a9c1b0d4e5f67-1200x800" alt="Chart"><img src="https://x.example/a.png" alt="No"></p>',
      ),
    ).toBe("![Chart](/assets/uploads/3f2a9c1b0d4e5f67-1200x800)");
  });
});

describe("pasted plain text", () => {
  it("is read as markdown", () => {
    const slice = pastedText("## Title\n\n- one\n- two");
    expect(toMarkdown(schema.nodes.doc.create(null, slice.content))).toBe("## Title\n\n- one\n- two");
  });
});
