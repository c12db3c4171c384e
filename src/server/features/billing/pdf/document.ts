/**
 * The printed layout of billing's documents (invoices, credit notes, statements): the
 * workspace's name and logo, its business address, the family and its payers, facts (number,
 * dates), a table of lines, tax bands and totals, then paragraphs (the tax rule, notes, payment
 * instructions). Callers pass text already formatted (money with its currency); this file only
 * lays it out. The DejaVu fonts are embedded so every name prints (Zoë Ångström, £ € ¥).
 */
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
const REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export interface DocumentColumn {
  header: string;
  /** Share of the table's width; the shares of a table add up to 1. */
  width: number;
  align?: "left" | "right";
}

export interface LabelledValue {
  label: string;
  value: string;
  bold?: boolean;
}

export interface BillingDocumentSpec {
  /** "Invoice", "Credit note", "Statement". */
  title: string;
  workspace: { name: string; /** A data: URL of a PNG or JPEG; anything else is skipped. */ logo: string | null; address: string };
  /** The family (its account name) and lines under it (its payers). */
  recipient: { name: string; lines: string[] };
  /** Number, dates, period, state. */
  facts: LabelledValue[];
  columns: DocumentColumn[];
  rows: string[][];
  /** Tax per rate, when there is any. */
  taxBands?: LabelledValue[];
  totals: LabelledValue[];
  paragraphs: { heading: string; text: string }[];
}

const MARGIN = 50;
const SMALL = 8;
const BODY = 9.5;

/** A data: URL's image bytes, when it is a PNG or JPEG (the formats PDFKit embeds). */
function logoBytes(logo: string | null): Buffer | null {
  const match = logo?.match(/^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/);
  return match ? Buffer.from(match[2]!, "base64") : null;
}

/** Renders the document to PDF bytes. */
export function renderBillingDocument(spec: BillingDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, font: REGULAR, info: { Title: spec.title, Author: spec.workspace.name } });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;

  // Header: logo (if any) and the workspace; the title on the right.
  let headerTop = MARGIN;
  const logo = logoBytes(spec.workspace.logo);
  if (logo) {
    try {
      doc.image(logo, left, headerTop, { fit: [110, 50] });
      headerTop += 56;
    } catch {
      // An image PDFKit cannot read prints no logo rather than no document.
    }
  }
  doc
    .font("bold")
    .fontSize(14)
    .text(spec.workspace.name, left, headerTop, { width: width * 0.6 });
  if (spec.workspace.address)
    doc
      .font("regular")
      .fontSize(BODY)
      .text(spec.workspace.address, { width: width * 0.6 });
  const afterWorkspace = doc.y;
  doc
    .font("bold")
    .fontSize(20)
    .text(spec.title, left + width * 0.6, MARGIN, { width: width * 0.4, align: "right" });
  doc.font("regular").fontSize(BODY);
  for (const fact of spec.facts) doc.text(`${fact.label}: ${fact.value}`, left + width * 0.6, doc.y, { width: width * 0.4, align: "right" });
  doc.y = Math.max(afterWorkspace, doc.y) + 18;

  // The family.
  doc.font("bold").fontSize(BODY).text("To", left, doc.y);
  doc.font("regular").text(spec.recipient.name);
  for (const line of spec.recipient.lines) doc.text(line);
  doc.moveDown(1.2);

  // The lines.
  const xs: number[] = [];
  spec.columns.reduce((x, column) => {
    xs.push(x);
    return x + column.width * width;
  }, left);
  const drawRow = (cells: string[], font: "regular" | "bold") => {
    doc.font(font).fontSize(BODY);
    const heights = cells.map((cell, index) => doc.heightOfString(cell, { width: spec.columns[index]!.width * width - 6 }));
    const height = Math.max(...heights, doc.currentLineHeight());
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, index) => {
      const column = spec.columns[index]!;
      doc.text(cell, xs[index]!, top, { width: column.width * width - 6, align: column.align ?? "left" });
    });
    doc.y = top + height + 4;
    doc.x = left;
  };
  drawRow(
    spec.columns.map((column) => column.header),
    "bold",
  );
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + width, doc.y - 2)
    .lineWidth(0.5)
    .stroke();
  for (const row of spec.rows) drawRow(row, "regular");
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(0.6);

  // Tax bands and totals, right-aligned.
  const labelled = (items: LabelledValue[]) => {
    for (const item of items) {
      if (doc.y + doc.currentLineHeight() > bottom()) doc.addPage();
      const top = doc.y;
      doc.font(item.bold ? "bold" : "regular").fontSize(BODY);
      doc.text(item.label, left + width * 0.35, top, { width: width * 0.45, align: "right" });
      doc.text(item.value, left + width * 0.8, top, { width: width * 0.2, align: "right" });
      doc.y = Math.max(doc.y, top + doc.currentLineHeight()) + 2;
    }
  };
  if (spec.taxBands?.length) {
    labelled(spec.taxBands);
    doc.moveDown(0.4);
  }
  labelled(spec.totals);
  doc.moveDown(1.2);

  // Paragraphs.
  for (const paragraph of spec.paragraphs.filter((item) => item.text.trim() !== "")) {
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.font("bold").fontSize(BODY).text(paragraph.heading, left, doc.y, { width });
    doc.font("regular").fontSize(SMALL).text(paragraph.text, { width });
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}
