import type { UploadView } from "@nc/contracts/jobs";
import type { TFunction } from "i18next";

/**
 * How a file was read, in one line: a text file names its format and encoding ("CSV, UTF-8"); a
 * workbook has no text encoding to name (the reader reports "xlsx" for both).
 */
export function readAsText(
  t: TFunction,
  name: string,
  table: Pick<UploadView["table"], "format" | "encoding">,
) {
  if (table.format === "xlsx") return t("detection:file.readAsSheet", { name });
  return t("detection:file.readAs", {
    name,
    format: table.format.toUpperCase(),
    encoding: table.encoding.toUpperCase(),
  });
}
