/**
 * Reads what a page printed by Chromium (`page.pdf()`) shows on each sheet: its lines of text and how far
 * down the sheet its text and pictures reach. Enough PDF for Skia's output, not a general reader: objects
 * written plainly, content streams deflated, fonts with a ToUnicode map, images and forms drawn with `Do`.
 */
import { inflateSync } from "node:zlib";

export interface PrintedSheet {
  /** The text in the sheet's printable area, one string per line, top to bottom; words separated by a space. */
  lines: string[];
  /** The text in its top and bottom margins (running headers and footers), top to bottom. */
  margins: string[];
  /** How far down the printable area the lowest text or picture reaches: 0 (nothing) to 1 (its bottom). */
  filled: number;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}
type Matrix = [number, number, number, number, number, number];
interface Font {
  unicode: Map<number, string>;
  codeBytes: number;
  widths: number[];
  firstChar: number;
  /** Glyph space to text space (1/1000 for most fonts, the font's own matrix for Type 3). */
  scale: number;
}
interface Glyph {
  x: number;
  y: number;
  right: number;
  size: number;
  text: string;
}

const multiply = (a: Matrix, b: Matrix): Matrix => [
  a[0] * b[0] + a[1] * b[2],
  a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2],
  a[2] * b[1] + a[3] * b[3],
  a[4] * b[0] + a[5] * b[2] + b[4],
  a[4] * b[1] + a[5] * b[3] + b[5],
];
const apply = (m: Matrix, x: number, y: number) => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] });
const identity: Matrix = [1, 0, 0, 1, 0, 0];

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\s*/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const bodyStart = match.index + match[0].length;
    const streamAt = text.indexOf("stream", bodyStart);
    const endAt = text.indexOf("endobj", bodyStart);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = text.slice(bodyStart, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const dataStart = streamAt + "stream".length + (text[streamAt + 6] === "\r" ? 2 : 1);
      const raw = pdf.subarray(dataStart, dataStart + length);
      objects.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
      start.lastIndex = dataStart + length;
    } else {
      objects.set(Number(match[1]), { dict: text.slice(bodyStart, endAt) });
      start.lastIndex = endAt;
    }
  }
  return objects;
}

/** The `<<…>>` after `/key` in `dict`, balanced; or the dictionary of the object a `/key n 0 R` names. */
function subDict(objects: Map<number, PdfObject>, dict: string, key: string): string {
  const found = new RegExp(`/${key}\\s*(<<|(\\d+) 0 R)`).exec(dict);
  if (!found) return "";
  if (found[2]) return objects.get(Number(found[2]))?.dict ?? "";
  let depth = 0;
  for (let i = found.index + found[0].length - 2; i < dict.length - 1; i++) {
    if (dict.startsWith("<<", i)) {
      depth++;
      i++;
    } else if (dict.startsWith(">>", i)) {
      depth--;
      i++;
      if (depth === 0) return dict.slice(found.index, i + 1);
    }
  }
  return dict.slice(found.index);
}
const refsIn = (dict: string) => new Map([...dict.matchAll(/\/([\w.-]+) (\d+) 0 R/g)].map((m) => [m[1], Number(m[2])]));
const numbers = (text: string | undefined) => (text ?? "").trim().split(/\s+/).filter(Boolean).map(Number);

function readFont(objects: Map<number, PdfObject>, number: number): Font {
  const dict = objects.get(number)?.dict ?? "";
  const unicode = new Map<number, string>();
  const map = objects.get(Number(/\/ToUnicode (\d+) 0 R/.exec(dict)?.[1]))?.stream?.toString("latin1") ?? "";
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
  for (const block of map.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      unicode.set(parseInt(code, 16), hex(text));
  for (const block of map.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, text] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++)
        unicode.set(code, String.fromCodePoint(parseInt(text, 16) + code - parseInt(from, 16)));
  const space = /<([0-9A-Fa-f]+)>\s*<[0-9A-Fa-f]+>\s*endcodespacerange/.exec(map);
  const fontMatrix = numbers(/\/FontMatrix \[([^\]]*)\]/.exec(dict)?.[1]);
  return {
    unicode,
    codeBytes: space ? space[1].length / 2 : 1,
    widths: numbers(/\/Widths \[([^\]]*)\]/.exec(dict)?.[1]),
    firstChar: Number(/\/FirstChar (\d+)/.exec(dict)?.[1] ?? 0),
    scale: fontMatrix.length ? Math.abs(fontMatrix[0]) : 1 / 1000,
  };
}

/** Runs a content stream: the glyphs it shows and the vertical extents of the pictures it draws. */
function runContent(
  objects: Map<number, PdfObject>,
  content: string,
  resources: string,
  start: Matrix,
  out: { glyphs: Glyph[]; pictures: { top: number; bottom: number }[] },
) {
  const fonts = refsIn(subDict(objects, resources, "Font").replace(/^\/Font/, ""));
  const xObjects = refsIn(subDict(objects, resources, "XObject").replace(/^\/XObject/, ""));
  const fontCache = new Map<string, Font>();
  const tokens =
    content.match(/<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\/[^\s/<>[\]()]+|-?\d*\.?\d+|[A-Za-z'"*]+|\[|\]/g) ?? [];
  let ctm = start;
  const saved: Matrix[] = [];
  let tm = identity;
  let lineStart = identity;
  let font: Font | undefined;
  let size = 0;
  let operands: string[] = [];
  const show = (code: string) => {
    if (!font) return;
    const bytes = code.startsWith("<") ? Buffer.from(code.slice(1, -1).replace(/\s/g, ""), "hex") : Buffer.alloc(0);
    let advance = 0;
    let text = "";
    for (let i = 0; i + font.codeBytes <= bytes.length; i += font.codeBytes) {
      const c = font.codeBytes === 2 ? bytes.readUInt16BE(i) : bytes[i];
      text += font.unicode.get(c) ?? "";
      advance += (font.widths[c - font.firstChar] ?? 0) * font.scale * size;
    }
    const m = multiply(tm, ctm);
    const origin = apply(m, 0, 0);
    const scale = Math.hypot(m[2], m[3]);
    out.glyphs.push({ x: origin.x, y: origin.y, right: apply(m, advance, 0).x, size: size * scale, text });
  };
  for (const token of tokens) {
    if (!/^[A-Za-z'"*]+$/.test(token) || token === "true" || token === "false") {
      operands.push(token);
      continue;
    }
    const n = operands.map(Number);
    switch (token) {
      case "q":
        saved.push(ctm);
        break;
      case "Q":
        ctm = saved.pop() ?? identity;
        break;
      case "cm":
        ctm = multiply(n as Matrix, ctm);
        break;
      case "BT":
        tm = lineStart = identity;
        break;
      case "Tf": {
        const name = operands[0].slice(1);
        if (!fontCache.has(name) && fonts.has(name)) fontCache.set(name, readFont(objects, fonts.get(name)!));
        font = fontCache.get(name);
        size = n[1];
        break;
      }
      case "Tm":
        tm = lineStart = n as Matrix;
        break;
      case "Td":
      case "TD":
        tm = lineStart = multiply([1, 0, 0, 1, n[0], n[1]], lineStart);
        break;
      case "Tj":
        show(operands[0]);
        break;
      case "TJ":
        show(
          `<${operands
            .filter((o) => o.startsWith("<"))
            .map((o) => o.slice(1, -1))
            .join("")}>`,
        );
        break;
      case "Do": {
        const object = objects.get(xObjects.get(operands[0].slice(1)) ?? -1);
        if (!object) break;
        if (/\/Subtype \/Image/.test(object.dict)) {
          const ys = [apply(ctm, 0, 0).y, apply(ctm, 0, 1).y, apply(ctm, 1, 0).y, apply(ctm, 1, 1).y];
          out.pictures.push({ top: Math.max(...ys), bottom: Math.min(...ys) });
        } else if (object.stream) {
          const matrix = numbers(/\/Matrix \[([^\]]*)\]/.exec(object.dict)?.[1]);
          const formMatrix = (matrix.length === 6 ? matrix : identity) as Matrix;
          const formResources = subDict(objects, object.dict, "Resources");
          runContent(objects, object.stream.toString("latin1"), formResources, multiply(formMatrix, ctm), out);
        }
        break;
      }
    }
    operands = [];
  }
}

/** Sheet by sheet: the text lines and how far down the printable area (page less `marginPt` top and bottom) they reach. */
export function printedSheets(pdf: Buffer, marginPt: number): PrintedSheet[] {
  const objects = readObjects(pdf);
  const root = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict) && !/\/Parent /.test(o.dict));
  const pages: PdfObject[] = [];
  const walk = (node: PdfObject | undefined) => {
    if (!node) return;
    if (/\/Type \/Pages\b/.test(node.dict))
      for (const [, kid] of (/\/Kids \[([^\]]*)\]/.exec(node.dict)?.[1] ?? "").matchAll(/(\d+) 0 R/g))
        walk(objects.get(Number(kid)));
    else pages.push(node);
  };
  walk(root);
  return pages.map((page) => {
    const height = numbers(/\/MediaBox \[([^\]]*)\]/.exec(page.dict)?.[1])[3];
    const contents = [...(/\/Contents (\[[^\]]*\]|\d+ 0 R)/.exec(page.dict)?.[1] ?? "").matchAll(/(\d+) 0 R/g)];
    const out = { glyphs: [] as Glyph[], pictures: [] as { top: number; bottom: number }[] };
    for (const [, number] of contents)
      runContent(
        objects,
        objects.get(Number(number))?.stream?.toString("latin1") ?? "",
        subDict(objects, page.dict, "Resources"),
        identity,
        out,
      );
    // The page's own content, not what its margins carry (running footers, page numbers).
    const inside = (y: number) => y > marginPt && y < height - marginPt;
    const lowest = Math.min(
      ...out.glyphs.filter((g) => g.text.trim() && inside(g.y)).map((g) => g.y - g.size * 0.25),
      ...out.pictures.filter((p) => inside(p.top)).map((p) => Math.max(p.bottom, marginPt)),
      height - marginPt,
    );
    return {
      lines: linesOf(out.glyphs.filter((g) => inside(g.y))),
      margins: linesOf(out.glyphs.filter((g) => !inside(g.y))),
      filled: (height - marginPt - lowest) / (height - 2 * marginPt),
    };
  });
}

/** Glyphs on one baseline, left to right, with a space where the gap between two is wider than a fifth of an em. */
function linesOf(glyphs: Glyph[]): string[] {
  const rows = new Map<number, Glyph[]>();
  for (const glyph of glyphs) {
    const key = [...rows.keys()].find((y) => Math.abs(y - glyph.y) < glyph.size * 0.3) ?? glyph.y;
    rows.set(key, [...(rows.get(key) ?? []), glyph]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => {
      row.sort((a, b) => a.x - b.x);
      return row
        .map((g, i) => (i > 0 && g.x - row[i - 1].right > g.size * 0.2 ? " " : "") + g.text)
        .join("")
        .replace(/\s+/g, " ")
        .trim();
    })
    .filter(Boolean);
}
