import type { NoticeItem } from "@nc/contracts/notices";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type ApiCall, callsTo, Refusal, renderPage, stubApi } from "../../../../test/render";
import { NoticeDrawer } from "./notice-drawer";

const notice = (id: string, read: boolean, content = "Details inside."): NoticeItem => ({
  id,
  type: "system",
  title: `Notice ${id}`,
  content,
  createdAt: "2026-11-20T10:00:00.000Z",
  read,
});

/** A notice store that answers like the server: pages, the unread filter, marking read. */
function noticeServer(initial: NoticeItem[], failList = false) {
  const notices = initial.map((n) => ({ ...n }));
  const calls = stubApi({
    "GET /api/tenant/notice": (call: ApiCall) => {
      if (failList) return new Refusal(50000, "down", null, 400);
      const page = Number(call.query.get("page"));
      const size = Number(call.query.get("pageSize"));
      const shown = call.query.get("unread") ? notices.filter((n) => !n.read) : notices;
      return { data: shown.slice((page - 1) * size, page * size), total: shown.length, page, pageSize: size };
    },
    "POST /api/tenant/notice/read_all": () => {
      for (const n of notices) n.read = true;
      return { marked: 1 };
    },
    "GET /api/tenant/notice/unread_count": () => ({ unreadCount: notices.filter((n) => !n.read).length }),
    ...Object.fromEntries(
      notices.map((n) => [
        `POST /api/tenant/notice/s/${n.id}/read`,
        () => {
          n.read = true;
          return null;
        },
      ]),
    ),
  });
  return { calls, notices };
}

async function openDrawer(
  initial: NoticeItem[],
  unreadCount = initial.filter((n) => !n.read).length,
  failList = false,
) {
  const server = noticeServer(initial, failList);
  const onClose = vi.fn();
  const page = await renderPage(
    <NoticeDrawer tenantId="t-1" open unreadCount={unreadCount} onClose={onClose} />,
    {
      url: "/dashboard",
    },
  );
  return { ...page, ...server, onClose };
}

const rows = () => screen.queryAllByTestId("notice-item");
const titles = () => rows().map((r) => within(r).getByText(/^Notice /).textContent);

describe("notice centre", () => {
  it("marks unread notices with a dot and a button, read ones without", async () => {
    await openDrawer([notice("1", false), notice("2", true)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    const [unread, read] = rows() as [HTMLElement, HTMLElement];
    expect(within(unread).getByRole("img", { name: "Unread" })).toBeTruthy();
    expect(within(unread).getByRole("button", { name: "Mark as read" })).toBeTruthy();
    expect(within(read).queryByLabelText("Unread")).toBeNull();
    expect(within(read).queryByRole("button", { name: "Mark as read" })).toBeNull();
  });

  it("marks one notice read by a click on it or on its button", async () => {
    const { user, calls } = await openDrawer([notice("1", false), notice("2", false)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[0]!).getByText("Notice 1"));
    await vi.waitFor(() => expect(rows()[0]?.dataset.read).toBe("1"));
    await user.click(within(rows()[1]!).getByRole("button", { name: "Mark as read" }));
    await vi.waitFor(() => expect(rows()[1]?.dataset.read).toBe("1"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/tenant/notice/s/1/read",
      "/api/tenant/notice/s/2/read",
    ]);
  });

  it("turns a notice's dashboard link into a link in the page's language; a link elsewhere stays text", async () => {
    const { user, onClose } = await openDrawer([
      notice("1", true, "Your [job](/dashboard/history/j-1) finished. See [this](https://evil.example) too."),
    ]);
    const link = await screen.findByRole("link", { name: "job" });
    expect(link.getAttribute("href")).toBe("/dashboard/history/j-1");
    expect(screen.queryByRole("link", { name: "this" })).toBeNull();
    expect(rows()[0]?.textContent).toContain("See this too.");
    await user.click(link);
    expect(onClose).toHaveBeenCalled();
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/history/j-1");
  });

  it("marks all as read, and the list shows them read", async () => {
    const { user, calls } = await openDrawer([notice("1", false), notice("2", false)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    await vi.waitFor(() => expect(rows().every((r) => r.dataset.read === "1")).toBe(true));
    expect(callsTo(calls, "POST /api/tenant/notice/read_all")).toHaveLength(1);
  });

  it("cannot mark all read when nothing is unread", async () => {
    await openDrawer([notice("1", true)], 0);
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows only unread notices when asked, and says when there are none", async () => {
    const { user, calls } = await openDrawer([notice("1", true), notice("2", false)]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("switch", { name: "Unread only" }));
    await vi.waitFor(() => expect(titles()).toEqual(["Notice 2"]));
    expect(callsTo(calls, "GET /api/tenant/notice").at(-1)?.query.get("unread")).toBe("1");
    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByText("No unread notices.")).toBeTruthy();
  });

  it("pages through more than ten notices", async () => {
    const many = Array.from({ length: 12 }, (_, i) => notice(String(i + 1), true));
    const { user } = await openDrawer(many);
    await vi.waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByTitle("Next Page"));
    await vi.waitFor(() => expect(titles()).toEqual(["Notice 11", "Notice 12"]));
  });

  it("says when the list cannot be loaded and offers to try again", async () => {
    const { user, calls } = await openDrawer([notice("1", false)], 1, true);
    expect(await screen.findByText("The notices could not be loaded.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(callsTo(calls, "GET /api/tenant/notice")).toHaveLength(2));
  });

  it("with no notices at all says so", async () => {
    await openDrawer([]);
    expect(await screen.findByText("No notices yet.")).toBeTruthy();
  });
});
