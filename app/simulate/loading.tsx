import { SimulatorHeader } from "@/components/simulate/simulator-header";
import { WidgetSkeleton } from "@/components/ui/widget-card";

/** While the server runs the first scenario: the page's frame with skeletons of the result cards' size. */
export default function Loading() {
  return (
    <div className="flex flex-col gap-4" aria-busy>
      <SimulatorHeader />
      <div className="h-32">
        <WidgetSkeleton />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="h-[36rem]">
          <WidgetSkeleton />
        </div>
        <div className="flex flex-col gap-4">
          <div className="h-[24rem]">
            <WidgetSkeleton />
          </div>
          <div className="h-[20rem]">
            <WidgetSkeleton />
          </div>
        </div>
      </div>
    </div>
  );
}
