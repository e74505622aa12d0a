import { vi } from "vitest";

/**
 * Catches what `saveBlob` (shell/http/download.ts) hands the browser to save: the object URLs
 * and the link's click are stood in for, and each saved file lands in the returned list with its
 * name and text. Undone by `vi.restoreAllMocks()`.
 */
export function captureSavedFiles(): { name: string; text: string }[] {
  const saved: { name: string; text: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute("href") ?? "");
    void blob?.text().then((text) => saved.push({ name: this.download, text }));
  });
  return saved;
}
