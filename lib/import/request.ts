/**
 * The body of `POST /api/import` when sent as JSON. Shared with any form that builds it, so the
 * browser and the route agree on the field names.
 */
import { z } from "zod";

const text = (what: string) => z.string({ error: `${what} must be text (a JSON string)` });

export const ImportRequestSchema = z.strictObject(
  {
    logDirs: z.string({ error: "paste the output of kafka-log-dirs.sh --describe here, as a JSON string" }),
    topics: text("topics (the output of kafka-topics.sh --describe)").optional(),
    configs: text("configs (the output of kafka-configs.sh --describe --entity-type brokers and/or topics)").optional(),
    racks: text('racks (lines such as "broker 1 rack a", or {"1":"a"})').optional(),
    label: text("label").max(200, "a label has at most 200 characters").optional(),
    /** When the outputs were taken; the time of the import when left out. */
    capturedAt: z.iso.datetime({ offset: true, error: "capturedAt must be an ISO-8601 time such as 2025-01-31T12:00:00Z" }).optional(),
  },
  { error: 'send a JSON object such as {"logDirs": "<kafka-log-dirs output>", "topics": "<kafka-topics output>"}' },
);
