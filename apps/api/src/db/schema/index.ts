export * from './benefits.js';
export * from './file-uploads.js';
export * from './funds.js';
export * from './persons.js';
