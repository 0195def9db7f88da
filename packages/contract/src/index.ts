export * from './constants.js';
export * from './id-number/sa-id-number.js';
export * from './money.js';
export * from './rules/form-rules.js';
export * from './rules/messages.js';
export * from './rules/zod-rules.js';
export * from './shapes/errors.js';
export * from './shapes/health.js';
