import { posix } from "node:path";
import type { Entry } from "yauzl";
import { MAX_PART_NAME, MAX_RELATIONSHIPS, MAX_SHEETS } from "./limits";
import { tooComplex, uploadError } from "./upload-error";
import { localName, parseXml, xmlParser } from "./xml-entry";
import type { ZipArchive } from "./zip-archive";

const WORKBOOK = "xl/workbook.xml";
const WORKBOOK_RELS = "xl/_rels/workbook.xml.rels";
/** Where nearly every writer puts the first sheet and the string table, when the links say nothing. */
const FALLBACK_SHEET = "xl/worksheets/sheet1.xml";
const FALLBACK_SHARED_STRINGS = "xl/sharedStrings.xml";

export interface WorkbookParts {
  sheet: Entry;
  sharedStrings: Entry | null;
}

/** The links the reader follows; any other kind (styles, theme, drawings, ...) is never opened. */
type Relation = { kind: "worksheet" | "sharedStrings"; path: string };

/**
 * The first worksheet in the workbook's tab order (not the first file in the zip: sheets can be
 * reordered) and the shared string table. Chart sheets are skipped; no worksheet is fileCorrupt.
 * The lists read are bounded (docs/security.md, "Uploads"): more than MAX_SHEETS sheets or
 * MAX_RELATIONSHIPS links is fileTooComplex, an id, type or target over MAX_PART_NAME characters
 * fileCorrupt.
 */
export async function findWorkbookParts(archive: ZipArchive): Promise<WorkbookParts> {
  const sheetIds = await readSheetIds(archive);
  const relations = await readRelations(archive);
  let sheet: Entry | undefined;
  for (const id of sheetIds) {
    const relation = relations.get(id);
    if (relation?.kind === "worksheet") sheet = archive.find(relation.path);
    if (sheet) break;
  }
  sheet ??= archive.find(FALLBACK_SHEET);
  if (!sheet) throw uploadError("fileCorrupt");
  const strings = [...relations.values()].find((r) => r.kind === "sharedStrings");
  const sharedStrings =
    (strings && archive.find(strings.path)) ?? archive.find(FALLBACK_SHARED_STRINGS) ?? null;
  return { sheet, sharedStrings };
}

/** The relationship ids of the <sheet> elements, in tab order. */
async function readSheetIds(archive: ZipArchive): Promise<string[]> {
  const entry = archive.find(WORKBOOK);
  if (!entry) return [];
  const ids: string[] = [];
  const parser = xmlParser();
  parser.on("opentag", (tag) => {
    if (localName(tag.name) !== "sheet") return;
    // r:id, whatever prefix the writer bound the relationships namespace to.
    const key = Object.keys(tag.attributes).find((name) => name.endsWith(":id"));
    if (ids.length >= MAX_SHEETS) throw tooComplex();
    if (key) ids.push(bounded(tag.attributes[key]!));
  });
  await parseXml(archive, entry, parser);
  return ids;
}

async function readRelations(archive: ZipArchive): Promise<Map<string, Relation>> {
  const relations = new Map<string, Relation>();
  const entry = archive.find(WORKBOOK_RELS);
  if (!entry) return relations;
  let count = 0;
  const parser = xmlParser();
  parser.on("opentag", (tag) => {
    if (localName(tag.name) !== "Relationship") return;
    count += 1;
    if (count > MAX_RELATIONSHIPS) throw tooComplex();
    const { Id: id, Type: type, Target: target } = tag.attributes;
    if (!id || !type || !target) return;
    const kind = bounded(type).endsWith("/worksheet")
      ? "worksheet"
      : type.endsWith("/sharedStrings")
        ? "sharedStrings"
        : null;
    if (kind) relations.set(bounded(id), { kind, path: resolveTarget(bounded(target)) });
  });
  await parseXml(archive, entry, parser);
  return relations;
}

/** An id, type or target no writer makes that long is a broken (or hostile) file. */
function bounded(value: string): string {
  if (value.length > MAX_PART_NAME) throw uploadError("fileCorrupt");
  return value;
}

/** Targets are relative to xl/ ("worksheets/sheet1.xml") or absolute in the package ("/xl/..."). */
function resolveTarget(target: string): string {
  return target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join("xl", target));
}
