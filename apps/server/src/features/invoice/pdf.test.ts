import { describe, expect, it } from "vitest";
import { pdfText } from "../../../test/helpers/pdf-text";
import { type PdfModel, renderPdf } from "./pdf";

const model = (over: Partial<PdfModel> = {}): PdfModel => ({
  brand: { name: "Acme Números", email: "billing@acme.example" },
  title: "Receipt",
  facts: [
    ["Receipt number", "R-202612-7K3P9QX2"],
    ["Date", "5 Dec 2026"],
  ],
  billedTo: { label: "Billed to", lines: ["Globex S.A.", "Rua Augusta 1", "São Paulo", "VAT: PT123456789"] },
  lines: {
    header: ["Description", "Amount"],
    rows: [["Top-up by card", "$1,234.50"]],
    total: ["Total", "$1,234.50"],
  },
  footer: "Paid in full.",
  ...over,
});

describe("PDF documents", () => {
  it("hold the brand, the billed organisation and the amount as text", async () => {
    const pdf = await renderPdf(model());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Acme Números");
    expect(text).toContain("Globex S.A.");
    expect(text).toContain("São Paulo");
    expect(text).toContain("$1,234.50");
    expect(text).toContain("R-202612-7K3P9QX2");
  });

  it("write Chinese with the embedded font, subset to what the page uses", async () => {
    const pdf = await renderPdf(
      model({ title: "收据", billedTo: { label: "付款方", lines: ["上海示例科技有限公司"] } }),
    );
    const text = pdfText(pdf);
    expect(text).toContain("收据");
    expect(text).toContain("上海示例科技有限公司");
    expect(pdf.length).toBeLessThan(200_000);
  });
});
