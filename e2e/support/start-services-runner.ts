import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from '@vi/platform-testing';

/** `npm run start:services` run by a spec: its process, what it printed, and a stop that leaves nothing running. */
export interface ServicesRunner {
  child: ChildProcess;
  /** Everything it and its services printed so far (the banner: each process's pid and port, the admin key). */
  output(): string;
  /** Ctrl-C (SIGINT) if it still runs, then SIGKILL to every process it printed that is left. */
  stop(): Promise<void>;
}

/** Starts it with `args` (e.g. `--replicas gateway=2`) and waits for its banner; throws with its output if it exits first. */
export async function startServicesRunner(args: string[], env: NodeJS.ProcessEnv): Promise<ServicesRunner> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/start-services.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const runner: ServicesRunner = {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      }
      for (const match of output.matchAll(/pid (\d+)/g)) {
        try {
          process.kill(Number(match[1]), 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
  await waitFor(() => output.includes('Ctrl-C stops every process') || child.exitCode !== null, 90_000, 100);
  if (child.exitCode !== null) throw new Error(`start:services exited early:\n${output}`);
  return runner;
}
