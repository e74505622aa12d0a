import { saveBlob } from "../../shell/http/download";
import { parseOverrides, type ThemeOverrides } from "./overrides";

export const EXPORT_FILE_NAME = "theme-overrides.json";

/** Offers the overrides as a JSON file download. */
export function downloadOverrides(overrides: ThemeOverrides) {
  const blob = new Blob([`${JSON.stringify(overrides, null, 2)}\n`], { type: "application/json" });
  saveBlob(blob, EXPORT_FILE_NAME);
}

/** The overrides an imported file holds, or null when it is not valid JSON of the expected shape. */
export async function readOverridesFile(file: Blob): Promise<ThemeOverrides | null> {
  try {
    return parseOverrides(await file.text());
  } catch {
    return null;
  }
}
