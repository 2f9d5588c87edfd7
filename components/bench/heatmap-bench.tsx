"use client";
/**
 * The UI benchmark's page body: builds a synthetic cluster in the browser (not timed; every cell
 * state included, see lib/simulate/synthetic.ts), then on each
 * `window.__kbBench.run()` mounts one heatmap and times it from a performance mark before the render
 * to the first paint after the heatmap has drawn its cells (performance.measure "heatmap-render").
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { balanceReport, type BalanceReport } from "@/lib/model/report";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { DEFAULT_TOPIC_QUERY, selectTopics, topicCountScale } from "@/lib/view/overview/topic-heatmap";
import { BrokerDirHeatmap } from "@/components/heatmap/broker-dir-heatmap";
import { TopicBrokerHeatmap } from "@/components/heatmap/topic-broker-heatmap";

export type BenchKind = "broker-dir" | "topic-broker";

interface Props {
  kind: BenchKind;
  brokers: number;
  dirs: number;
  topics: number;
  partitionsPerTopic: number;
}

declare global {
  interface Window {
    __kbBench?: { ready: true; run: () => Promise<number> };
  }
}

/** Resolves after the browser has painted the current frame. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function TopicGridUnderTest({ report, onRendered }: { report: BalanceReport; onRendered: () => void }) {
  // Sorting and filtering are part of what a user waits for, so they happen inside the timed render.
  const topics = useMemo(() => selectTopics(report.topics, DEFAULT_TOPIC_QUERY), [report]);
  const scale = useMemo(() => topicCountScale(report.topics), [report]);
  return <TopicBrokerHeatmap topics={topics} brokerIds={report.brokerIds} scale={scale} onOpenBroker={() => undefined} onRendered={onRendered} />;
}

export function HeatmapBench({ kind, brokers, dirs, topics, partitionsPerTopic }: Props) {
  const [report, setReport] = useState<BalanceReport | null>(null);
  const [mounted, setMounted] = useState(0);
  const rendered = useRef<(() => void) | null>(null);

  useEffect(() => {
    const snapshot = syntheticCluster({ brokers, dirsPerBroker: dirs, replicas: topics * partitionsPerTopic * 3, partitionsPerTopic, seed: 7, mixedStates: true });
    setReport(balanceReport(snapshot));
  }, [brokers, dirs, topics, partitionsPerTopic]);

  const onRendered = useCallback(() => {
    rendered.current?.();
    rendered.current = null;
  }, []);

  useEffect(() => {
    if (!report) return;
    window.__kbBench = {
      ready: true,
      run: async () => {
        flushSync(() => setMounted(0));
        await afterPaint();
        const drawn = new Promise<void>((resolve) => (rendered.current = resolve));
        performance.clearMarks();
        performance.clearMeasures();
        performance.mark("heatmap-start");
        flushSync(() => setMounted((n) => n + 1));
        await drawn;
        await afterPaint();
        performance.mark("heatmap-end");
        return performance.measure("heatmap-render", "heatmap-start", "heatmap-end").duration;
      },
    };
    return () => {
      delete window.__kbBench;
    };
  }, [report]);

  return (
    <div data-bench={kind} data-ready={report ? "1" : "0"}>
      <p className="mb-2 text-sm">
        UI bench: {kind} heatmap, {brokers} brokers × {kind === "broker-dir" ? `${dirs} dirs` : `${topics} topics`}
      </p>
      <div className="h-[40rem] w-[90rem] max-w-full">
        {report && mounted > 0 ? (
          kind === "broker-dir" ? (
            <BrokerDirHeatmap key={mounted} report={report} metric="utilization" onOpenBroker={() => undefined} onRendered={onRendered} />
          ) : (
            <TopicGridUnderTest key={mounted} report={report} onRendered={onRendered} />
          )
        ) : null}
      </div>
    </div>
  );
}
