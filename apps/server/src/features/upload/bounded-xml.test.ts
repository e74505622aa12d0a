import { describe, expect, it } from "vitest";
import { BoundedXmlParser, MAX_DEPTH, MAX_TAG_CHARS, XmlError } from "./bounded-xml";

/** Parses `chunks` and answers the events as text, so tests read like the document. */
function events(chunks: string[]): string[] {
  const out: string[] = [];
  const parser = new BoundedXmlParser();
  let text = "";
  const flushText = () => {
    if (text.trim() !== "") out.push(`"${text}"`);
    text = "";
  };
  parser.on("opentag", (tag) => {
    flushText();
    const attrs = Object.entries(tag.attributes).map(([k, v]) => ` ${k}=${v}`);
    out.push(`<${tag.name}${attrs.join("")}${tag.isSelfClosing ? "/" : ""}>`);
  });
  parser.on("closetag", (tag) => {
    flushText();
    if (!tag.isSelfClosing) out.push(`</${tag.name}>`);
  });
  parser.on("text", (t) => {
    text += t;
  });
  for (const chunk of chunks) parser.write(chunk);
  parser.close();
  return out;
}

/** Every way of cutting `doc` in two gives the same events as the whole. */
function everySplit(doc: string): void {
  const whole = events([doc]);
  for (let i = 1; i < doc.length; i++) expect(events([doc.slice(0, i), doc.slice(i)])).toEqual(whole);
}

describe("BoundedXmlParser", () => {
  it("reads what spreadsheet writers write", () => {
    const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet xmlns:x="urn:a"><!-- a comment --><x:sheetData>
<x:row r="1"><x:c r="A1" t='inlineStr'><x:is><x:t xml:space="preserve"> a &amp; b &lt;&#65;&#x4E2D;&gt; </x:t></x:is></x:c>
<x:c r="B1" s="1"/><x:c r="C1"><x:v><![CDATA[1 < 2 & <raw>]]></x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    expect(events([doc])).toEqual([
      "<x:worksheet xmlns:x=urn:a>",
      "<x:sheetData>",
      "<x:row r=1>",
      "<x:c r=A1 t=inlineStr>",
      "<x:is>",
      "<x:t xml:space=preserve>",
      '" a & b <A中> "',
      "</x:t>",
      "</x:is>",
      "</x:c>",
      "<x:c r=B1 s=1/>",
      "<x:c r=C1>",
      "<x:v>",
      '"1 < 2 & <raw>"',
      "</x:v>",
      "</x:c>",
      "</x:row>",
      "</x:sheetData>",
      "</x:worksheet>",
    ]);
    everySplit(doc);
  });

  it("keeps '>' inside a quoted attribute", () => {
    expect(events(['<a title="x > y" other=\'"q"\'/>'])).toEqual(['<a title=x > y other="q"/>']);
  });

  it("hands on long text in pieces and never keeps a comment", () => {
    const parser = new BoundedXmlParser();
    const pieces: number[] = [];
    parser.on("text", (t) => pieces.push(t.length));
    parser.write("<a>");
    for (let i = 0; i < 100; i++) parser.write(" ".repeat(100_000));
    parser.write("<!--");
    for (let i = 0; i < 100; i++) parser.write("-".repeat(100_000));
    parser.write("--></a>");
    parser.close();
    expect(Math.max(...pieces)).toBeLessThanOrEqual(100_000);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(10_000_000);
  });

  it.each([
    ["a document type declaration", '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'],
    ["an unknown entity", "<a>&nbsp;</a>"],
    ["an unterminated entity", "<a>&amp</a>"],
    ["a reference to a surrogate", "<a>&#xD800;</a>"],
    ["a mismatched closing tag", "<a><b></a></b>"],
    ["an unclosed element", "<a><b></b>"],
    ["no element at all", "   "],
    ["two root elements", "<a/><b/>"],
    ["junk between attributes", '<a x="1" junk y="2"/>'],
    ["'<' inside a tag", "<a <b>"],
    ["a tag past its limit", `<a x="${"1".repeat(MAX_TAG_CHARS)}"/>`],
    ["nesting past its limit", `${"<a>".repeat(MAX_DEPTH + 1)}${"</a>".repeat(MAX_DEPTH + 1)}`],
    ["a cut-off tag", '<a><b x="1'],
  ])("refuses %s", (_label, doc) => {
    expect(() => events([doc])).toThrow(XmlError);
  });

  it("refuses a tag that grows past its limit across many chunks without keeping it", () => {
    const parser = new BoundedXmlParser();
    parser.write('<a x="');
    expect(() => {
      for (let i = 0; i < 100; i++) parser.write("1".repeat(10_000));
    }).toThrow(XmlError);
  });
});
