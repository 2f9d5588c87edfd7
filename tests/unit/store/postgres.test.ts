import { describe, expect, it } from "vitest";
import { isPostgresUrl, redactDatabaseUrl } from "@/lib/store/postgres";

describe("database URLs", () => {
  it("isPostgresUrl() accepts postgres:// and postgresql://, any case, and nothing else", () => {
    expect(isPostgresUrl("postgres://u@h/db")).toBe(true);
    expect(isPostgresUrl("PostgreSQL://u@h/db")).toBe(true);
    expect(isPostgresUrl("mysql://u@h/db")).toBe(false);
    expect(isPostgresUrl("data/snapshots.db")).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });

  it("redactDatabaseUrl() hides the password, in the userinfo and as a query parameter, and keeps the rest", () => {
    expect(redactDatabaseUrl("postgres://kb:s3cret@db.internal:5432/kafka_balance?sslmode=require")).toBe("postgres://kb:***@db.internal:5432/kafka_balance?sslmode=require");
    expect(redactDatabaseUrl("postgres://kb@db/x?password=s3cret")).not.toContain("s3cret");
    expect(redactDatabaseUrl("postgres://kb@db/x")).toBe("postgres://kb@db/x");
    expect(redactDatabaseUrl("postgres://kb:p@ss:word@[bad")).not.toContain("p@ss");
  });
});
