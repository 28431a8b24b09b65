/**
 * Reads what a page printed by Chromium (`page.pdf()`) shows on each sheet: its lines of text and how far
 * down the sheet its text and pictures reach. Mozilla's PDF.js does the reading; this file only measures.
 */
import type { PDFPageProxy } from "pdfjs-dist";
import { AnnotationMode, getDocument, OPS, Util, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PrintedSheet {
  /** The text in the sheet's printable area, one string per line, top to bottom; words separated by a space. */
  lines: string[];
  /** The text in its top and bottom margins (running headers and footers), top to bottom. */
  margins: string[];
  /** How far down the printable area the lowest text or picture reaches: 0 (nothing) to 1 (its bottom). */
  filled: number;
}

type Matrix = number[];
/** A run of text on one baseline, in PDF points from the sheet's bottom left. */
interface Run {
  x: number;
  y: number;
  right: number;
  size: number;
  text: string;
}

/** Sheet by sheet: the text lines and how far down the printable area (page less `marginPt` top and bottom) they reach. */
export async function printedSheets(pdf: Uint8Array, marginPt: number): Promise<PrintedSheet[]> {
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS });
  try {
    const document = await loading.promise;
    const sheets: PrintedSheet[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, bottom, , top] = page.view;
      const runs = (await page.getTextContent()).items
        .flatMap((item) => ("str" in item && item.str ? [item] : []))
        .map(({ transform: [, , c, d, x, y], width, str }) => ({
          x,
          y,
          right: x + width,
          size: Math.hypot(c, d),
          text: str,
        }));
      const pictures = await picturesOn(page);
      // The page's own content, not what its margins carry (running footers, page numbers).
      const inside = (y: number) => y > bottom + marginPt && y < top - marginPt;
      const lowest = Math.min(
        ...runs.filter((r) => r.text.trim() && inside(r.y)).map((r) => r.y - r.size * 0.25),
        ...pictures.filter((p) => inside(p.top)).map((p) => Math.max(p.bottom, bottom + marginPt)),
        top - marginPt,
      );
      sheets.push({
        lines: linesOf(runs.filter((r) => inside(r.y))),
        margins: linesOf(runs.filter((r) => !inside(r.y))),
        filled: (top - marginPt - lowest) / (top - bottom - 2 * marginPt),
      });
    }
    return sheets;
  } finally {
    await loading.destroy();
  }
}

/** The vertical extent of every picture the page paints, following the transform through saves and forms. */
async function picturesOn(page: PDFPageProxy): Promise<{ top: number; bottom: number }[]> {
  // Annotations (link areas) are not drawn content.
  const { fnArray, argsArray } = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const pictures: { top: number; bottom: number }[] = [];
  const saved: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  // Images are painted into the unit square of the current transform.
  const paint = (transform: Matrix) => {
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    Util.axialAlignedBoundingBox([0, 0, 1, 1], transform, box);
    pictures.push({ bottom: box[1], top: box[3] });
  };
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        saved.push(ctm);
        break;
      case OPS.restore:
        ctm = saved.pop() ?? ctm;
        break;
      case OPS.transform:
        ctm = Util.transform(ctm, args);
        break;
      case OPS.paintFormXObjectBegin:
        saved.push(ctm);
        if (args[0]) ctm = Util.transform(ctm, args[0]);
        break;
      case OPS.paintFormXObjectEnd:
        ctm = saved.pop() ?? ctm;
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
        paint(ctm);
        break;
      case OPS.paintImageXObjectRepeat: {
        // One image drawn at several places: PDF.js folds `q cm Do Q` runs of the same image into this.
        const [, scaleX, scaleY, positions] = args as [unknown, number, number, number[]];
        for (let p = 0; p < positions.length; p += 2)
          paint(Util.transform(ctm, [scaleX, 0, 0, scaleY, positions[p], positions[p + 1]]));
        break;
      }
    }
  });
  return pictures;
}

/** Runs on one baseline, left to right, with a space where the gap between two is wider than a fifth of an em. */
function linesOf(runs: Run[]): string[] {
  const rows = new Map<number, Run[]>();
  for (const run of runs) {
    const key = [...rows.keys()].find((y) => Math.abs(y - run.y) < run.size * 0.3) ?? run.y;
    rows.set(key, [...(rows.get(key) ?? []), run]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => {
      row.sort((a, b) => a.x - b.x);
      return row
        .map((r, i) => (i > 0 && r.x - row[i - 1].right > r.size * 0.2 ? " " : "") + r.text)
        .join("")
        .replace(/\s+/g, " ")
        .trim();
    })
    .filter(Boolean);
}
