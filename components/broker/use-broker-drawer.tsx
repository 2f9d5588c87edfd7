"use client";
/**
 * The broker drawer for a component that shows heatmaps of its own (the planner's before/after, the
 * simulator's panels): `opener(data)` is the heatmap's onOpenBroker, `element` the drawer to render.
 */
import { useCallback, useState, type ReactNode } from "react";
import { BrokerDrawer, type BrokerDrawerData } from "./broker-drawer";

export function useBrokerDrawer(): { opener: (data: BrokerDrawerData) => (broker: number) => void; element: ReactNode } {
  const [open, setOpen] = useState<{ data: BrokerDrawerData; broker: number } | null>(null);
  const opener = useCallback((data: BrokerDrawerData) => (broker: number) => setOpen({ data, broker }), []);
  const close = useCallback(() => setOpen(null), []);
  return { opener, element: <BrokerDrawer data={open?.data ?? null} broker={open?.broker ?? null} onClose={close} /> };
}
