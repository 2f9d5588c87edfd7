/** The look of the apply panel's tables: compact, numbers aligned, as the plan's other tables. */
export const TH = "px-2 py-1 text-left font-semibold whitespace-nowrap";
export const TH_NUM = "px-2 py-1 text-right font-semibold whitespace-nowrap";
export const TD = "px-2 py-1 align-top";
export const TD_NUM = "px-2 py-1 text-right align-top tabular-nums whitespace-nowrap";
export const TABLE = "w-full border-collapse text-sm";
export const THEAD = "bg-zinc-100 dark:bg-zinc-900";
export const ROW = "border-t border-zinc-200 dark:border-zinc-800";
