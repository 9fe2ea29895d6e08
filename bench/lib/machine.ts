// The machine a run happened on, as the results table states it.
import { cpus, release, totalmem } from 'node:os';

export type Machine = { cpu: string; cores: number; memoryGiB: number; node: string; os: string };

/** CPU model, logical cores, memory, Node version and kernel of this machine. */
export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${process.platform} ${release()}`,
  };
}

/** One line: "AMD EPYC, 2 cores, 24 GiB, Node v20.20.2, linux 6.1". */
export function toMachineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}`;
}
