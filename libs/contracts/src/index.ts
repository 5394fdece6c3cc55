export * as identity from './generated/identity';
export * as jobs from './generated/jobs';
export * as interviews from './generated/interviews';
export * from './events/identity.events';
export * from './events/jobs.events';
export * from './events/interviews.events';
export * from './views/job.view';
export * from './views/interview.view';
export * from './api-key-format';
