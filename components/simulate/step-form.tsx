"use client";
/**
 * The form for one scenario step, one layout per step kind. Values are the step as typed (schema
 * inputs); problems come from the same schema the API uses, keyed by their path inside the step.
 */
import { useId, useState } from "react";
import type { ClusterContext } from "@/lib/view/simulate/scenario-draft";
import type { SizeSpec, StepInput } from "@/lib/simulate/schema";
import { ByteField, CheckField, NumberField, SelectField, TextField } from "./fields";
import { PlanStepFields } from "./plan-step-fields";
import { GiB } from "@/lib/model/units";
import { ANY_LOG_DIR, parseReassignmentJson } from "@/lib/model/reassignment-json";

type SizeInput = Exclude<Extract<StepInput, { kind: "createTopic" }>["size"], undefined>;

interface Props {
  step: StepInput;
  onChange: (step: StepInput) => void;
  context: ClusterContext;
  /** Problems keyed by path inside the step ("partitions", "size.max", "logDirs.0.path"). */
  errors: Record<string, string>;
}

function brokerOptions(ids: readonly number[], current: number | "all", withAll: boolean) {
  const all = [...new Set([...ids, ...(typeof current === "number" ? [current] : [])])].sort((a, b) => a - b);
  return [...(withAll ? [{ value: "all", label: "every broker" }] : []), ...all.map((id) => ({ value: String(id), label: `broker ${id}` }))];
}

function PathField({ label, value, onChange, paths, error }: { label: string; value: string; onChange: (p: string) => void; paths: readonly string[]; error?: string }) {
  if (paths.length === 0 || !paths.includes(value)) return <TextField label={label} value={value} onChange={onChange} error={error} placeholder="/data/d1" />;
  return <SelectField label={label} value={value} onChange={onChange} options={paths.map((p) => ({ value: p, label: p }))} error={error} />;
}

function TopicField({ value, onChange, topics, error }: { value: string; onChange: (t: string) => void; topics: readonly string[]; error?: string }) {
  const listId = useId();
  return (
    <>
      <TextField label="Topic" value={value} onChange={onChange} error={error} placeholder="orders" list={listId} />
      <datalist id={listId}>
        {topics.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </>
  );
}

function SizeFields({ size, onChange, errors, prefix }: { size: SizeInput | undefined; onChange: (s: SizeInput) => void; errors: Record<string, string>; prefix: string }) {
  const s: SizeInput = size ?? { kind: "fixed", bytes: 0 };
  const switchKind = (kind: SizeSpec["kind"]) => {
    if (kind === s.kind) return;
    if (kind === "fixed") onChange({ kind, bytes: 10 * GiB });
    else if (kind === "uniform") onChange({ kind, min: 5 * GiB, max: 15 * GiB });
    else onChange({ kind, totalBytes: 500 * GiB, exponent: 1 });
  };
  return (
    <>
      <SelectField
        label="Partition sizes"
        value={s.kind}
        onChange={switchKind}
        options={[
          { value: "fixed", label: "all the same" },
          { value: "uniform", label: "spread between two sizes" },
          { value: "zipf", label: "a few hot partitions (Zipf)" },
        ]}
      />
      {s.kind === "fixed" ? (
        <ByteField label="Bytes per partition" value={s.bytes} onChange={(b) => onChange({ kind: "fixed", bytes: b ?? 0 })} error={errors[`${prefix}.bytes`]} />
      ) : null}
      {s.kind === "uniform" ? (
        <>
          <ByteField label="Smallest partition" value={s.min} onChange={(b) => onChange({ ...s, min: b ?? 0 })} error={errors[`${prefix}.min`]} />
          <ByteField label="Largest partition" value={s.max} onChange={(b) => onChange({ ...s, max: b ?? 0 })} error={errors[`${prefix}.max`]} />
        </>
      ) : null}
      {s.kind === "zipf" ? (
        <>
          <ByteField label="Bytes in total" value={s.totalBytes} onChange={(b) => onChange({ ...s, totalBytes: b ?? 0 })} error={errors[`${prefix}.totalBytes`]} />
          <NumberField
            label="Exponent (0 = even)"
            value={s.exponent ?? 1}
            step={0.1}
            min={0}
            onChange={(e) => onChange({ ...s, exponent: e })}
            error={errors[`${prefix}.exponent`]}
          />
        </>
      ) : null}
    </>
  );
}

function ReassignField({ step, onChange, error }: { step: Extract<StepInput, { kind: "reassign" }>; onChange: (s: StepInput) => void; error?: string }) {
  const id = useId();
  const shown = JSON.stringify(step.partitions);
  const [text, setText] = useState(() => JSON.stringify({ version: 1, partitions: step.partitions }, null, 1));
  const [emitted, setEmitted] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  // The step changed from outside (moved, reloaded): show its JSON instead of what was being typed.
  if (shown !== emitted) {
    setEmitted(shown);
    setText(JSON.stringify({ version: 1, partitions: step.partitions }, null, 1));
    setProblem(null);
  }
  return (
    <div className="col-span-2 flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Reassignment JSON (as kafka-reassign-partitions takes it, log_dirs optional)
      </label>
      <textarea
        id={id}
        rows={6}
        value={text}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          // Read as Kafka's tool reads it (a pasted --generate output gives its proposed JSON), with its refusals.
          const parsed = parseReassignmentJson(e.target.value);
          if (!parsed.ok) {
            setProblem(`Not valid yet: ${parsed.error.message}`);
            return;
          }
          // log_dirs only where one is pinned: "any" everywhere is the same step without it.
          const partitions = parsed.value.map((p) => ({
            topic: p.topic,
            partition: p.partition,
            replicas: p.replicas,
            log_dirs: p.logDirs.every((d) => d === ANY_LOG_DIR) ? undefined : p.logDirs,
          }));
          setProblem(null);
          setEmitted(JSON.stringify(partitions));
          onChange({ kind: "reassign", partitions });
        }}
        aria-invalid={problem || error ? true : undefined}
        aria-describedby={`${id}-error`}
        className="w-full rounded border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
      />
      <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
        {problem ?? error ?? ""}
      </p>
    </div>
  );
}

export function StepForm({ step, onChange, context, errors }: Props) {
  const e = errors;
  switch (step.kind) {
    case "addBroker": {
      const capacity = step.logDirs[0]?.totalBytes ?? null;
      return (
        <>
          <NumberField label="Broker id" value={step.id} min={0} onChange={(id) => onChange({ ...step, id })} error={e.id} />
          <TextField label="Rack (optional)" value={step.rack ?? ""} onChange={(r) => onChange({ ...step, rack: r.trim() === "" ? null : r })} error={e.rack} />
          <TextField
            label="Log dirs (comma-separated)"
            className="col-span-2"
            value={step.logDirs.map((d) => d.path).join(", ")}
            onChange={(t) =>
              onChange({
                ...step,
                logDirs: t
                  .split(",")
                  .map((p) => p.trim())
                  .filter(Boolean)
                  .map((path) => ({ path, totalBytes: capacity })),
              })
            }
            error={e.logDirs ?? Object.entries(e).find(([k]) => k.startsWith("logDirs."))?.[1]}
          />
          <ByteField
            label="Capacity of each dir"
            nullable
            value={capacity}
            onChange={(c) => onChange({ ...step, logDirs: step.logDirs.map((d) => ({ ...d, totalBytes: c })) })}
            hint="empty = unknown"
          />
        </>
      );
    }
    case "addLogDir":
      return (
        <>
          <SelectField
            label="Broker"
            value={String(step.broker)}
            onChange={(b) => onChange({ ...step, broker: b === "all" ? "all" : Number(b) })}
            options={brokerOptions(context.brokerIds, step.broker, true)}
            error={e.broker}
          />
          <TextField label="Path" value={step.path} onChange={(path) => onChange({ ...step, path })} error={e.path} />
          <ByteField label="Capacity" nullable value={step.totalBytes ?? null} onChange={(c) => onChange({ ...step, totalBytes: c })} hint="empty = unknown" error={e.totalBytes} />
        </>
      );
    case "failLogDir":
    case "cordonLogDir":
      return (
        <>
          <SelectField
            label="Broker"
            value={String(step.broker)}
            onChange={(b) => onChange({ ...step, broker: Number(b) })}
            options={brokerOptions(context.brokerIds, step.broker, false)}
            error={e.broker}
          />
          <PathField label="Log dir" value={step.path} onChange={(path) => onChange({ ...step, path })} paths={context.paths} error={e.path} />
          {step.kind === "cordonLogDir" ? (
            <CheckField label="Cordoned (unchecked: uncordon)" checked={step.cordoned ?? true} onChange={(cordoned) => onChange({ ...step, cordoned })} />
          ) : null}
        </>
      );
    case "createTopic":
      return (
        <>
          <TextField label="Topic name" className="col-span-2" value={step.name} onChange={(name) => onChange({ ...step, name })} error={e.name} />
          <NumberField label="Partitions" value={step.partitions} min={1} onChange={(partitions) => onChange({ ...step, partitions })} error={e.partitions} />
          <NumberField
            label="Replication factor"
            value={step.replicationFactor}
            min={1}
            onChange={(replicationFactor) => onChange({ ...step, replicationFactor })}
            error={e.replicationFactor}
          />
          <SizeFields size={step.size} onChange={(size) => onChange({ ...step, size })} errors={e} prefix="size" />
        </>
      );
    case "addPartitions":
      return (
        <>
          <TopicField value={step.topic} onChange={(topic) => onChange({ ...step, topic })} topics={context.topics} error={e.topic} />
          <NumberField
            label="New total partitions"
            value={step.totalPartitions}
            min={1}
            onChange={(totalPartitions) => onChange({ ...step, totalPartitions })}
            error={e.totalPartitions}
          />
          <SizeFields size={step.size} onChange={(size) => onChange({ ...step, size })} errors={e} prefix="size" />
        </>
      );
    case "growTopic":
      return (
        <>
          <TopicField value={step.topic} onChange={(topic) => onChange({ ...step, topic })} topics={context.topics} error={e.topic} />
          <ByteField
            label="Bytes added per partition"
            value={step.bytesPerPartition ?? 0}
            onChange={(b) => onChange({ ...step, bytesPerPartition: b ?? 0 })}
            error={e.bytesPerPartition}
          />
          <NumberField label="Then multiply by" value={step.factor ?? 1} min={0} step={0.1} onChange={(factor) => onChange({ ...step, factor })} error={e.factor} />
        </>
      );
    case "firstConsumerGroup":
      return (
        <>
          <NumberField
            label="Partitions"
            hint="offsets.topic.num.partitions"
            value={step.partitions ?? 50}
            min={1}
            onChange={(partitions) => onChange({ ...step, partitions })}
            error={e.partitions}
          />
          <NumberField
            label="Replication factor"
            hint="offsets.topic.replication.factor"
            value={step.replicationFactor ?? 3}
            min={1}
            onChange={(replicationFactor) => onChange({ ...step, replicationFactor })}
            error={e.replicationFactor}
          />
          <ByteField
            label="Bytes per partition"
            value={step.bytesPerPartition ?? 16 * 1024}
            onChange={(b) => onChange({ ...step, bytesPerPartition: b ?? 0 })}
            error={e.bytesPerPartition}
          />
        </>
      );
    case "reassign":
      return <ReassignField step={step} onChange={onChange} error={Object.values(e)[0]} />;
    case "plan":
      return <PlanStepFields step={step} onChange={onChange} context={context} errors={e} />;
  }
}
