import { describe, expect, it } from "vitest";
import { NAV_ITEMS, navCurrent, navHref } from "@/lib/view/common/app-nav";

describe("navCurrent()", () => {
  it("navCurrent() marks exactly one item as the page on each of the six pages", () => {
    for (const item of NAV_ITEMS) {
      const marked = NAV_ITEMS.filter((other) => navCurrent(item.href, other.href) === "page").map((other) => other.href);
      expect(marked).toEqual([item.href]);
    }
  });

  it("navCurrent() ignores a query string, a fragment and a trailing slash", () => {
    expect(navCurrent("/plan?shared=abc", "/plan")).toBe("page");
    expect(navCurrent("/simulate/", "/simulate")).toBe("page");
    expect(navCurrent("/#content", "/")).toBe("page");
  });

  it("navCurrent() marks the section, not the page, below a page: the import's overview is in Import", () => {
    expect(navCurrent("/import/overview", "/import")).toBe("true");
    expect(navCurrent("/import/overview", "/")).toBeUndefined();
  });

  it("navCurrent() marks nothing on a shared link or an unknown path", () => {
    for (const path of ["/s/AAAAAAAAAAAAAAAAAAAAAA", "/no-such-page", "/importer", "/auditor"]) {
      expect(NAV_ITEMS.map((item) => navCurrent(path, item.href)).filter(Boolean), path).toEqual([]);
    }
  });
});

describe("navHref()", () => {
  it("navHref() keeps the page's cluster in the link, encoded, and adds nothing without one", () => {
    expect(navHref("/plan", "prod-eu")).toBe("/plan?cluster=prod-eu");
    expect(navHref("/", null)).toBe("/");
    expect(navHref("/audit", "a&b")).toBe("/audit?cluster=a%26b");
  });
});
