import { Histogram } from 'prom-client';
import { status } from '@grpc/grpc-js';

// From a cached read (milliseconds) to a long video stream (minutes).
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 600];

/** Calls this process served, by method (`/package.Service/Method`) and status code name. */
export const grpcServerSeconds = new Histogram({
  name: 'grpc_server_handling_seconds',
  help: 'gRPC calls served, from their arrival to their status, by method and status code',
  labelNames: ['method', 'code'] as const,
  buckets: BUCKETS,
});

/** Calls this process made to other services, retries included, by method and status code name. */
export const grpcClientSeconds = new Histogram({
  name: 'grpc_client_handling_seconds',
  help: 'gRPC calls made to other services, from the call to its status (retries included), by method and status code',
  labelNames: ['method', 'code'] as const,
  buckets: BUCKETS,
});

/** `OK`, `NOT_FOUND`, …: the name of a grpc-js status code (UNKNOWN for anything that is not one). */
export function statusName(code: number | undefined): string {
  return status[code ?? status.UNKNOWN] ?? 'UNKNOWN';
}
