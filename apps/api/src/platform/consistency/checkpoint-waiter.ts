import type { ReadStore } from '@fleet/read-store';
import type { Checkpoint } from '../projector/read-model-docs.js';
import { readCheckpoint } from '../projector/read-model-docs.js';

export interface CheckpointWaiterOptions {
  readonly store: ReadStore;
  /** Re-read interval of the checkpoint document (another process's projector may own the partition). */
  readonly pollMs: number;
}

interface Waiter {
  readonly partition: number;
  readonly commandOffset: number;
  readonly wake: () => void;
}

/**
 * Waits until the projector's checkpoint of a partition covers a command offset. The projector of this process
 * wakes waiters at once (`advanced`); the checkpoint document is also re-read every `pollMs`, which covers
 * partitions projected by other processes.
 */
export class CheckpointWaiter {
  private readonly known = new Map<number, number>();
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly options: CheckpointWaiterOptions) {}

  /** Called by the in-process projector after it wrote a checkpoint. */
  advanced(partition: number, checkpoint: Checkpoint): void {
    this.learn(partition, checkpoint.commandOffset);
  }

  /** Resolves true once `partition` has applied every command up to `commandOffset`, false after `timeoutMs`. */
  async waitFor(partition: number, commandOffset: number, timeoutMs: number): Promise<boolean> {
    if (commandOffset < 0 || this.covered(partition, commandOffset)) return true;
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const checkpoint = await readCheckpoint(this.options.store, partition);
      this.learn(partition, checkpoint.commandOffset);
      if (this.covered(partition, commandOffset)) return true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await this.sleep(partition, commandOffset, Math.min(left, this.options.pollMs));
      if (this.covered(partition, commandOffset)) return true;
    }
  }

  private covered(partition: number, commandOffset: number): boolean {
    return (this.known.get(partition) ?? -1) >= commandOffset;
  }

  private learn(partition: number, commandOffset: number): void {
    if (commandOffset <= (this.known.get(partition) ?? -1)) return;
    this.known.set(partition, commandOffset);
    for (const waiter of this.waiters) {
      if (waiter.partition === partition && waiter.commandOffset <= commandOffset) waiter.wake();
    }
  }

  private sleep(partition: number, commandOffset: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        partition,
        commandOffset,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
    });
  }
}
