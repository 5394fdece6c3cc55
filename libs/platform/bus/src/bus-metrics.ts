import { Counter } from 'prom-client';

/** Deliveries to durable consumers by outcome (`handled`, `failed`): failures are redelivered later. */
export const consumerDeliveries = new Counter({
  name: 'bus_consumer_deliveries_total',
  help: 'Events delivered to a durable consumer, by durable and outcome (handled, failed: redelivered later)',
  labelNames: ['durable', 'outcome'] as const,
});

/** Deliveries that were not an event's first (its handler failed before, or its process died holding it). */
export const consumerRedeliveries = new Counter({
  name: 'bus_consumer_redeliveries_total',
  help: 'Deliveries to a durable consumer that were not the event’s first, by durable',
  labelNames: ['durable'] as const,
});

/** Events the outbox relays moved to the bus. */
export const outboxRelayed = new Counter({
  name: 'outbox_events_relayed_total',
  help: 'Events published from the outbox to the bus',
});
