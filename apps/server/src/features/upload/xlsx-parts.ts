import { posix } from "node:path";
import type { Entry } from "yauzl";
import { uploadError } from "./upload-error";
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

/**
 * The first worksheet in the workbook's tab order (not the first file in the zip: sheets can be
 * reordered) and the shared string table. Chart sheets are skipped; no worksheet is fileCorrupt.
 */
export async function findWorkbookParts(archive: ZipArchive): Promise<WorkbookParts> {
  const sheetIds = await readSheetIds(archive);
  const relations = await readRelations(archive);
  let sheet: Entry | undefined;
  for (const id of sheetIds) {
    const relation = relations.get(id);
    if (relation?.type.endsWith("/worksheet")) sheet = archive.find(relation.path);
    if (sheet) break;
  }
  sheet ??= archive.find(FALLBACK_SHEET);
  if (!sheet) throw uploadError("fileCorrupt");
  const strings = [...relations.values()].find((r) => r.type.endsWith("/sharedStrings"));
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
    if (key) ids.push(tag.attributes[key]!);
  });
  await parseXml(archive, entry, parser);
  return ids;
}

async function readRelations(archive: ZipArchive): Promise<Map<string, { type: string; path: string }>> {
  const relations = new Map<string, { type: string; path: string }>();
  const entry = archive.find(WORKBOOK_RELS);
  if (!entry) return relations;
  const parser = xmlParser();
  parser.on("opentag", (tag) => {
    if (localName(tag.name) !== "Relationship") return;
    const { Id: id, Type: type, Target: target } = tag.attributes;
    if (id && type && target) relations.set(id, { type, path: resolveTarget(target) });
  });
  await parseXml(archive, entry, parser);
  return relations;
}

/** Targets are relative to xl/ ("worksheets/sheet1.xml") or absolute in the package ("/xl/..."). */
function resolveTarget(target: string): string {
  return target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join("xl", target));
}
