import './text-encoding';
export * from './principal';
export * from './caller-kind';
export * from './grpc-errors';
export * from './grpc-server';
export * from './upstream-client';
export * from './page-cache';
export * from './directory-cache';
