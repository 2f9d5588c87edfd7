// The order files start in. vitest's own order runs one project's files after another's even inside a
// group; this keeps its order within each project (failed first, then longest first from its cache, or
// largest first on a clean clone) and deals the files of a group's projects out in turn. In the group of
// integration and e2e that puts a file that mostly waits on Kafka beside one that keeps Chromium busy,
// instead of two or three Chromium files fighting over two cores.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const out: TestSpecification[] = [];
    let i = 0;
    while (i < sorted.length) {
      // One group: the run of files with the same groupOrder (BaseSequencer puts them together).
      const order = sorted[i]!.project.config.sequence.groupOrder;
      const queues = new Map<string, TestSpecification[]>();
      for (; i < sorted.length && sorted[i]!.project.config.sequence.groupOrder === order; i++) {
        const spec = sorted[i]!;
        const queue = queues.get(spec.project.name) ?? [];
        queue.push(spec);
        queues.set(spec.project.name, queue);
      }
      const lists = [...queues.values()];
      for (let taken = true; taken; ) {
        taken = false;
        for (const list of lists) {
          const next = list.shift();
          if (next) {
            out.push(next);
            taken = true;
          }
        }
      }
    }
    return out;
  }
}
