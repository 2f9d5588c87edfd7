"use client";
/** A radio group drawn as segmented buttons: native radios, so arrow keys and screen readers just work. */
interface SegmentedProps<T extends string> {
  name: string;
  label: string;
  options: readonly { id: T; label: string; description?: string }[];
  value: T;
  onChange: (value: T) => void;
}

export function Segmented<T extends string>({ name, label, options, value, onChange }: SegmentedProps<T>) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden className="text-sm text-zinc-600 dark:text-zinc-400">
        {label}
      </span>
      <div className="inline-flex overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700">
        {options.map((o) => (
          <label
            key={o.id}
            title={o.description}
            className="cursor-pointer border-l border-zinc-300 px-2.5 py-1 text-sm first:border-l-0 has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-blue-500 dark:border-zinc-700 dark:has-[:checked]:bg-zinc-100 dark:has-[:checked]:text-zinc-900"
          >
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} className="sr-only" data-metric={o.id} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
