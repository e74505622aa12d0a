import { parseOverrides, type ThemeOverrides } from "./overrides";

export const EXPORT_FILE_NAME = "theme-overrides.json";

/** Offers the overrides as a JSON file download. */
export function downloadOverrides(overrides: ThemeOverrides) {
  const blob = new Blob([`${JSON.stringify(overrides, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The overrides an imported file holds, or null when it is not valid JSON of the expected shape. */
export async function readOverridesFile(file: Blob): Promise<ThemeOverrides | null> {
  try {
    return parseOverrides(await file.text());
  } catch {
    return null;
  }
}
