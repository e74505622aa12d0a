/**
 * A streaming XML tokenizer for the parts of an uploaded workbook, whose memory is bounded by
 * constants, never by what the file holds. A general parser buffers each text run, comment or
 * attribute until it ends, so a sheet of a gigabyte of spaces between two tags (a megabyte once
 * zipped) costs a gigabyte of heap. Here text is handed on chunk by chunk as it arrives (whoever
 * keeps it caps it), comments and processing instructions are skipped without being kept, and a
 * tag, an entity or the nesting depth past its limit is a broken file (docs/security.md).
 *
 * It reads what spreadsheet writers produce: elements, attributes in either quote, the five named
 * entities and character references, CDATA, comments and processing instructions. A document
 * type declaration is refused: workbook parts never have one, and entity definitions are how
 * "billion laughs" files blow up.
 */

export interface XmlTag {
  name: string;
  attributes: Record<string, string>;
  isSelfClosing: boolean;
}

type Handlers = {
  opentag: (tag: XmlTag) => void;
  closetag: (tag: XmlTag) => void;
  text: (text: string) => void;
};

/** The whole of one tag, its name and attributes, in characters. */
export const MAX_TAG_CHARS = 64 * 1024;
/** How deep elements may nest (a sheet needs five or six levels). */
export const MAX_DEPTH = 256;
/** "&#x10FFFF;" is the longest reference a document can need. */
const MAX_ENTITY_CHARS = 12;

/** Thrown for anything that is not well-formed or passes a limit; the caller names it. */
export class XmlError extends Error {}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

type State = "text" | "tag" | "comment" | "cdata" | "pi";

export class BoundedXmlParser {
  private readonly handlers: Partial<Handlers> = {};
  private state: State = "text";
  /** The unfinished piece carried to the next chunk: a tag, or a text's trailing entity. */
  private pending = "";
  /** Names of the open elements, to match each closing tag. */
  private readonly open: string[] = [];
  private sawRoot = false;
  private closed = false;

  on<E extends keyof Handlers>(event: E, handler: Handlers[E]): void {
    this.handlers[event] = handler as Partial<Handlers>[E];
  }

  write(chunk: string): void {
    if (this.closed) throw new XmlError("write after close");
    let input = this.pending + chunk;
    this.pending = "";
    let i = 0;
    while (i < input.length) {
      switch (this.state) {
        case "text": {
          const lt = input.indexOf("<", i);
          const end = lt === -1 ? input.length : lt;
          if (end > i) {
            const carry = this.emitText(input.slice(i, end), lt === -1);
            if (carry !== "") {
              this.pending = carry;
              return;
            }
          }
          if (lt === -1) return;
          i = lt;
          this.state = "tag";
          break;
        }
        case "tag": {
          const consumed = this.readMarkup(input, i);
          if (consumed === -1) {
            this.pending = input.slice(i);
            if (this.pending.length > MAX_TAG_CHARS) throw new XmlError("tag too long");
            return;
          }
          i = consumed;
          break;
        }
        case "comment":
        case "pi": {
          const terminator = this.state === "comment" ? "-->" : "?>";
          const end = input.indexOf(terminator, i);
          if (end === -1) {
            // Keep only what could be the start of the terminator.
            this.pending = input.slice(Math.max(i, input.length - (terminator.length - 1)));
            return;
          }
          i = end + terminator.length;
          this.state = "text";
          break;
        }
        case "cdata": {
          const end = input.indexOf("]]>", i);
          if (end === -1) {
            const keep = Math.max(i, input.length - 2);
            if (keep > i) this.handlers.text?.(input.slice(i, keep));
            this.pending = input.slice(keep);
            return;
          }
          if (end > i) this.handlers.text?.(input.slice(i, end));
          i = end + 3;
          this.state = "text";
          break;
        }
      }
      // Free what has been read: a long chunk is not kept alive by a sliced remainder.
      if (i > 0 && i < input.length && this.pending === "") {
        input = input.slice(i);
        i = 0;
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.state !== "text" || this.pending !== "" || this.open.length > 0 || !this.sawRoot) {
      throw new XmlError("unexpected end of document");
    }
  }

  /**
   * Hands on a text run, entities decoded. At a chunk's end an entity may be cut in two: its
   * start is answered back to be carried into the next chunk.
   */
  private emitText(raw: string, atChunkEnd: boolean): string {
    let carry = "";
    let text = raw;
    if (atChunkEnd) {
      const amp = raw.lastIndexOf("&");
      if (amp !== -1 && raw.indexOf(";", amp) === -1) {
        if (raw.length - amp > MAX_ENTITY_CHARS) throw new XmlError("entity too long");
        carry = raw.slice(amp);
        text = raw.slice(0, amp);
      }
    }
    if (text !== "") this.handlers.text?.(decodeEntities(text));
    return carry;
  }

  /** Reads the markup starting at `<`; answers the index after it, or -1 when it is cut off. */
  private readMarkup(input: string, start: number): number {
    if (input.startsWith("<!--", start)) {
      this.state = "comment";
      return start + 4;
    }
    if (input.startsWith("<![CDATA[", start)) {
      this.state = "cdata";
      return start + 9;
    }
    if (input.startsWith("<?", start)) {
      this.state = "pi";
      return start + 2;
    }
    // Wait for enough characters to tell a comment or CDATA from a declaration.
    if (input.length - start < 9 && "<![CDATA[".startsWith(input.slice(start, start + 9))) return -1;
    if (input.length - start < 4 && "<!--".startsWith(input.slice(start, start + 4))) return -1;
    if (input.startsWith("<!", start)) throw new XmlError("document type declarations are not allowed");

    const end = tagEnd(input, start + 1);
    if (end === -1) return -1;
    if (end - start > MAX_TAG_CHARS) throw new XmlError("tag too long");
    this.tag(input.slice(start + 1, end));
    this.state = "text";
    return end + 1;
  }

  private tag(body: string): void {
    if (body.charCodeAt(0) === SLASH) {
      const name = body.slice(1).trim();
      if (this.open.pop() !== name) throw new XmlError("mismatched closing tag");
      this.handlers.closetag?.({ name, attributes: {}, isSelfClosing: false });
      return;
    }
    const isSelfClosing = body.charCodeAt(body.length - 1) === SLASH;
    const inner = isSelfClosing ? body.slice(0, -1) : body;
    let i = 0;
    while (i < inner.length && !isSpace(inner.charCodeAt(i))) i++;
    const name = inner.slice(0, i);
    if (name === "") throw new XmlError("bad tag name");
    if (this.open.length === 0 && this.sawRoot) throw new XmlError("second root element");
    this.sawRoot = true;

    const tag = { name, attributes: readAttributes(inner, i), isSelfClosing };
    if (!isSelfClosing) {
      if (this.open.length >= MAX_DEPTH) throw new XmlError("nested too deep");
      this.open.push(name);
    }
    this.handlers.opentag?.(tag);
    if (isSelfClosing) this.handlers.closetag?.(tag);
  }
}

const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const GREATER = 0x3e;
const LESS = 0x3c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** `name="value"` pairs from `from` to the end of a tag's body; anything else is malformed. */
function readAttributes(body: string, from: number): Record<string, string> {
  const attributes: Record<string, string> = {};
  let i = from;
  for (;;) {
    while (i < body.length && isSpace(body.charCodeAt(i))) i++;
    if (i >= body.length) return attributes;
    const nameStart = i;
    while (i < body.length && body.charCodeAt(i) !== EQUALS && !isSpace(body.charCodeAt(i))) i++;
    const name = body.slice(nameStart, i);
    while (i < body.length && isSpace(body.charCodeAt(i))) i++;
    if (name === "" || body.charCodeAt(i) !== EQUALS) throw new XmlError("bad attribute");
    i++;
    while (i < body.length && isSpace(body.charCodeAt(i))) i++;
    const quote = body.charCodeAt(i);
    if (quote !== QUOTE && quote !== APOSTROPHE) throw new XmlError("bad attribute");
    const close = body.indexOf(quote === QUOTE ? '"' : "'", i + 1);
    if (close === -1) throw new XmlError("bad attribute");
    attributes[name] = decodeEntities(body.slice(i + 1, close));
    i = close + 1;
  }
}

/** The `>` that ends the tag begun before `from`, skipping quoted attribute values; -1 if not yet. */
function tagEnd(input: string, from: number): number {
  let quote = 0;
  for (let i = from; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) {
      quote = c;
    } else if (c === GREATER) {
      return i;
    } else if (c === LESS) {
      throw new XmlError("'<' inside a tag");
    }
  }
  return -1;
}

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&]{0,10});?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new XmlError("unterminated entity");
    const named = NAMED_ENTITIES[name];
    if (named !== undefined) return named;
    const code = /^#x[0-9a-f]+$/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#[0-9]+$/.test(name)
        ? Number.parseInt(name.slice(1), 10)
        : Number.NaN;
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) {
      throw new XmlError("unknown entity");
    }
    return String.fromCodePoint(code);
  });
}
