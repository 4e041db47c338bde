// CPU time and V8 heap allocation of this process between two points, for the benches that report garbage per request.
import { GCProfiler } from "node:v8";

/** What the process did between a mark and its stop. */
export interface HeapUse {
  /** CPU time of the whole process (user + system), in microseconds: the main thread and the collector's and compiler's threads. */
  cpuUs: number;
  /** Bytes allocated on the V8 heap (see allocatedBetween); Buffers' memory outside the heap is not counted. */
  allocated: number;
  /** Collections: scavenges and full (mark-compact) ones. */
  scavenges: number;
  fullGcs: number;
  /** Time spent in collections, ms (wall time of the pauses; part of the work runs in parallel threads). */
  pauseMs: number;
}

interface GcStat {
  gcType: string;
  cost: number;
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

/**
 * V8 keeps no count of bytes allocated, but every byte allocated is in the used heap at the next collection:
 * the allocation between two points is the used heap's rise from the first to the first collection, from each
 * collection's end to the next one's start, and from the last one's end to the second point.
 */
function allocatedBetween(startUsed: number, stats: GcStat[], endUsed: number): number {
  let total = 0;
  let from = startUsed;
  for (const s of stats) {
    total += s.beforeGC.heapStatistics.usedHeapSize - from;
    from = s.afterGC.heapStatistics.usedHeapSize;
  }
  return total + endUsed - from;
}

const usedHeap = (): number => process.memoryUsage().heapUsed;

/** Starts counting; `stop` returns what was used since. */
export function heapMark(): { stop(): HeapUse } {
  const profiler = new GCProfiler();
  profiler.start();
  const used = usedHeap();
  const cpu = process.cpuUsage();
  return {
    stop(): HeapUse {
      const c = process.cpuUsage(cpu);
      const end = usedHeap();
      const stats = (profiler.stop()?.statistics ?? []) as GcStat[];
      return {
        cpuUs: c.user + c.system,
        allocated: allocatedBetween(used, stats, end),
        scavenges: stats.filter((s) => s.gcType === "Scavenge").length,
        fullGcs: stats.filter((s) => s.gcType === "MarkSweepCompact").length,
        pauseMs: stats.reduce((sum, s) => sum + s.cost, 0) / 1000,
      };
    },
  };
}
