/**
 * The contracts a web page may import (`@vi/contracts/web`): what the gateway and the pages agree on (the live
 * protocol, the page paths, the webhook event table), with no Node code and nothing generated from proto, so Vite
 * bundles only these few lines (decision 066). The main entry (`@vi/contracts`) re-exports them for the servers.
 */
export * from './live/live-protocol';
export * from './pages/page-paths';
export * from './events/webhook-events';
