import { rm } from "node:fs/promises";
import type { ByteSource } from "./byte-source";
import type { ReadDeadline } from "./deadline";
import type { OpenedTable } from "./open-table";
import { rowStream } from "./row-stream";
import { spoolToTempFile } from "./spool";
import type { StringTable } from "./string-table";
import { uploadTempPath } from "./temp-files";
import { uploadError } from "./upload-error";
import { findWorkbookParts } from "./xlsx-parts";
import { readSharedStrings } from "./xlsx-shared-strings";
import { sheetRowCollector } from "./xlsx-sheet";
import { feedXml, xmlParser } from "./xml-entry";
import { ZipArchive } from "./zip-archive";

/**
 * An XLSX upload: spooled to a temp file, its directory checked against the unpack limit, the
 * string table loaded, then the first worksheet streamed row by row. The temp file lives until the
 * rows are read (or fail) or `close()`, whichever comes first.
 */
export async function openXlsxTable(
  bytes: ByteSource,
  options: { maxUnpackedBytes: number; tmpDir: string; deadline?: ReadDeadline },
): Promise<OpenedTable> {
  const path = await spoolToTempFile(bytes.chunks(), options.tmpDir);
  let archive: ZipArchive | null = null;
  let sharedStrings: StringTable | null = null;
  const release = async () => {
    bytes.destroy();
    archive?.close();
    await Promise.all([rm(path, { force: true }), sharedStrings?.dispose()]);
  };

  try {
    archive = await ZipArchive.open(path, options.maxUnpackedBytes, options.deadline);
    const parts = await findWorkbookParts(archive);
    if (parts.sharedStrings) {
      sharedStrings = await readSharedStrings(archive, parts.sharedStrings, (part) =>
        uploadTempPath(options.tmpDir, part),
      );
    }
    const opened = archive;
    const strings = sharedStrings;

    /** The rows of each piece of the sheet's XML, a piece at a time. */
    async function* batches(): AsyncGenerator<string[][]> {
      const out: string[][] = [];
      const parser = xmlParser();
      sheetRowCollector(parser, strings, out);
      let total = 0;
      try {
        for await (const _ of feedXml(opened, parts.sheet, parser)) {
          total += out.length;
          // The collector keeps filling `out`: the piece goes on as a copy.
          if (out.length > 0) yield out.splice(0);
        }
        total += out.length;
        if (out.length > 0) yield out.splice(0);
        if (total === 0) throw uploadError("fileEmpty");
      } finally {
        await release();
      }
    }

    return { format: "xlsx", encoding: "xlsx", delimiter: null, ...rowStream(batches(), release) };
  } catch (err) {
    await release();
    throw err;
  }
}
